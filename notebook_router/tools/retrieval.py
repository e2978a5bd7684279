"""How a tool store finds the tools relevant to a request: the retriever protocol.

The default is lexical (:class:`LexicalRetriever`, BM25 with typo
correction): no dependency, no model, and fast over many thousands of tools.
:mod:`notebook_router.tools.embedding` provides an embedding-based one behind
the same protocol.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from notebook_router.language.bm25 import BM25Index
from notebook_router.tools.matching import query_terms, tool_bag, tool_words
from notebook_router.tools.spec import Tool


@dataclass(frozen=True, slots=True)
class Match:
    """A retrieved entry: its position in the store's entries, score and relevance.

    ``relevance`` is comparable across requests (0..1); ``score`` only within
    one request.
    """

    entry: int
    score: float
    relevance: float


@runtime_checkable
class Retriever(Protocol):
    """Indexes ``(namespace, tool)`` entries and finds the best ones for a request."""

    def build(self, entries: Sequence[tuple[str, Tool]]) -> None:
        """(Re)index every entry; called by the store after tools change."""
        ...

    def search(self, query: str, k: int, namespaces: Collection[str] | None) -> list[Match]:
        """The ``k`` best entries for ``query`` within ``namespaces`` (None: all), best first."""
        ...


@runtime_checkable
class IncrementalRetriever(Retriever, Protocol):
    """A retriever that can index one more entry without re-indexing the others."""

    def add(self, namespace: str, tool: Tool) -> None:
        """Index one more entry, after those already indexed (its position is the next one)."""
        ...


class LexicalRetriever:
    """BM25 over tool names, descriptions, keywords and parameters (see :mod:`.matching`).

    ``relevance`` is the share of the request's intent terms (weighted by
    IDF) that the tool's document contains. Incremental: a tool is indexed
    as it is added, so the first search after adding thousands pays nothing
    extra.
    """

    def __init__(self) -> None:
        self.index = BM25Index([])
        self.builds = 0
        """Times the whole index was rebuilt (a tool replaced or removed)."""

    def build(self, entries: Sequence[tuple[str, Tool]]) -> None:
        self.builds += 1
        self.index = BM25Index()
        for ns, tool in entries:
            self.index.add(ns, tool_bag(tool), words=tool_words(tool))

    def add(self, namespace: str, tool: Tool) -> None:
        self.index.add(namespace, tool_bag(tool), words=tool_words(tool))

    def search(self, query: str, k: int, namespaces: Collection[str] | None) -> list[Match]:
        weights = query_terms(query, self.index).weights
        hits = self.index.search(weights, k, namespaces)
        return [Match(h.doc, h.score, self.index.coverage(h.doc, weights)) for h in hits]
