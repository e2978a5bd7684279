"""Synthetic but varied tool sets and requests for the tool-store benchmark.

Tools are built from domains, actions, objects and qualifiers with several
description templates and parameter shapes, so that vocabulary overlaps the
way real catalogs do (many "convert", "list", "report" tools) and postings
lists have realistic lengths. Requests paraphrase one tool's purpose with
filler words, values and the odd typo, so the benchmark also reports how
often that tool comes back in the top 5.
"""

from __future__ import annotations

import random
from typing import Any

DOMAINS = [
    "statistics",
    "finance",
    "weather",
    "travel",
    "media",
    "knowledge",
    "files",
    "email",
    "calendar",
    "geo",
    "health",
    "retail",
    "energy",
    "transport",
    "education",
    "legal",
    "hr",
    "devops",
    "security",
    "marketing",
]
ACTIONS = [
    "get",
    "list",
    "search",
    "convert",
    "calculate",
    "compare",
    "summarize",
    "export",
    "import",
    "forecast",
    "plot",
    "validate",
    "translate",
    "schedule",
    "delete",
    "create",
    "update",
    "rank",
    "estimate",
    "monitor",
    "detect",
    "merge",
    "filter",
    "aggregate",
]
OBJECTS = [
    "population",
    "revenue",
    "invoice",
    "temperature",
    "flight",
    "hotel",
    "podcast",
    "article",
    "document",
    "spreadsheet",
    "message",
    "meeting",
    "route",
    "address",
    "heart rate",
    "order",
    "price",
    "consumption",
    "ticket",
    "course",
    "contract",
    "employee",
    "server log",
    "password",
    "campaign",
    "stock",
    "currency",
    "rainfall",
    "traffic",
    "emission",
    "budget",
    "salary",
    "vaccination",
    "inventory",
    "shipment",
    "citation",
    "playlist",
    "image",
    "video",
    "transcript",
    "survey",
    "patient record",
    "exchange rate",
    "timetable",
]
QUALIFIERS = [
    "monthly",
    "daily",
    "regional",
    "national",
    "historical",
    "live",
    "weekly",
    "annual",
    "per capita",
    "by municipality",
    "by category",
    "for a date range",
    "in bulk",
    "with citations",
    "as CSV",
    "as a chart",
    "for one customer",
    "across teams",
]
SOURCES = [
    "the national statistics office",
    "the internal data warehouse",
    "a public API",
    "the document store",
    "the CRM",
    "the open data portal",
    "the ticketing system",
    "the mail server",
    "the company wiki",
    "satellite feeds",
]
TEMPLATES = [
    "{Action} {qualifier} {object} data from {source}.",
    "Use this to {action} {object} records ({qualifier}); returns a table.",
    "{Action}s the {object} {qualifier}, using {source} as the source of truth.",
    "Tool for people who need to {action} {object} figures {qualifier}.",
    "{Action} {object} information. Works {qualifier} and cites {source}.",
]
PARAMS: list[dict[str, Any]] = [
    {"region": {"type": "string"}, "year": {"type": "integer"}},
    {"query": {"type": "string"}, "limit": {"type": "integer", "default": 10}},
    {
        "start_date": {"type": "string", "format": "date"},
        "end_date": {"type": "string", "format": "date"},
    },
    {"format": {"type": "string", "enum": ["csv", "json", "xlsx"]}},
    {"id": {"type": "string"}, "include_history": {"type": "boolean"}},
    {"amount": {"type": "number"}, "currency": {"type": "string"}},
]
FILLER = ["please", "can you", "I need to", "quickly", "for the report", "now", "again"]
TYPOS = {
    "revenue": "revenu",
    "population": "populaton",
    "forecast": "forcast",
    "temperature": "temprature",
    "invoice": "invoce",
    "calculate": "calcualte",
}


def make_tools(n: int, seed: int = 7) -> list[tuple[str, dict[str, Any]]]:
    """``n`` distinct tools as ``(namespace, OpenAI-format spec)``."""
    rng = random.Random(seed)
    tools: list[tuple[str, dict[str, Any]]] = []
    seen: set[str] = set()
    while len(tools) < n:
        domain, action = rng.choice(DOMAINS), rng.choice(ACTIONS)
        obj, qualifier = rng.choice(OBJECTS), rng.choice(QUALIFIERS)
        name = f"{domain}_{action}_{obj.replace(' ', '_')}_{len(tools)}"
        if name in seen:
            continue
        seen.add(name)
        description = rng.choice(TEMPLATES).format(
            action=action,
            Action=action.capitalize(),
            object=obj,
            qualifier=qualifier,
            source=rng.choice(SOURCES),
        )
        params = rng.choice(PARAMS)
        spec = {
            "type": "function",
            "function": {
                "name": name,
                "description": description,
                "parameters": {"type": "object", "properties": params},
            },
        }
        tools.append((f"tools/{domain}", spec))
    return tools


def make_queries(
    tools: list[tuple[str, dict[str, Any]]], n: int, seed: int = 11
) -> list[tuple[str, str]]:
    """``n`` requests, each paraphrasing one tool: ``(request, that tool's name)``."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        _, spec = rng.choice(tools)
        name = spec["function"]["name"]
        domain, action, *rest = name.split("_")
        obj = " ".join(rest[:-1])
        words = [rng.choice(FILLER), action, obj, rng.choice(QUALIFIERS), f"for {domain}"]
        if rng.random() < 0.3:
            words.append(str(rng.randint(2000, 2025)))
        text = " ".join(words)
        for right, wrong in TYPOS.items():
            if right in text and rng.random() < 0.5:
                text = text.replace(right, wrong)
        out.append((text, name))
    return out
