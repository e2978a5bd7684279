"""The offline engine's tool routing: pick by lexical relevance, fill inputs, or decline.

Reads the catalog and request that :mod:`notebook_router.tools.prompts` puts
in the prompt, ranks the tools by BM25 over their names, descriptions and
parameters, and takes the best one only when it is relevant enough:

- the tool covers at least ``ACCEPT`` of the request's intent terms
  (weighted by how informative each term is), or
- the request names the tool's own subject (a term of its name) and the tool
  covers at least ``ACCEPT_NAMED`` of it.

Otherwise it answers ``{"tool": null}``: a request that shares one common
word with a tool ("convert my garage into an office") is not routed to it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from notebook_router.tools.decision import RouteReply
from notebook_router.tools.extract import Extraction, extract_inputs
from notebook_router.tools.fuzzy import same_word
from notebook_router.tools.index import LexicalIndex
from notebook_router.tools.matching import name_terms, query_terms, tool_bag
from notebook_router.tools.spec import Tool, ToolSpec

ACCEPT = 0.35
ACCEPT_NAMED = 0.2
# Lexical contenders within this share of the best score are re-ranked by how
# many of their required inputs the request fills ("convert 20 CHF to SEK" is
# a currency conversion, not a temperature one, though both say "convert").
CONTENDERS = 5
CLOSE = 0.6
FIT_WEIGHT = 0.5
VALUE_SUPPORT = 0.15


class ToolCatalog:
    """The tools of one routing prompt, indexed."""

    def __init__(self, specs: list[ToolSpec]) -> None:
        self.specs = specs
        self.index = LexicalIndex([("", tool_bag(Tool(spec))) for spec in specs])
        self.names = [name_terms(spec.name) for spec in specs]

    def name_coverage(self, doc: int, weights: dict[str, float]) -> float:
        """Share of the tool's name (by IDF) that the request says."""
        idf = self.index.idf
        names = self.names[doc]
        total = sum(idf.get(t, 0.0) for t in names)
        said = sum(idf.get(t, 0.0) for t in names if any(same_word(t, q) for q in weights))
        return said / total if total else 0.0


@lru_cache(maxsize=16)
def catalog_for(tools_json: str) -> ToolCatalog:
    """A cached catalog: a router sends the same tools with every request."""
    return ToolCatalog([ToolSpec.from_openai(t) for t in json.loads(tools_json)])


def route(payload: dict[str, Any]) -> RouteReply:
    """The routing reply for a ``{"request": ..., "tools": [...]}`` payload."""
    request = str(payload.get("request", ""))
    catalog = catalog_for(json.dumps(payload.get("tools", []), sort_keys=True))
    weights = query_terms(request, catalog.index).weights
    hits = catalog.index.search(weights, k=CONTENDERS)
    if not hits:
        return RouteReply(tool=None, reason="no tool shares a word with the request")
    ranked = []
    for hit in hits:
        if hit.score < CLOSE * hits[0].score:
            break
        spec = catalog.specs[hit.doc]
        extraction = extract_inputs(request, spec)
        ranked.append(
            (hit.score / hits[0].score + FIT_WEIGHT * _fit(spec, extraction), hit.doc, extraction)
        )
    _, best, extraction = max(ranked, key=lambda r: (r[0], -r[1]))
    spec = catalog.specs[best]
    coverage = catalog.index.coverage(best, weights)
    if extraction.values and not extraction.missing:
        # The tool takes every input from the values the request gives: support for it.
        coverage = min(1.0, coverage + VALUE_SUPPORT * extraction.used_share)
    named = catalog.name_coverage(best, weights)
    if coverage < ACCEPT and not (named >= 0.5 and coverage >= ACCEPT_NAMED):
        return RouteReply(
            tool=None,
            reason=(
                f"no tool fits: the closest, {spec.name}, covers only {coverage:.0%} of the request"
            )[:200],
        )
    reason = f"{spec.name} covers {coverage:.0%} of the request"
    if extraction.missing:
        reason += f"; the request does not give {', '.join(extraction.missing)}"
    return RouteReply(
        tool=spec.name, inputs=extraction.inputs, reason=reason[:200], missing=extraction.missing
    )


def _fit(spec: ToolSpec, extraction: Extraction) -> float:
    """How well the request's values suit the tool: required inputs filled, values used."""
    required = spec.required
    filled = (
        sum(1 for name in required if name in extraction.inputs) / len(required)
        if required
        else 0.5
    )
    return (filled + extraction.used_share) / 2
