"""The agent-combination cache in the session database.

:class:`~notebook_router.supervisor.combos.AgentComboCache` decides what an
entry is (key, TTL, hit counts, the agents' fingerprint); this module is its
persistent backend, so entries survive a kernel restart and are shared by the
kernels working in one folder. It implements the cache's five-method
:class:`~notebook_router.supervisor.combos.ComboBackend` protocol, one short
transaction per call.

>>> from notebook_router.store import SessionStore
>>> cache = SessionStore(":memory:").combo_cache()
>>> entry = cache.store("statistics", [], "population of Hjo", ["scb"], fingerprint="f1")
>>> cache.lookup("statistics", [], "Hjo population?", fingerprint="f1").agents
('scb',)
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from notebook_router.store.database import Database
from notebook_router.supervisor.combos import DEFAULT_TTL_S, ComboEntry

# Kept in the row's JSON ``detail`` column: a new field (``plan``) needs no schema change,
# and rows written before it read back with its default.
_DETAIL = ("route_hint", "recent", "tokens", "scores", "fingerprint", "plan")


class SqliteComboBackend:
    """:class:`~notebook_router.supervisor.combos.ComboBackend` on the ``agent_cache`` table."""

    def __init__(self, db: Database, *, ttl_s: float | None = DEFAULT_TTL_S) -> None:
        """``ttl_s`` sets each row's ``expires_at``, which :meth:`purge_expired` uses."""
        self.db = db
        self.ttl_s = ttl_s

    def get(self, key: str) -> ComboEntry | None:
        row = self.db.one("SELECT * FROM agent_cache WHERE key = ?", (key,))
        return None if row is None else _entry(row)

    def put(self, entry: ComboEntry) -> None:
        expires = None if self.ttl_s is None else entry.created_at + self.ttl_s
        detail = json.dumps(entry.model_dump(mode="json", include=set(_DETAIL)))
        with self.db.transaction() as conn:
            conn.execute(
                "INSERT INTO agent_cache "
                "(key, agents, created_at, expires_at, hits, last_hit_at, detail) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET "
                "agents = excluded.agents, created_at = excluded.created_at, "
                "expires_at = excluded.expires_at, hits = excluded.hits, "
                "last_hit_at = excluded.last_hit_at, detail = excluded.detail",
                (
                    entry.key,
                    json.dumps(list(entry.agents)),
                    entry.created_at,
                    expires,
                    entry.hit_count,
                    entry.last_used_at,
                    detail,
                ),
            )

    def delete(self, key: str) -> None:
        with self.db.transaction() as conn:
            conn.execute("DELETE FROM agent_cache WHERE key = ?", (key,))

    def clear(self) -> None:
        with self.db.transaction() as conn:
            conn.execute("DELETE FROM agent_cache")

    def entries(self) -> list[ComboEntry]:
        """Every entry, most used first."""
        rows = self.db.query("SELECT * FROM agent_cache ORDER BY hits DESC, key")
        return [_entry(r) for r in rows]

    def purge_expired(self, now: float) -> int:
        """Delete entries whose TTL ended before ``now``; return how many."""
        with self.db.transaction() as conn:
            cursor = conn.execute(
                "DELETE FROM agent_cache WHERE expires_at IS NOT NULL AND expires_at <= ?", (now,)
            )
            return cursor.rowcount


def _entry(row: sqlite3.Row) -> ComboEntry:
    detail: dict[str, Any] = json.loads(row["detail"] or "{}")
    return ComboEntry(
        key=row["key"],
        agents=tuple(json.loads(row["agents"])),
        created_at=row["created_at"],
        last_used_at=row["last_hit_at"] if row["last_hit_at"] is not None else row["created_at"],
        hit_count=row["hits"],
        route_hint=detail.get("route_hint", ""),
        recent=tuple(detail.get("recent", ())),
        tokens=tuple(detail.get("tokens", ())),
        scores=tuple(detail.get("scores", ())),
        fingerprint=detail.get("fingerprint", ""),
        plan=detail.get("plan"),
    )
