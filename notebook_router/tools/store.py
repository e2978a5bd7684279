"""A namespaced tool store: register many tools, retrieve only the relevant few.

Tools live under namespaces such as ``tools/statistics`` or
``tools/general``. A search names the namespaces to look in with patterns:
``tools/statistics/*`` is that namespace and everything below it,
``tools/statistics`` only that namespace, ``*`` everything.

A worker asks its own (primary) namespaces first and falls back to others
only when nothing there is relevant::

    store = ToolStore()
    store.add(mean_tool, "tools/statistics")
    store.add(save_memory, "tools/general")
    stats_worker = store.scope(primary="tools/statistics/*", fallback=["tools/general/*"])
    stats_worker.retrieve("average of 3, 5 and 8").hits
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from notebook_router.errors import ConfigError, DuplicateToolError, ToolNotFoundError
from notebook_router.tools.retrieval import IncrementalRetriever, LexicalRetriever, Retriever
from notebook_router.tools.spec import Tool, ToolLike, as_tool

DEFAULT_NAMESPACE = "tools/general"
# A hit this relevant (share of the request's terms it covers) counts as "found".
MIN_RELEVANCE = 0.3

Patterns = str | Sequence[str]


@dataclass(frozen=True)
class ToolHit:
    """A retrieved tool, where it lives, and how well it matched."""

    tool: Tool
    namespace: str
    score: float
    relevance: float


@dataclass(frozen=True)
class Retrieval:
    """The tools a scope retrieved, and whether its primary namespaces supplied them."""

    hits: list[ToolHit]
    source: Literal["primary", "fallback", "none"]
    searched: list[str] = field(default_factory=list)

    @property
    def tools(self) -> list[Tool]:
        """The retrieved tools, best first."""
        return [h.tool for h in self.hits]


class ToolStore:
    """Tools under namespaces, with lexical (or pluggable) retrieval.

    With the default (lexical) retriever each tool is indexed as it is
    added, so the first search after registering thousands of tools costs
    what any search does. Replacing or removing a tool, or a retriever that
    can only index everything at once, rebuilds the index on the next
    search instead, so registering thousands of tools costs one build.
    """

    def __init__(
        self,
        tools: Iterable[ToolLike] = (),
        *,
        namespace: str = DEFAULT_NAMESPACE,
        retriever: Retriever | None = None,
    ) -> None:
        self.retriever: Retriever = retriever or LexicalRetriever()
        self._entries: list[tuple[str, Tool]] = []
        self._by_name: dict[str, int] = {}
        self._dirty = True
        self._resolved: dict[tuple[str, ...], frozenset[str]] = {}
        self._index_one = (
            self.retriever.add if isinstance(self.retriever, IncrementalRetriever) else None
        )
        if self._index_one is not None:
            self._build()  # an empty index, which then grows tool by tool
        for item in tools:
            self.add(item, namespace)

    def add(
        self, tool: ToolLike, namespace: str = DEFAULT_NAMESPACE, *, replace: bool = False
    ) -> Tool:
        """Register ``tool`` under ``namespace``; names are unique across the store."""
        made = as_tool(tool)
        ns = _clean(namespace)
        if made.name in self._by_name:
            if not replace:
                raise DuplicateToolError(made.name, f"in {self.namespace_of(made.name)}")
            self._entries[self._by_name[made.name]] = (ns, made)
            self._dirty = True
            return made
        self._by_name[made.name] = len(self._entries)
        self._entries.append((ns, made))
        if self._dirty or self._index_one is None:
            self._dirty = True
        else:
            self._index_one(ns, made)
            self._resolved.clear()  # a new namespace may match patterns resolved before
        return made

    def add_many(self, tools: Iterable[ToolLike], namespace: str = DEFAULT_NAMESPACE) -> None:
        """Register several tools under one namespace."""
        for item in tools:
            self.add(item, namespace)

    def remove(self, name: str) -> None:
        """Unregister the tool called ``name``."""
        self.get(name)
        self._entries = [(ns, t) for ns, t in self._entries if t.name != name]
        self._by_name = {t.name: i for i, (_, t) in enumerate(self._entries)}
        self._dirty = True

    def get(self, name: str) -> Tool:
        """The tool called ``name``."""
        if name not in self._by_name:
            raise ToolNotFoundError(name, self._by_name)
        return self._entries[self._by_name[name]][1]

    def namespace_of(self, name: str) -> str:
        """The namespace ``name`` is registered under."""
        self.get(name)
        return self._entries[self._by_name[name]][0]

    def namespaces(self) -> list[str]:
        """Every namespace that holds a tool."""
        return sorted({ns for ns, _ in self._entries})

    def tools(self, namespaces: Patterns = "*") -> list[Tool]:
        """The tools in ``namespaces`` (patterns), in registration order."""
        allowed = self._resolve(namespaces)
        return [t for ns, t in self._entries if ns in allowed]

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[Tool]:
        return (t for _, t in self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def search(
        self, query: str, k: int = 5, namespaces: Patterns = "*", *, min_relevance: float = 0.0
    ) -> list[ToolHit]:
        """The ``k`` tools most relevant to ``query`` within ``namespaces``, best first."""
        if k < 1:
            raise ConfigError(f"k must be at least 1 (got {k}).")
        self._build()
        allowed = None if _all(namespaces) else self._resolve(namespaces)
        matches = self.retriever.search(query, k, allowed)
        return [
            ToolHit(self._entries[m.entry][1], self._entries[m.entry][0], m.score, m.relevance)
            for m in matches
            if m.relevance >= min_relevance and m.score > 0
        ]

    def retrieve(
        self,
        query: str,
        k: int = 5,
        *,
        primary: Patterns = "*",
        fallback: Patterns = (),
        min_relevance: float = MIN_RELEVANCE,
    ) -> Retrieval:
        """Search ``primary``; if nothing there reaches ``min_relevance``, search ``fallback``."""
        hits = self.search(query, k, primary, min_relevance=min_relevance)
        searched = _patterns(primary)
        if hits:
            return Retrieval(hits, "primary", searched)
        if _patterns(fallback):
            searched += _patterns(fallback)
            hits = self.search(query, k, fallback, min_relevance=min_relevance)
            if hits:
                return Retrieval(hits, "fallback", searched)
        return Retrieval([], "none", searched)

    def scope(
        self,
        primary: Patterns,
        fallback: Patterns = (),
        *,
        min_relevance: float = MIN_RELEVANCE,
    ) -> ToolScope:
        """A worker's view: its primary namespaces, then its fallbacks."""
        return ToolScope(self, _patterns(primary), _patterns(fallback), min_relevance)

    def _build(self) -> None:
        if self._dirty:
            self.retriever.build(self._entries)
            self._resolved.clear()
            self._dirty = False

    def _resolve(self, patterns: Patterns) -> frozenset[str]:
        key = tuple(_patterns(patterns))
        if self._dirty or key not in self._resolved:
            present = {ns for ns, _ in self._entries}
            chosen = {ns for ns in present for p in key if matches(p, ns)}
            if self._dirty:
                return frozenset(chosen)
            self._resolved[key] = frozenset(chosen)
        return self._resolved[key]

    def __repr__(self) -> str:
        return f"ToolStore({len(self)} tools in {len(self.namespaces())} namespaces)"


