"""The agent-combination cache: reuse which agents fit a kind of request.

A supervisor that has worked out which agents fit "population of Hjo" after
a statistics call keeps the answer, keyed by the route hint, the agents
called recently and the request's content terms (stemmed, stop words out,
order ignored), so the same kind of request next time skips retrieval.

Entries live for ``ttl_s`` after they are stored, count their hits and
remember when they were last used. Each entry also records the fingerprint
of the agents it was built over; when the agents change (one added,
removed, redefined, or a tree rearranged) old entries stop matching and are
dropped on sight. An entry may also carry a whole plan (``plan``: a planner's
first decision, as JSON), which
:class:`~notebook_router.planner.combo_planner.ComboPlanner` reuses so a
request seen before needs no planning call. Storage sits behind :class:`ComboBackend`, a five-method
protocol: :class:`InMemoryComboBackend` here, and
:class:`~notebook_router.store.combos.SqliteComboBackend` in the session database
(``SessionStore.combo_cache()``).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.errors import ConfigError
from notebook_router.language.lexicon import terms

DEFAULT_TTL_S = 20 * 60.0


class ComboKey(BaseModel):
    """What a cached combination is found by."""

    model_config = ConfigDict(frozen=True)

    route_hint: str = ""
    recent: tuple[str, ...] = ()
    """Agents called most recently, oldest first."""
    tokens: tuple[str, ...] = ()
    """The request's content tokens, sorted and unique."""

    def digest(self) -> str:
        """A short stable id for this key (what backends index by)."""
        blob = json.dumps([self.route_hint, list(self.recent), list(self.tokens)]).encode()
        return hashlib.sha256(blob).hexdigest()[:24]


class ComboEntry(BaseModel):
    """One cached combination of agents."""

    key: str
    route_hint: str = ""
    recent: tuple[str, ...] = ()
    tokens: tuple[str, ...] = ()
    agents: tuple[str, ...]
    scores: tuple[float, ...] = ()
    fingerprint: str = Field(description="Digest of the agents the entry was built over.")
    created_at: float
    last_used_at: float
    hit_count: int = 0
    plan: str | None = None
    """A planner's first decision for the request (JSON), when the entry holds a plan."""


class ComboBackend(Protocol):
    """Where entries are kept (in memory, or a table of the session database)."""

    def get(self, key: str) -> ComboEntry | None:
        """The entry stored under ``key``, if any."""
        ...

    def put(self, entry: ComboEntry) -> None:
        """Store (or replace) ``entry`` under ``entry.key``."""
        ...

    def delete(self, key: str) -> None:
        """Forget ``key`` (no error if it is not there)."""
        ...

    def clear(self) -> None:
        """Forget everything."""
        ...

    def entries(self) -> list[ComboEntry]:
        """Every stored entry (for inspection and purging)."""
        ...


class InMemoryComboBackend:
    """A bounded in-memory backend; the least recently used entry goes first when full."""

    def __init__(self, max_entries: int = 1000) -> None:
        if max_entries < 1:
            raise ConfigError(f"InMemoryComboBackend(max_entries={max_entries}): use 1 or more.")
        self.max_entries = max_entries
        self._items: OrderedDict[str, ComboEntry] = OrderedDict()

    def get(self, key: str) -> ComboEntry | None:
        entry = self._items.get(key)
        if entry is not None:
            self._items.move_to_end(key)
        return entry

    def put(self, entry: ComboEntry) -> None:
        self._items[entry.key] = entry
        self._items.move_to_end(entry.key)
        while len(self._items) > self.max_entries:
            self._items.popitem(last=False)

    def delete(self, key: str) -> None:
        self._items.pop(key, None)

    def clear(self) -> None:
        self._items.clear()

    def entries(self) -> list[ComboEntry]:
        return list(self._items.values())


class AgentComboCache:
    """Finds and stores agent combinations, with a TTL and hit counts.

    >>> cache = AgentComboCache()
    >>> _ = cache.store("statistics", [], "population of Hjo", ["scb"], fingerprint="f1")
    >>> cache.lookup("statistics", [], "Hjo population?", fingerprint="f1").agents
    ('scb',)
    """

    def __init__(
        self,
        backend: ComboBackend | None = None,
        *,
        ttl_s: float = DEFAULT_TTL_S,
        recent_window: int = 3,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if ttl_s <= 0:
            raise ConfigError(f"AgentComboCache(ttl_s={ttl_s}): use a positive number of seconds.")
        self.backend: ComboBackend = backend or InMemoryComboBackend()
        self.ttl_s = ttl_s
        self.recent_window = recent_window
        # Wall-clock time by default: entries may outlive the process in a database.
        self.clock = clock
        self.hits = 0
        self.misses = 0

    def key(self, route_hint: str, recent: Sequence[str], query: str) -> ComboKey:
        """The key for a request (recent calls beyond the window do not count)."""
        window = tuple(recent[-self.recent_window :]) if self.recent_window else ()
        return ComboKey(
            route_hint=route_hint.strip().lower(),
            recent=window,
            tokens=tuple(sorted(set(terms(query)))),
        )

    def lookup(
        self, route_hint: str, recent: Sequence[str], query: str, *, fingerprint: str
    ) -> ComboEntry | None:
        """The live entry for this request, counting the hit; None on a miss."""
        key = self.key(route_hint, recent, query)
        if not key.tokens:
            self.misses += 1
            return None
        digest = key.digest()
        entry = self.backend.get(digest)
        now = self.clock()
        if entry is None or entry.fingerprint != fingerprint or now - entry.created_at > self.ttl_s:
            if entry is not None:
                self.backend.delete(digest)  # stale: expired, or built over other agents
            self.misses += 1
            return None
        entry = entry.model_copy(update={"hit_count": entry.hit_count + 1, "last_used_at": now})
        self.backend.put(entry)
        self.hits += 1
        return entry

    def store(
        self,
        route_hint: str,
        recent: Sequence[str],
        query: str,
        agents: Iterable[str],
        *,
        fingerprint: str,
        scores: Iterable[float] = (),
        plan: str | None = None,
    ) -> ComboEntry | None:
        """Remember that ``agents`` fit this request (None if the request has no content).

        ``plan``: the decision that planned it (JSON), for reuse by a planner.
        """
        key = self.key(route_hint, recent, query)
        if not key.tokens:
            return None
        now = self.clock()
        entry = ComboEntry(
            key=key.digest(),
            route_hint=key.route_hint,
            recent=key.recent,
            tokens=key.tokens,
            agents=tuple(agents),
            scores=tuple(scores),
            fingerprint=fingerprint,
            created_at=now,
            last_used_at=now,
            plan=plan,
        )
        self.backend.put(entry)
        return entry

    def purge(self) -> int:
        """Drop expired entries; returns how many went."""
        now = self.clock()
        gone = [e.key for e in self.backend.entries() if now - e.created_at > self.ttl_s]
        for key in gone:
            self.backend.delete(key)
        return len(gone)

    def invalidate(self) -> None:
        """Forget every entry (e.g. after changing agents in a way the fingerprint misses)."""
        self.backend.clear()

    def __repr__(self) -> str:
        return (
            f"AgentComboCache(ttl_s={self.ttl_s:g}, entries={len(self.backend.entries())}, "
            f"hits={self.hits}, misses={self.misses})"
        )
