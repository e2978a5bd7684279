"""An MCP server with hundreds of generated tools, for routing among 1,000 of them.

python many.py warehouse    340 tools: total_<metric>_by_<dimension> (a year)
python many.py files        333 tools: <verb>_<format>_file (a path)
python many.py crm          327 tools: <action>_<record> (an id)

Built with the SDK's own MCPServer class, over stdio. Each tool answers with its
own name and arguments, so a test sees which one was called.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from pydantic import Field

METRICS = (
    "revenue",
    "profit",
    "orders",
    "refunds",
    "returns",
    "shipments",
    "signups",
    "visits",
    "clicks",
    "impressions",
    "downloads",
    "subscriptions",
    "cancellations",
    "complaints",
    "deliveries",
    "invoices",
    "payments",
    "discounts",
    "taxes",
    "tips",
)
DIMENSIONS = (
    "region",
    "country",
    "city",
    "store",
    "channel",
    "product",
    "category",
    "brand",
    "supplier",
    "warehouse",
    "weekday",
    "month",
    "quarter",
    "campaign",
    "device",
    "segment",
    "salesperson",
)
FORMATS = (
    "csv",
    "parquet",
    "json",
    "xml",
    "yaml",
    "excel",
    "pdf",
    "markdown",
    "html",
    "docx",
    "avro",
    "orc",
    "feather",
    "sqlite",
    "tsv",
    "latex",
    "epub",
    "odt",
    "rtf",
)
FILE_VERBS = (
    "read",
    "validate",
    "compress",
    "preview",
    "index",
    "encrypt",
    "sign",
    "summarise",
    "translate",
    "upload",
    "download",
    "lint",
    "diff",
    "split",
    "merge",
    "count_rows_in",
    "repair",
    "anonymise",
)
ACTIONS = (
    "create",
    "update",
    "delete",
    "archive",
    "find",
    "merge",
    "export",
    "tag",
    "assign",
    "close",
    "reopen",
    "score",
    "notify",
    "duplicate",
    "approve",
    "reject",
    "escalate",
    "pin",
)
RECORDS = (
    "contact",
    "lead",
    "account",
    "opportunity",
    "invoice",
    "ticket",
    "quote",
    "contract",
    "meeting",
    "task",
    "note",
    "campaign",
    "order",
    "product",
    "partner",
    "vendor",
    "subscription",
    "refund",
    "shipment",
)
COUNTS = {"warehouse": 340, "files": 333, "crm": 327}


def tools(domain: str) -> list[tuple[str, str, Callable[..., Any]]]:
    """(name, description, function) for each tool of ``domain``."""
    made: list[tuple[str, str, Callable[..., Any]]] = []
    if domain == "warehouse":
        for metric, dimension in itertools.product(METRICS, DIMENSIONS):
            name = f"total_{metric}_by_{dimension}"
            made.append(
                (name, f"Total {metric} broken down by {dimension} for one year.", _by_year(name))
            )
    elif domain == "files":
        for verb, kind in itertools.product(FILE_VERBS, FORMATS):
            name = f"{verb}_{kind}_file"
            what = verb.replace("_", " ").capitalize()
            made.append((name, f"{what} a {kind} file.", _by_path(name)))
    elif domain == "crm":
        for action, record in itertools.product(ACTIONS, RECORDS):
            name = f"{action}_{record}"
            made.append(
                (
                    name,
                    f"{action.capitalize()} a {record} record in the CRM, by its id.",
                    _by_id(name),
                )
            )
    return made[: COUNTS[domain]]


Year = Annotated[int, Field(description="The calendar year.")]
Path = Annotated[str, Field(description="The file.")]
RecordId = Annotated[str, Field(description="The record's id.")]


def _by_year(name: str) -> Callable[..., Any]:
    def tool(year: Year) -> str:
        return f"{name}(year={year})"

    return tool


def _by_path(name: str) -> Callable[..., Any]:
    def tool(path: Path) -> str:
        return f"{name}(path={path})"

    return tool


def _by_id(name: str) -> Callable[..., Any]:
    def tool(record_id: RecordId) -> str:
        return f"{name}(record_id={record_id})"

    return tool


def main() -> None:
    domain = sys.argv[1]
    server = MCPServer(domain, instructions=f"The {domain} tools.")
    for name, description, fn in tools(domain):
        server.add_tool(fn, name=name, description=description)
    server.run()


if __name__ == "__main__":
    main()
