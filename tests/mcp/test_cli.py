"""``python -m notebook_router run --mcp CONFIG``: a terminal run uses a server's tools."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.mcp.conftest import UNITS, calls_in

ROOT = Path(__file__).resolve().parents[2]


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "notebook_router", "run", *args],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), "NOTEBOOK_ROUTER_STORE": "off"},
        check=False,
    )


def test_a_terminal_run_calls_a_config_servers_tool_when_allowed(tmp_path: Path) -> None:
    calls = tmp_path / "calls.txt"
    config = tmp_path / "mcp.json"
    entry = {"command": sys.executable, "args": [str(UNITS), "--calls", str(calls)]}
    config.write_text(json.dumps({"mcpServers": {"units": entry}}))
    done = _run(tmp_path, "convert 5 miles to km", "--mcp", str(config), "--tools", "auto", "-q")
    assert done.returncode == 0, done.stderr
    assert "5 miles is 8.047 km" in done.stdout
    assert calls_in(calls) == ["convert_length"]
    # Not interactive and --tools ask: nobody can approve, so nothing is called.
    asked = _run(tmp_path, "convert 5 miles to km", "--mcp", str(config), "-q")
    assert asked.returncode == 0, asked.stderr
    assert "the tool was not called" in asked.stdout
    assert calls_in(calls) == ["convert_length"]


def test_a_config_that_cannot_be_read_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{")
    done = _run(tmp_path, "convert 5 miles to km", "--mcp", "bad.json")
    assert done.returncode == 2
    assert "bad.json is not valid JSON" in done.stderr
