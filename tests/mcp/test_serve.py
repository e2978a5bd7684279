"""The router as an MCP server, reached by the SDK's own client over stdio and over
Streamable HTTP on loopback: route a task on a CSV and get the right number back."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pandas as pd
import pytest
from mcp import Client, StdioServerParameters
from mcp.types import ImageContent, TextContent

from notebook_router.store import SessionStore
from tests.mcp.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
SALES = (
    "region,month,sales\nNorth,Jan,120\nSouth,Jan,80\nNorth,Feb,150\nSouth,Feb,95\nEast,Jan,60\n"
)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "sales.csv").write_text(SALES)
    return tmp_path


def _command(folder: Path, *extra: str) -> list[str]:
    store = str(folder / "store")
    return ["-m", "notebook_router", "mcp", "--data", "sales.csv", "--store", store, *extra]


@asynccontextmanager
async def stdio_client(folder: Path) -> AsyncIterator[Client]:
    params = StdioServerParameters(
        command=sys.executable,
        args=_command(folder),
        env={"PYTHONPATH": str(ROOT)},
        cwd=str(folder),
    )
    async with Client(params) as client:
        yield client


@pytest.fixture
def http_router(folder: Path) -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, *_command(folder, "--http", str(port))],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert process.poll() is None, "the router's MCP server exited at start"
                assert time.monotonic() < deadline, "the router's MCP server did not listen"
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _text(result: object) -> str:
    return "\n".join(b.text for b in result.content if isinstance(b, TextContent))  # type: ignore[attr-defined]


async def test_route_over_stdio_answers_with_the_right_number_on_a_csv(folder: Path) -> None:
    expected = pd.read_csv(folder / "sales.csv").groupby("region")["sales"].sum()
    async with stdio_client(folder) as client:
        listed = await client.list_tools()
        assert [t.name for t in listed.tools] == [
            "route",
            "run_status",
            "stop_run",
            "list_dataframes",
            "describe",
        ]
        frames = await client.call_tool("list_dataframes", {})
        assert frames.structured_content == {
            "dataframes": [{"name": "sales", "rows": 5, "columns": ["region", "month", "sales"]}]
        }
        result = await client.call_tool("route", {"task": "what is the total sales by region?"})
        assert not result.is_error
        text = _text(result)
        assert f"North: {expected['North']}" in text and f"South: {expected['South']}" in text
        assert "| North | 270 |" in text  # the table behind the answer
        assert "sales.groupby('region')['sales'].sum()" in text  # and the code
        run_id = result.structured_content["run_id"]
        assert result.structured_content["status"] == "completed"
        status = await client.call_tool("run_status", {"run_id": run_id})
        assert status.structured_content["status"] == "completed"
        assert "North: 270" in status.structured_content["answer"]
        described = _text(await client.call_tool("describe", {"name": "sales"}))
        assert "- sales (int64)" in described and "| mean | 101.0000 |" in described
    # Runs it serves are recorded in its session database like any other.
    with SessionStore(folder / "store", expiry=None) as store:
        assert run_id in [info.id for info in store.runs()]


async def test_route_over_http_returns_figures_and_follows_and_stops_runs(
    http_router: str,
) -> None:
    async with Client(http_router) as client:
        chart = await client.call_tool(
            "route", {"task": "plot the total sales by region as a bar chart"}
        )
        images = [b for b in chart.content if isinstance(b, ImageContent)]
        assert images and images[0].mime_type == "image/png"
        assert chart.structured_content["figures"] == len(images)
        started = await client.call_tool("route", {"task": "mean sales by month", "wait": False})
        run_id = started.structured_content["run_id"]
        assert f"Started run {run_id}" in _text(started)
        stopped = _text(await client.call_tool("stop_run", {"run_id": run_id}))
        assert run_id in stopped
        for _ in range(100):
            status = await client.call_tool("run_status", {"run_id": run_id})
            if status.structured_content["status"] != "running":
                break
            await asyncio.sleep(0.05)
        assert status.structured_content["status"] != "running"


async def test_a_task_naming_a_file_outside_the_servers_folder_is_refused(folder: Path) -> None:
    async with stdio_client(folder) as client:
        refused = await client.call_tool("route", {"task": "summarise ../../secrets/notes.txt"})
        assert refused.is_error
        assert "outside the folder this server works in" in _text(refused)
        unknown = await client.call_tool("describe", {"name": "nope"})
        assert unknown.is_error and "the server has: sales" in _text(unknown)
        missing = await client.call_tool("run_status", {"run_id": "zzz"})
        assert missing.is_error and "No single run matches 'zzz'" in _text(missing)
