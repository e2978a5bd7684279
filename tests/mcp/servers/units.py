"""A small MCP server for the tests, built with the SDK's own MCPServer class.

python units.py                      stdio
python units.py --http PORT          Streamable HTTP on 127.0.0.1:PORT
python units.py --calls FILE         append each tool call's name to FILE (what was called)

Tools: convert_length (read-only), draw_chart (an image), parse_date (raises a ToolError
with a message), crash (raises anything else), add_tool (adds a tool, then announces the
change), whoami (the Authorization header it was sent, hashed). Resources: a CSV table and
a text note.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import os
import struct
import sys
import zlib
from typing import Literal

import anyio
from mcp.server.mcpserver import Context, Image, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations

Unit = Literal["km", "miles", "m", "feet"]
METRES = {"km": 1000.0, "miles": 1609.344, "m": 1.0, "feet": 0.3048}

server = MCPServer(
    "units",
    instructions="Converts lengths between units and draws small charts of numbers.",
)
CALLS: list[str] = []
LOG: str | None = None


def record(name: str) -> None:
    if LOG:
        with open(LOG, "a", encoding="utf-8") as log:
            log.write(name + "\n")


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def convert_length(value: float, from_unit: Unit, to_unit: Unit) -> str:
    """Convert a length (a distance) from one unit to another: km, miles, m or feet."""
    record("convert_length")
    return f"{value:g} {from_unit} is {value * METRES[from_unit] / METRES[to_unit]:.3f} {to_unit}"


@server.tool()
def draw_chart(values: list[float]) -> Image:
    """Draw a bar chart of the given numbers as a PNG image."""
    record("draw_chart")
    return Image(data=png_bars(values), format="png")


@server.tool()
def parse_date(text: str) -> str:
    """Parse a calendar date written in words into ISO form."""
    record("parse_date")
    raise ToolError(f"cannot read {text!r} as a date: write it as YYYY-MM-DD")


@server.tool()
def crash(reason: str) -> str:
    """Crash the server's tool code on purpose, for a reason."""
    record("crash")
    raise RuntimeError(reason)


@server.tool()
async def add_tool(name: str, ctx: Context) -> str:
    """Add a new tool to this server (it announces the change to its clients)."""
    record("add_tool")
    server.add_tool(lambda: f"{name} says hello", name=name, description=f"Greet as {name}.")
    await ctx.notify_tools_changed()  # clients of the 2026 protocol listen
    with contextlib.suppress(Exception):  # earlier clients are notified
        await ctx.session.send_tool_list_changed()
    return f"added {name}"


@server.tool()
def whoami(ctx: Context) -> str:
    """Say which credentials the request came with (a hash of its Authorization header)."""
    record("whoami")
    headers = ctx.headers or {}
    token = headers.get("authorization", "")
    return "anonymous" if not token else "token " + hashlib.sha256(token.encode()).hexdigest()[:12]


@server.resource("data://sales.csv", mime_type="text/csv")
def sales() -> str:
    """Monthly sales, one row a month."""
    return "month,sales\nJan,120\nFeb,135\nMar,160\n"


@server.resource("note://readme", mime_type="text/plain")
def readme() -> str:
    """A note about the server."""
    return "The units server converts lengths."


def png_bars(values: list[float]) -> bytes:
    """A tiny grey-scale PNG with one bar per value (no imaging library needed)."""
    width, height = max(1, len(values)) * 4, 20
    top = max(values) if values and max(values) > 0 else 1.0
    rows = []
    for y in range(height):
        row = bytearray([0])
        for v in values or [0.0]:
            filled = (height - y) <= round(v / top * height)
            row.extend([40 if filled else 255] * 4)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    out = io.BytesIO()
    out.write(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")
    )
    return out.getvalue()


def main() -> None:
    global LOG
    parser = argparse.ArgumentParser()
    parser.add_argument("--http", type=int, default=None, metavar="PORT")
    parser.add_argument("--calls", default=None, metavar="FILE")
    args = parser.parse_args()
    LOG = args.calls or os.environ.get("UNITS_CALLS")
    if args.http is None:
        server.run()
        return
    anyio.run(lambda: server.run_streamable_http_async(host="127.0.0.1", port=args.http))
    sys.exit(0)


if __name__ == "__main__":
    main()
