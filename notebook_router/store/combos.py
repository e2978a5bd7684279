"""The persistent backend of the agent-combination cache (MISSION D8).

The in-memory cache (elsewhere) remembers which agents answered a kind of
request; this backend keeps those entries in the session database so they
survive a kernel restart and are shared by kernels on the same folder.
Entries expire after their TTL; every hit is counted.

>>> from notebook_router.store import SessionStore
>>> cache = SessionStore(":memory:").combo_cache()
>>> cache.put("flights+hotels", ("flights", "hotels"), ttl=3600)
>>> cache.get("flights+hotels")
('flights', 'hotels')
>>> cache.hits("flights+hotels")
1
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from pydantic import BaseModel, ConfigDict

from notebook_router.store.database import Database


class ComboCacheBackend(Protocol):
    """What a combination cache needs from its backing store."""

    def get(self, key: str) -> tuple[str, ...] | None:
        """The agents cached under ``key`` (counting a hit), or None if absent or expired."""
        ...

    def put(self, key: str, agents: Sequence[str], ttl: float | None) -> None:
        """Cache ``agents`` under ``key`` for ``ttl`` seconds (None: no expiry)."""
        ...

    def hits(self, key: str) -> int:
        """How many times ``key`` was served."""
        ...


class ComboEntry(BaseModel):
    """One cached combination, as :meth:`SqliteComboCache.entries` lists it."""

    model_config = ConfigDict(frozen=True)

    key: str
    agents: tuple[str, ...]
    created_at: float
    expires_at: float | None
    hits: int
    last_hit_at: float | None


class SqliteComboCache:
    """:class:`ComboCacheBackend` on the session database's ``agent_cache`` table."""

    def __init__(self, db: Database, *, clock: Callable[[], float] = time.time) -> None:
        """``clock`` gives the current time in seconds (tests pass a fake one)."""
        self.db = db
        self._now = clock

    def get(self, key: str) -> tuple[str, ...] | None:
        now = self._now()
        with self.db.transaction() as conn:
            row = conn.execute(
                "SELECT agents, expires_at FROM agent_cache WHERE key = ?", (key,)
            ).fetchone()
            if row is None:
                return None
            if row["expires_at"] is not None and row["expires_at"] <= now:
                conn.execute("DELETE FROM agent_cache WHERE key = ?", (key,))
                return None
            conn.execute(
                "UPDATE agent_cache SET hits = hits + 1, last_hit_at = ? WHERE key = ?",
                (now, key),
            )
        return tuple(json.loads(row["agents"]))

    def put(self, key: str, agents: Sequence[str], ttl: float | None) -> None:
        now = self._now()
        expires = None if ttl is None else now + ttl
        with self.db.transaction() as conn:
            conn.execute(
                "INSERT INTO agent_cache (key, agents, created_at, expires_at, hits) "
                "VALUES (?, ?, ?, ?, 0) ON CONFLICT (key) DO UPDATE SET "
                "agents = excluded.agents, created_at = excluded.created_at, "
                "expires_at = excluded.expires_at",
                (key, json.dumps(list(agents)), now, expires),
            )

    def hits(self, key: str) -> int:
        row = self.db.one("SELECT hits FROM agent_cache WHERE key = ?", (key,))
        return int(row["hits"]) if row else 0

    def delete(self, key: str) -> None:
        """Forget ``key``."""
        with self.db.transaction() as conn:
            conn.execute("DELETE FROM agent_cache WHERE key = ?", (key,))

    def purge_expired(self) -> int:
        """Delete expired entries; return how many."""
        with self.db.transaction() as conn:
            cursor = conn.execute(
                "DELETE FROM agent_cache WHERE expires_at IS NOT NULL AND expires_at <= ?",
                (self._now(),),
            )
            return cursor.rowcount

    def entries(self) -> list[ComboEntry]:
        """Every entry, most used first."""
        return [
            ComboEntry(
                key=r["key"],
                agents=tuple(json.loads(r["agents"])),
                created_at=r["created_at"],
                expires_at=r["expires_at"],
                hits=r["hits"],
                last_hit_at=r["last_hit_at"],
            )
            for r in self.db.query("SELECT * FROM agent_cache ORDER BY hits DESC, key")
        ]
