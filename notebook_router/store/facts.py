"""The knowledge base: facts kept across runs.

A fact is a sentence with a topic, where it came from, and how sure we
are. Facts are deduplicated per topic and searched by word overlap, which
is what a knowledge-base agent needs to answer "what do we already know
about X" before anything calls a model.

>>> from notebook_router.store import SessionStore
>>> kb = SessionStore(":memory:").facts
>>> kb.add("North revenue grew 36% in 2025", topic="sales", source="t3")
1
>>> [f.text for f in kb.search("north revenue")]
['North revenue grew 36% in 2025']
"""

from __future__ import annotations

import sqlite3
import time

from notebook_router.context.memory import Fact
from notebook_router.language.lexicon import terms
from notebook_router.store.codec import Scanner
from notebook_router.store.database import Database


class FactStore:
    """Facts of one notebook (``scope``) in the session database's ``facts`` table."""

    def __init__(self, db: Database, scope: str = "") -> None:
        self.db = db
        self.scope = scope

    def add(
        self,
        text: str,
        *,
        topic: str = "",
        source: str = "",
        run_id: str | None = None,
        confidence: float = 1.0,
    ) -> int:
        """Keep ``text`` (secrets removed); return its id (the existing one for a duplicate)."""
        scan = Scanner()
        clean = scan.clean(" ".join(text.split())) or ""
        if not clean:
            raise ValueError("A fact needs some text.")
        topic, source = scan.clean(topic) or "", scan.clean(source) or ""
        with self.db.transaction() as conn:
            conn.execute(
                "INSERT INTO facts (scope, topic, text, source, run_id, confidence, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope, topic, text) DO UPDATE SET "
                "confidence = MAX(confidence, excluded.confidence)",
                (self.scope, topic, clean, source, run_id, confidence, time.time()),
            )
            row = conn.execute(
                "SELECT id FROM facts WHERE scope = ? AND topic = ? AND text = ?",
                (self.scope, topic, clean),
            ).fetchone()
        return int(row["id"])

    def all(self, topic: str | None = None) -> list[Fact]:
        """Every fact (of one topic), oldest first."""
        if topic is None:
            rows = self.db.query("SELECT * FROM facts WHERE scope = ? ORDER BY id", (self.scope,))
        else:
            rows = self.db.query(
                "SELECT * FROM facts WHERE scope = ? AND topic = ? ORDER BY id", (self.scope, topic)
            )
        return [_fact(r) for r in rows]

    def search(self, query: str, *, limit: int = 5, topic: str | None = None) -> list[Fact]:
        """Facts sharing the most (stemmed) words with ``query``, best first."""
        wanted = set(terms(query))
        if not wanted:
            return []
        scored = []
        for fact in self.all(topic):
            overlap = len(wanted & set(terms(f"{fact.topic} {fact.text}")))
            if overlap:
                scored.append((-overlap, -fact.confidence, fact.id, fact))
        return [item[3] for item in sorted(scored)[:limit]]

    def delete(self, fact_id: int) -> bool:
        """Remove a fact; False if there was none with that id."""
        with self.db.transaction() as conn:
            sql = "DELETE FROM facts WHERE id = ? AND scope = ?"
            return conn.execute(sql, (fact_id, self.scope)).rowcount > 0

    def clear(self) -> int:
        """Remove every fact of this notebook; return how many there were."""
        with self.db.transaction() as conn:
            return conn.execute("DELETE FROM facts WHERE scope = ?", (self.scope,)).rowcount


def _fact(row: sqlite3.Row) -> Fact:
    return Fact(**{key: row[key] for key in row.keys()})  # noqa: SIM118 (Row has no __iter__ of keys)
