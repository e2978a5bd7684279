"""Write notebooks/10_mcp_tools.ipynb (outputs come from executing it).

python scripts/make_mcp_tools.py
python scripts/execute_notebooks.py notebooks/10_mcp_tools.ipynb
"""

from __future__ import annotations

from nbsource import code, md, write

CELLS = [
    md("""
# Tools from MCP servers

Data people already run [Model Context Protocol](https://modelcontextprotocol.io) servers for
their databases, warehouses, file stores and internal APIs. Connect one, and its tools join
every `%%route` run: the server becomes one agent, `mcp.<server>`, that routes a task to exactly
one of its tools, fills the tool's inputs from your words, and calls it as the **tool policy**
allows (`ask`, `auto` or `never`). Results come back as answers with citations naming the server
and the tool; images come back as media.

The server here is a small one written with the official `mcp` SDK
([data/mcp_shop.py](data/mcp_shop.py)): a make-believe shop with a currency converter, stock
levels, a chart tool and an order tool, plus a price list to read. Everything runs on the
offline model: no key, no network.
"""),
    md("""
The server's tools are plain functions under the SDK's `MCPServer`; annotations say which ones
change nothing:

```python
shop = MCPServer("shop", instructions="The ACME shop: prices, stock, currency and orders.")

@shop.tool(annotations=ToolAnnotations(read_only_hint=True))
def convert_currency(amount: float, from_currency: Currency, to_currency: Currency) -> str:
    \"\"\"Convert an amount of money from one currency to another at today's rate.\"\"\"

@shop.tool()
def place_order(product: Product, quantity: int) -> str:
    \"\"\"Place an order for a quantity of a product (it changes the stock).\"\"\"
```

`%route mcp add NAME COMMAND...` starts it over stdio (a URL instead connects over Streamable
HTTP). The connection lives as long as the kernel.
"""),
    code("""
%load_ext notebook_router
import sys

%route mcp add shop {sys.executable} data/mcp_shop.py
"""),
    code("%route mcp tools"),
    md("""
## The tool policy: nothing is called that you have not allowed

The default policy is `ask`: the panel shows the server, the tool and the arguments with
**Run**, **Edit** (change the arguments) and **Skip**, and the run waits for you. When nobody
can answer (this notebook run by nbclient or nbval, a script), nothing is called and the answer
says which tool would have been called, with what, and how to allow it.
"""),
    code("""
%%route
how many anvils are in stock?
"""),
    md("""
`%route tools auto` calls tools without asking for the rest of the session (`--tools auto` on
one `%%route` line does it for one run; `never` calls none). The answer cites the server and
the tool, with the arguments it was called with.
"""),
    code("%route tools auto"),
    code("""
%%route -o converted
convert 250 USD to EUR
"""),
    code("""
for citation in converted.result().results["t1"].citations:
    print(f"{citation.source}: {citation.text}")
"""),
    md("""
A tool that returns an image hands it back as media: the view shows it, and the run keeps it
for the agents that come after.
"""),
    code("""
%%route
plot the sales 12, 18, 9 and 21
"""),
    md("""
## Resources: data to work on

A server may also offer resources (files, tables). `%route mcp read NAME URI -o VAR` reads one
into a variable (a CSV or JSON table becomes a DataFrame, which runs then analyse like any
other); `%%route --attach NAME:URI` attaches one to a run as media, like `Out[n]`.
"""),
    code("%route mcp resources shop"),
    code("""
%route mcp read shop data://prices.csv -o prices
prices
"""),
    code("""
%%route
what is the mean price_usd in prices?
"""),
    md("""
## From Python

`Router(mcp=...)` takes the same servers (`{name: command line | URL | config entry}`, or a
whole `{"mcpServers": {...}}` config) and `tool_policy=`. The JSON config format is the one
desktop agents and JupyterLab's AI extension write: see `docs/mcp.md`, and `%route mcp load FILE`.
"""),
    code("""
from notebook_router import Router

router = Router(mcp={"shop": f"{sys.executable} data/mcp_shop.py"}, tool_policy="auto")
result = await router.run("convert 99 GBP to JPY")
print(result.answer)
router.mcp.close()  # the kernel would close it on exit anyway
"""),
    code("%route mcp remove shop"),
]

if __name__ == "__main__":
    write("10_mcp_tools.ipynb", CELLS)
