"""The agent-combination cache: keys, TTL, hit counts, invalidation, the backend protocol."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from notebook_router.errors import ConfigError
from notebook_router.store import SessionStore
from notebook_router.supervisor.combos import AgentComboCache, ComboEntry, InMemoryComboBackend


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def test_key_ignores_word_order_case_stop_words_and_old_calls() -> None:
    cache = AgentComboCache(recent_window=2)
    a = cache.key("Statistics", ["x", "scb", "media"], "How many people live in Hjo?")
    b = cache.key("statistics", ["scb", "media"], "hjo: how many people live")
    assert a == b and a.recent == ("scb", "media")
    assert cache.key("action", ["scb", "media"], "how many people live in hjo") != a
    assert cache.key("statistics", ["media"], "how many people live in hjo") != a


def test_hits_are_counted_and_stamped() -> None:
    clock = Clock()
    cache = AgentComboCache(clock=clock)
    assert cache.lookup("stats", [], "population of Hjo", fingerprint="f") is None
    cache.store("stats", [], "population of Hjo", ["scb", "media"], fingerprint="f")
    clock.now += 5
    first = cache.lookup("stats", [], "Hjo population", fingerprint="f")
    clock.now += 5
    second = cache.lookup("stats", [], "Hjo population", fingerprint="f")
    assert first is not None and second is not None
    assert second.agents == ("scb", "media")
    assert (first.hit_count, second.hit_count) == (1, 2)
    assert second.last_used_at == 1_010.0 and second.created_at == 1_000.0
    assert (cache.hits, cache.misses) == (2, 1)


def test_entries_expire_after_the_ttl() -> None:
    clock = Clock()
    cache = AgentComboCache(ttl_s=60, clock=clock)
    cache.store("", [], "weather in Rome", ["weather"], fingerprint="f")
    clock.now += 60
    assert cache.lookup("", [], "weather in Rome", fingerprint="f") is not None
    clock.now += 1
    assert cache.lookup("", [], "weather in Rome", fingerprint="f") is None
    assert cache.backend.entries() == []  # the stale entry is gone, not just skipped


def test_purge_drops_only_expired_entries() -> None:
    clock = Clock()
    cache = AgentComboCache(ttl_s=10, clock=clock)
    cache.store("", [], "old request", ["a"], fingerprint="f")
    clock.now += 20
    cache.store("", [], "new request", ["b"], fingerprint="f")
    assert cache.purge() == 1
    assert [e.agents for e in cache.backend.entries()] == [("b",)]


def test_changed_agents_invalidate_old_entries() -> None:
    cache = AgentComboCache()
    cache.store("", [], "find flights", ["flights"], fingerprint="before")
    assert cache.lookup("", [], "find flights", fingerprint="after") is None
    assert cache.backend.entries() == []
    cache.store("", [], "find flights", ["flights"], fingerprint="after")
    cache.invalidate()
    assert cache.lookup("", [], "find flights", fingerprint="after") is None


def test_requests_without_content_are_never_cached() -> None:
    cache = AgentComboCache()
    assert cache.store("", [], "the and of", ["x"], fingerprint="f") is None
    assert cache.lookup("", [], "the and of", fingerprint="f") is None


def test_in_memory_backend_is_bounded_least_recently_used_first() -> None:
    backend = InMemoryComboBackend(max_entries=2)
    cache = AgentComboCache(backend)
    for query in ("alpha request", "beta request"):
        cache.store("", [], query, ["a"], fingerprint="f")
    cache.lookup("", [], "alpha request", fingerprint="f")  # alpha is now the most recent
    cache.store("", [], "gamma request", ["g"], fingerprint="f")
    left = {e.tokens for e in backend.entries()}
    assert left == {("alpha", "request"), ("gamma", "request")}
    with pytest.raises(ConfigError):
        InMemoryComboBackend(max_entries=0)


def test_any_object_with_the_five_methods_is_a_backend() -> None:
    class DictBackend:
        def __init__(self) -> None:
            self.rows: dict[str, ComboEntry] = {}

        def get(self, key: str) -> ComboEntry | None:
            return self.rows.get(key)

        def put(self, entry: ComboEntry) -> None:
            self.rows[entry.key] = entry

        def delete(self, key: str) -> None:
            self.rows.pop(key, None)

        def clear(self) -> None:
            self.rows.clear()

        def entries(self) -> list[ComboEntry]:
            return list(self.rows.values())

    backend = DictBackend()
    cache = AgentComboCache(backend)
    cache.store("x", ["a"], "some request", ["b"], fingerprint="f")
    # Entries are plain pydantic models: what a database row needs to hold.
    [row] = backend.rows.values()
    assert ComboEntry.model_validate_json(row.model_dump_json()) == row
    assert cache.lookup("x", ["a"], "request some", fingerprint="f") is not None


def test_ttl_must_be_positive() -> None:
    with pytest.raises(ConfigError, match="ttl_s=0"):
        AgentComboCache(ttl_s=0)


def test_the_session_database_keeps_a_plan_and_reads_rows_written_before_plans(
    tmp_path: Path,
) -> None:
    store = SessionStore(tmp_path)
    cache = store.combo_cache()
    plan = '{"action": "execute", "run": [{"id": "t1", "agent": "a", "description": "x"}]}'
    cache.store("plan:x", [], "load the sales table", ["a"], fingerprint="f", plan=plan)
    # A row as an older version wrote it: its detail has no "plan".
    old_detail = json.dumps({"route_hint": "stats", "tokens": ["hjo"], "fingerprint": "f"})
    with store.db.transaction() as conn:
        conn.execute(
            "INSERT INTO agent_cache (key, agents, created_at, expires_at, hits, last_hit_at, "
            "detail) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                cache.key("stats", [], "hjo").digest(),
                '["scb"]',
                time.time(),
                None,
                0,
                None,
                old_detail,
            ),
        )
    store.close()

    reopened = SessionStore(tmp_path).combo_cache()
    kept = reopened.lookup("plan:x", [], "Load the sales table", fingerprint="f")
    assert kept is not None and kept.plan == plan and kept.agents == ("a",)
    old = reopened.lookup("stats", [], "Hjo", fingerprint="f")
    assert old is not None and old.agents == ("scb",) and old.plan is None