@dataclass(frozen=True)
class ToolScope:
    """The namespaces one worker uses: primary first, fallback when nothing there fits."""

    store: ToolStore
    primary: list[str]
    fallback: list[str] = field(default_factory=list)
    min_relevance: float = MIN_RELEVANCE

    def retrieve(self, query: str, k: int = 5) -> Retrieval:
        """The ``k`` best tools for ``query`` in this scope."""
        return self.store.retrieve(
            query, k, primary=self.primary, fallback=self.fallback, min_relevance=self.min_relevance
        )

    def tools(self) -> list[Tool]:
        """Every tool in the primary and fallback namespaces."""
        return self.store.tools([*self.primary, *self.fallback])


def matches(pattern: str, namespace: str) -> bool:
    """Whether ``namespace`` is selected by ``pattern`` (``a/b/*``, ``a/b`` or ``*``).

    >>> matches("tools/statistics/*", "tools/statistics/scb")
    True
    """
    pattern = pattern.strip().strip("/")
    if pattern in ("*", ""):
        return True
    if pattern.endswith("/*"):
        base = pattern[:-2]
        return namespace == base or namespace.startswith(base + "/")
    return namespace == pattern


def _clean(namespace: str) -> str:
    ns = namespace.strip().strip("/")
    if not ns or "*" in ns:
        raise ConfigError(
            f"Namespace {namespace!r} is not usable: give a path such as 'tools/statistics' "
            "(patterns with '*' are for searching, not registering)."
        )
    return ns


def _patterns(patterns: Patterns) -> list[str]:
    return [patterns] if isinstance(patterns, str) else list(patterns)


def _all(patterns: Patterns) -> bool:
    return any(p.strip().strip("/") in ("*", "") for p in _patterns(patterns))
