"""The 1,000-tool store from three real MCP servers, and the labelled requests routed among
them: one definition that the tests (tests/mcp/test_many_tools.py) and the benchmark
(bench/mcp_workloads.py) both use, so the two always measure the same store.

``servers/many.py`` serves a warehouse of 340 tools, files 333 and a CRM 327, each over
stdio with the SDK's own server class.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from notebook_router.mcp import MCPServers

MANY = Path(__file__).resolve().parent / "servers" / "many.py"
DOMAINS = ("warehouse", "files", "crm")
TOOLS_PER_DOMAIN = {"warehouse": 340, "files": 333, "crm": 327}

# (request, the tool it means, the inputs it gives that tool)
REQUESTS: list[tuple[str, str, dict[str, Any]]] = [
    ("total revenue by region for 2023", "warehouse.total_revenue_by_region", {"year": 2023}),
    ("refunds per weekday in 2022", "warehouse.total_refunds_by_weekday", {"year": 2022}),
    (
        "what were the tips by salesperson in 2021?",
        "warehouse.total_tips_by_salesperson",
        {"year": 2021},
    ),
    (
        "sum of complaints for each channel, year 2024",
        "warehouse.total_complaints_by_channel",
        {"year": 2024},
    ),
    ("how many signups per city in 2020", "warehouse.total_signups_by_city", {"year": 2020}),
    ("validate report.csv", "files.validate_csv_file", {"path": "report.csv"}),
    (
        "compress the parquet file events.parquet",
        "files.compress_parquet_file",
        {"path": "events.parquet"},
    ),
    (
        "how many rows are in the sqlite file shop.sqlite?",
        "files.count_rows_in_sqlite_file",
        {"path": "shop.sqlite"},
    ),
    ("anonymise the excel file staff.xlsx", "files.anonymise_excel_file", {"path": "staff.xlsx"}),
    ("preview the pdf file manual.pdf", "files.preview_pdf_file", {"path": "manual.pdf"}),
    ('archive the invoice "INV-77"', "crm.archive_invoice", {"record_id": "INV-77"}),
    ('escalate ticket "T-1009"', "crm.escalate_ticket", {"record_id": "T-1009"}),
    ('merge the duplicate contact "C-42"', "crm.merge_contact", {"record_id": "C-42"}),
    ('approve refund "R-5"', "crm.approve_refund", {"record_id": "R-5"}),
    ('reject the quote "Q-19"', "crm.reject_quote", {"record_id": "Q-19"}),
]


def many_tools_servers() -> MCPServers:
    """Start the three servers and list their 1,000 tools into one store (close it after)."""
    from notebook_router.mcp import MCPServers

    return MCPServers({domain: f"{sys.executable} {MANY} {domain}" for domain in DOMAINS})
