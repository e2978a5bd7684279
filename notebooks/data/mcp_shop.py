"""A small MCP server for notebooks/10_mcp_tools.ipynb, built with the official SDK.

    python mcp_shop.py           (the notebook starts it over stdio)

Tools: convert_currency and stock_level (marked read-only), plot_sales (a PNG bar
chart), place_order (changes something: never marked read-only). Resource:
data://prices.csv. Everything is made up and fixed, so the notebook's outputs are too.
"""

from __future__ import annotations

import struct
import zlib
from typing import Literal

from mcp.server.mcpserver import Image, MCPServer
from mcp.types import ToolAnnotations

Currency = Literal["USD", "EUR", "GBP", "JPY"]
Product = Literal["anvil", "rocket", "magnet"]
PER_USD = {"USD": 1.0, "EUR": 0.92, "GBP": 0.79, "JPY": 151.0}
STOCK = {"anvil": 42, "rocket": 3, "magnet": 120}
READ_ONLY = ToolAnnotations(read_only_hint=True)

shop = MCPServer("shop", instructions="The ACME shop: prices, stock, currency and orders.")


@shop.tool(annotations=READ_ONLY)
def convert_currency(amount: float, from_currency: Currency, to_currency: Currency) -> str:
    """Convert an amount of money from one currency to another at today's rate."""
    converted = amount / PER_USD[from_currency] * PER_USD[to_currency]
    return f"{amount:,.2f} {from_currency} = {converted:,.2f} {to_currency}"


@shop.tool(annotations=READ_ONLY)
def stock_level(product: Product) -> str:
    """How many of a product are in stock in the warehouse."""
    return f"{STOCK[product]} {product}s in stock"


@shop.tool()
def plot_sales(values: list[float]) -> Image:
    """Draw a bar chart of sales figures as a PNG image."""
    return Image(data=_bars(values), format="png")


@shop.tool()
def place_order(product: Product, quantity: int) -> str:
    """Place an order for a quantity of a product (it changes the stock)."""
    STOCK[product] -= quantity
    return f"ordered {quantity} {product}s; {STOCK[product]} left"


@shop.resource("data://prices.csv", mime_type="text/csv")
def prices() -> str:
    """The price list."""
    return "product,price_usd\nanvil,120\nrocket,5400\nmagnet,15\n"


def _bars(values: list[float]) -> bytes:
    """A small PNG bar chart, drawn byte by byte (the same bytes on every machine)."""
    bar, gap, height = 28, 6, 140
    width = max(1, len(values)) * (bar + gap)
    top = max(values) if values and max(values) > 0 else 1.0
    rows = []
    for y in range(height):
        row = bytearray([0])
        for v in values or [0.0]:
            filled = (height - y) <= round(v / top * (height - 8))
            row.extend([30, 90, 160] * bar if filled else [255, 255, 255] * bar)
            row.extend([255, 255, 255] * gap)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"".join(
        [
            b"\x89PNG\r\n\x1a\n",
            chunk(b"IHDR", header),
            chunk(b"IDAT", zlib.compress(b"".join(rows))),
            chunk(b"IEND", b""),
        ]
    )


if __name__ == "__main__":
    shop.run()
