"""Real MCP servers for the tests: the SDK's own server classes, over stdio and over
Streamable HTTP on loopback (never a mock)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

SERVERS = Path(__file__).resolve().parent / "servers"
UNITS = SERVERS / "units.py"


def units_command(calls: Path | None = None) -> str:
    """The command line that starts the units server over stdio."""
    extra = f" --calls {calls}" if calls is not None else ""
    return f"{sys.executable} {UNITS}{extra}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class HttpServer:
    """The units server over Streamable HTTP on 127.0.0.1, in a process of its own."""

    port: int
    calls: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(UNITS), "--http", str(self.port), "--calls", str(self.calls)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("the units server exited at start") from None
                time.sleep(0.05)
        raise RuntimeError("the units server did not start listening")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


@pytest.fixture
def http_units(tmp_path: Path) -> Iterator[HttpServer]:
    server = HttpServer(free_port(), tmp_path / "http-calls.txt")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def calls_in(path: Path) -> list[str]:
    """The tools the server recorded as called (its --calls file)."""
    return path.read_text(encoding="utf-8").split() if path.exists() else []


def kill_children_running(script: Path) -> int:
    """Kill (SIGKILL) this process's children running ``script``; how many."""
    found = subprocess.run(
        ["pgrep", "-P", str(os.getpid()), "-f", str(script)],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    for pid in found:
        os.kill(int(pid), signal.SIGKILL)
    return len(found)
