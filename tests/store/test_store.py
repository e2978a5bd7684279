"""The session store on real SQLite: recording, listing, schema upgrades, purge, secrets."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from notebook_router import Router, agent
from notebook_router.errors import RunNotStoredError, StoreError, StoreVersionError
from notebook_router.result import AgentResult
from notebook_router.store import SCHEMA_VERSION, SessionStore, parse_duration
from notebook_router.store.combos import SqliteComboBackend
from notebook_router.store.schema import current_version, migrate
from tests.store.conftest import TASK, OpenStore, old_database, stored_runs
from tests.store.disk import all_bytes
from tests.store.resume_agents import AGENTS

# Built at import time so that secret scanners do not flag the repository.
FAKE_KEY = "sk-" + "test-FAKE0123456789abcdefSTORE"
ENV_KEY = "plainsecret" + "-9f8e7d6c5b4a"  # a key with no recognisable shape


async def test_a_run_is_recorded_with_its_events_plan_results_and_context(
    tmp_path: Path, open_store: OpenStore
) -> None:
    store = open_store()
    result = await Router(AGENTS, store=store).run(TASK, context={"region": "North"})
    [info] = store.runs()
    assert info.id == result.run_id and info.status == "finished"
    assert info.stop_reason == "completed" and info.answer == result.answer
    assert (info.tasks, info.tasks_done) == (2, 2) and info.model == "offline:default"
    stored = store.load(result.run_id)
    assert stored.events[0].kind == "run_started"
    assert [e.seq for e in stored.events] == list(range(1, len(stored.events) + 1))
    assert [(t.id, t.agent, t.status) for t in stored.tasks] == [
        ("t1", "numbers", "fulfilled"),
        ("t2", "total", "fulfilled"),
    ]
    assert stored.results["t1"] == ((3, 1, 4, 1, 5, 9, 2, 6), True)
    assert stored.results["t2"] == (31, True)
    assert stored.context["region"] == ("North", "user", True)
    # The file lives where it was asked to, with the notebook folder's conventions.
    assert Path(store.path) == tmp_path / "sessions.db"


async def test_rebuilt_state_matches_the_finished_run(open_store: OpenStore) -> None:
    store = open_store()
    router = Router(AGENTS, store=store)
    run = router.start(TASK)
    result = await run
    store.flush()
    rebuilt = store.rebuild(run.id).state
    assert rebuilt.goal == run.state.goal and rebuilt.iteration == run.state.iteration
    assert rebuilt.answer == result.answer and rebuilt.stop_reason == "completed"
    assert [(t.id, t.status, t.summary, t.depends_on) for t in rebuilt.plan] == [
        (t.id, t.status, t.summary, t.depends_on) for t in run.state.plan
    ]
    assert rebuilt.usage.total_tokens == run.state.usage.total_tokens
    assert rebuilt.results["t2"].data == 31


async def test_a_run_spread_over_many_batches_keeps_every_event_once_and_the_latest_values(
    tmp_path: Path,
) -> None:
    # Agents that take longer than the flush interval, and write the shared
    # context from a worker thread: the run lands in the database in many
    # batches, each with the values its events announce.
    @agent(name="counter", can=["count"])
    def counter(context: Any) -> int:  # a plain function: it runs on a worker thread
        for i in range(3):
            context.remember("count", i)
            time.sleep(0.01)
        return 3

    @agent(name="doubler", can=["double"])
    async def doubler(context: Any) -> int:
        await asyncio.sleep(0.03)
        context.remember("count", 10)
        return 10

    store = SessionStore(tmp_path, flush_interval_s=0.01)
    router = Router([counter, doubler], store=store)
    run = router.start("count to three, then double it", context={"count": 0})
    await asyncio.sleep(0.02)
    store.flush()
    assert store.run(run.id).status == "running"  # already in the database mid-run
    result = await run
    store.flush()
    batches = store.db.query("SELECT first_seq, last_seq FROM events WHERE run_id = ?", (run.id,))
    assert len(batches) > 2
    stored = store.load(run.id)
    assert [e.seq for e in stored.events] == [e.seq for e in run.history]
    assert stored.events == run.history
    assert sorted(t.agent for t in result.tasks) == ["counter", "doubler"]
    assert stored.context["count"][0] == run.state.context.get("count")
    assert {k: v for k, (v, _) in stored.results.items()} == {
        t: r.data for t, r in result.results.items()
    }
    store.close()


async def test_runs_are_listed_newest_first_and_found_by_prefix(open_store: OpenStore) -> None:
    store = open_store()
    [first] = await stored_runs(store)
    [second] = await stored_runs(store, query="Load the numbers")
    assert [r.id for r in store.runs()] == [second, first]
    assert store.run(first[:5]).id == first
    with pytest.raises(RunNotStoredError, match="No stored run 'zzz'"):
        store.run("zzz")


async def test_purge_deletes_old_runs_and_what_only_they_used(open_store: OpenStore) -> None:
    store = open_store(expiry=None)
    [old] = await stored_runs(store)
    [new] = await stored_runs(store)
    with store.db.transaction() as conn:
        conn.execute("UPDATE runs SET started_at = ? WHERE id = ?", (time.time() - 40 * 86400, old))
    assert store.purge("30d") == 1
    assert [r.id for r in store.runs()] == [new]
    for table in ("events", "run_values", "tasks", "context_snapshots"):
        left = store.db.one(f"SELECT COUNT(*) FROM {table} WHERE run_id = ?", (old,))
        assert left is not None and left[0] == 0, table


async def test_a_default_expiry_purges_old_runs_when_the_store_opens(tmp_path: Path) -> None:
    store = SessionStore(tmp_path, expiry=None)
    [old] = await stored_runs(store)
    with store.db.transaction() as conn:
        conn.execute("UPDATE runs SET started_at = ? WHERE id = ?", (time.time() - 8 * 86400, old))
    store.close()
    reopened = SessionStore(tmp_path, expiry="7d")
    assert reopened.purged_on_open == 1 and reopened.runs() == []
    reopened.close()


def test_durations_read_the_way_people_write_them() -> None:
    assert parse_duration("30d").days == 30
    assert parse_duration("12h").total_seconds() == 12 * 3600
    assert parse_duration("2w").days == 14
    assert parse_duration(1.5).total_seconds() == 1.5 * 86400
    with pytest.raises(ValueError, match="30d, 12h"):
        parse_duration("soon")


async def test_size_is_reported_and_shrinks_after_a_purge(open_store: OpenStore) -> None:
    store = open_store(expiry=None)
    for _ in range(3):
        await stored_runs(store)
    before = store.size_bytes()
    assert before > 0
    store.purge(0)
    assert store.size_bytes() <= before and store.count() == 0


async def test_memory_store_works_for_tests() -> None:
    store = SessionStore(":memory:")
    [run_id] = await stored_runs(store)
    assert store.run(run_id).status == "finished" and store.size_bytes() > 0
    store.close()


# ----------------------------------------------------------------- schema


def test_a_version_1_database_is_upgraded_in_place_and_keeps_its_runs(tmp_path: Path) -> None:
    path = tmp_path / "sessions.db"
    old_database(path, 1)
    store = SessionStore(path, expiry=None)
    assert store.db.upgraded_from == 1 and store.db.version == SCHEMA_VERSION
    versions = [r[0] for r in store.db.query("SELECT version FROM schema_version ORDER BY 1")]
    assert versions == list(range(1, SCHEMA_VERSION + 1))
    [info] = store.runs()
    assert info.id == "oldrun" and info.answer == "the old answer" and info.resumes == 0
    rebuilt = store.rebuild("oldrun").state
    assert rebuilt.stop_reason == "completed" and rebuilt.answer == "the old answer"
    # Tables added after version 1 work on the upgraded database.
    store.facts.add("upgraded databases keep working", topic="store")
    cache = store.combo_cache()
    cache.store("statistics", [], "population of Hjo", ["scb"], fingerprint="f1")
    assert cache.lookup("statistics", [], "Hjo population", fingerprint="f1") is not None
    store.close()


def test_a_database_from_a_newer_release_is_refused_with_advice(tmp_path: Path) -> None:
    path = tmp_path / "sessions.db"
    SessionStore(path).close()
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO schema_version VALUES (?, 0)", (SCHEMA_VERSION + 1,))
    conn.commit()
    conn.close()
    with pytest.raises(StoreVersionError, match="Upgrade notebook_router"):
        SessionStore(path)


def test_a_file_that_is_not_a_database_gives_advice(tmp_path: Path) -> None:
    path = tmp_path / "sessions.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="Move it aside"):
        SessionStore(path)


def test_a_database_locked_by_another_kernel_is_not_called_broken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from notebook_router.store import database

    monkeypatch.setattr(database, "BUSY_TIMEOUT_S", 0.2)  # not the real 15 s wait
    path = tmp_path / "sessions.db"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")  # another process in the middle of something long
    with pytest.raises(StoreError, match=r"right now \(database is locked\)") as caught:
        SessionStore(path)
    assert "Move it aside" not in str(caught.value)
    holder.execute("ROLLBACK")
    holder.close()


def test_migrations_apply_once_each(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, str(path)) == 0
    assert migrate(conn, str(path)) == SCHEMA_VERSION
    assert current_version(conn) == SCHEMA_VERSION
    conn.close()


# ---------------------------------------------------------------- secrets


@agent(can=["secret", "leak"])
def leaky(task: str) -> Any:
    "Returns things that look like keys."
    return {"note": f"key {FAKE_KEY} and {ENV_KEY}", "obj": ("tuple", ENV_KEY)}


async def test_secrets_never_reach_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", ENV_KEY)
    store = SessionStore(tmp_path)
    router = Router([leaky], model="offline", store=store)
    result = await router.run(
        f"leak the secret {FAKE_KEY}", context={"token": ENV_KEY, "nested": [FAKE_KEY]}
    )
    store.facts.add(f"the key is {ENV_KEY}")
    store.close()
    assert ENV_KEY in str(result.data("t1"))  # the run itself still has the real data
    raw = all_bytes(tmp_path)
    assert raw  # the database and its log were written
    for secret in (FAKE_KEY, ENV_KEY):
        assert secret.encode() not in raw
    reopened = SessionStore(tmp_path)
    stored = reopened.load(result.run_id)
    assert "[redacted]" in stored.info.query
    value, restored = stored.results["t1"]
    assert not restored and "[redacted]" in value  # a pickle holding a key is not kept
    assert stored.context["token"][0] == "[redacted]"  # plain data is kept, redacted
    reopened.close()


async def test_keys_in_numpy_text_media_sources_and_fact_topics_stay_out(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    from notebook_router.media import Media
    from notebook_router.result import AgentResult

    @agent(can=["keys", "array"])
    def arrays() -> AgentResult:
        "Returns text in a NumPy array (kept as UTF-32) and a figure from a keyed URL."
        figure = Media(mime_type="image/png", data=b"png", source=f"https://x.test/?key={FAKE_KEY}")
        return AgentResult(data=np.array([FAKE_KEY, "plain"]), media=(figure,))

    store = SessionStore(tmp_path)
    result = await Router([arrays], store=store).run("Return the key array")
    store.facts.add("a fact", topic=FAKE_KEY, source=FAKE_KEY)
    store.close()
    assert list(result.data("t1")) == [FAKE_KEY, "plain"]
    raw = all_bytes(tmp_path)
    for encoding in ("utf-8", "utf-16-le", "utf-32-le"):
        assert FAKE_KEY.encode(encoding) not in raw, encoding


# ----------------------------------------------------------------- extras


def test_combination_cache_counts_hits_and_expires() -> None:
    now = [1000.0]
    store = SessionStore(":memory:")
    cache = store.combo_cache(ttl_s=60, clock=lambda: now[0])
    cache.store(
        "travel", ["flights"], "Plan a trip to Rome", ["hotels", "restaurants"], fingerprint="f"
    )
    found = cache.lookup("travel", ["flights"], "plan trip rome", fingerprint="f")
    assert found is not None and found.agents == ("hotels", "restaurants")
    found = cache.lookup("travel", ["flights"], "Rome trip plan", fingerprint="f")
    assert found is not None and found.hit_count == 2 and found.last_used_at == now[0]
    # The whole entry comes back from the database, not just the agents.
    [row] = cache.backend.entries()
    assert row.route_hint == "travel" and row.recent == ("flights",) and row.fingerprint == "f"
    assert row.tokens == ("plan", "rome", "trip") and row.hit_count == 2
    # Other agents (a new fingerprint) or an ended TTL make the entry stale.
    assert cache.lookup("travel", ["flights"], "plan trip rome", fingerprint="g") is None
    cache.store("travel", [], "Plan a trip to Rome", ["hotels"], fingerprint="f")
    now[0] += 61
    assert cache.lookup("travel", [], "plan trip rome", fingerprint="f") is None
    assert cache.backend.entries() == []
    cache.store("travel", [], "Plan a trip to Rome", ["hotels"], fingerprint="f")
    now[0] += 61
    assert isinstance(cache.backend, SqliteComboBackend)
    assert cache.backend.purge_expired(now[0]) == 1
    store.close()


def test_combination_cache_is_shared_by_stores_on_the_same_folder(tmp_path: Path) -> None:
    a, b = SessionStore(tmp_path), SessionStore(tmp_path)
    a.combo_cache().store("", [], "population of Hjo", ["x", "y"], fingerprint="f")
    hit = b.combo_cache().lookup("", [], "Hjo population", fingerprint="f")
    assert hit is not None and hit.agents == ("x", "y")
    assert a.combo_cache().backend.entries()[0].hit_count == 1
    a.close()
    b.close()


def test_facts_are_deduplicated_and_searched_by_words() -> None:
    kb = SessionStore(":memory:").facts
    first = kb.add("North revenue grew 36% in 2025", topic="sales", source="t3", run_id="r1")
    assert kb.add("North  revenue grew 36% in 2025", topic="sales") == first
    kb.add("Hotels near Piazza Navona cost 210 a night", topic="travel")
    assert [f.text for f in kb.search("how did revenue in the north grow")] == [
        "North revenue grew 36% in 2025"
    ]
    assert kb.search("weather") == []
    assert kb.delete(first) and not kb.delete(first)
    assert [f.topic for f in kb.all()] == ["travel"]


def test_recorded_calls_are_indexed_incrementally(tmp_path: Path) -> None:
    recording = tmp_path / "runs.jsonl"
    lines: list[dict[str, Any]] = [
        {
            "hash": "abc123",
            "provider": "openai",
            "model": "gpt-4o-mini",
            "purpose": "router.decide",
            "usage": {"input_tokens": 10, "output_tokens": 5, "cost_usd": 0.001},
            "latency_s": 0.5,
        },
        {
            "hash": "def456",
            "provider": "openai",
            "model": "gpt-4o-mini",
            "purpose": "router.synthesise",
            "usage": {},
        },
    ]
    recording.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    index = SessionStore(":memory:").recordings
    assert index.index(recording, run_id="run1") == 2
    assert index.index(recording) == 0  # nothing new
    with recording.open("a") as fh:
        fh.write(json.dumps({**lines[0], "hash": "ghi789"}) + "\n")
    assert index.index(recording, run_id="run2") == 1
    [found] = index.find("abc")
    assert (found.purpose, found.input_tokens, found.line, found.run_id) == (
        "router.decide",
        10,
        1,
        "run1",
    )
    assert [c.hash for c in index.for_run("run1")] == ["abc123", "def456"]


# ----------------------------------------------------------------- values


@agent(can=["odd", "values"])
def odd(task: str) -> Any:
    "Returns something that cannot be pickled."
    return lambda: 1


async def test_unpicklable_results_are_kept_as_a_preview_and_redone_on_resume(
    open_store: OpenStore,
) -> None:
    store = open_store()
    result = await Router([odd], store=store).run("give me odd values")
    store.flush()
    value, restored = store.load(result.run_id).results["t1"]
    assert not restored and "lambda" in value


async def test_the_store_never_blocks_the_loop_when_another_kernel_holds_the_lock(
    tmp_path: Path, open_store: OpenStore
) -> None:
    store = open_store()
    blocker = sqlite3.connect(tmp_path / "sessions.db", isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # another kernel in the middle of a write
    started = time.perf_counter()
    result = await Router(AGENTS, store=store).run(TASK)
    took = time.perf_counter() - started
    assert result.stop_reason == "completed" and took < 5  # the run did not wait for SQLite
    await asyncio.sleep(0.3)
    blocker.execute("COMMIT")
    blocker.close()
    assert store.flush(timeout=20)
    assert store.run(result.run_id).status == "finished"


async def test_command_line_lists_and_exports_stored_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from notebook_router.cli import main

    store = SessionStore(tmp_path)
    [run_id] = await stored_runs(store)
    store.close()
    assert main(["runs", "--store", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(run_id) and "completed" in out and "2/2" in out
    assert "1 runs in" in out
    assert main(["runs", "--store", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == run_id
    target = tmp_path / "out.json"
    assert main(["export", run_id[:4], "--to", str(target), "--store", str(tmp_path)]) == 0
    assert json.loads(target.read_text())["run"]["id"] == run_id
    assert main(["export", run_id, "--to", str(tmp_path / "x.txt"), "--store", str(tmp_path)]) == 2
    assert "use a .json file" in capsys.readouterr().err
    assert main(["runs", "--store", str(tmp_path / "nowhere")]) == 2
    assert "No session database" in capsys.readouterr().err


@agent(can=["chart", "plot"])
def chart(task: str) -> Any:
    "Draws a chart."
    from notebook_router import AgentResult, Media

    png = b"\x89PNG\r\n\x1a\n" + bytes(range(64))
    return AgentResult(data="a chart", media=(Media(mime_type="image/png", data=png),))


async def test_export_then_import_into_another_store_keeps_plan_answer_and_figures(
    tmp_path: Path,
) -> None:
    from notebook_router.store.export import import_run, write_export

    home = SessionStore(tmp_path / "home")
    result = await Router([chart], store=home).run("plot a chart")
    home.flush()
    exported = write_export(home, result.run_id, tmp_path / "run.json")
    page = write_export(home, result.run_id, tmp_path / "run.html")
    home.close()

    away = SessionStore(tmp_path / "away")
    info = import_run(away, exported)
    assert (
        info.imported and info.answer == result.answer and (info.tasks, info.tasks_done) == (1, 1)
    )
    rebuilt = away.rebuild(info.id)
    assert [m.mime_type for m in rebuilt.media] == ["image/png"]
    assert rebuilt.state.results["t1"].data == "a chart"
    assert import_run(away, page).id == info.id  # the HTML page carries the run too
    away.close()


def test_importing_something_else_says_what_is_wrong(tmp_path: Path) -> None:
    from notebook_router.errors import ExportFormatError
    from notebook_router.store.export import import_run

    bad = tmp_path / "notes.json"
    bad.write_text('{"hello": "world"}')
    store = SessionStore(":memory:")
    with pytest.raises(ExportFormatError, match="not a notebook_router run export"):
        import_run(store, bad)
    with pytest.raises(ExportFormatError, match="Cannot read"):
        import_run(store, tmp_path / "missing.json")
    picture = tmp_path / "figure.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(ExportFormatError, match=r"figure\.png is not text"):
        import_run(store, picture)
    store.close()


@agent(can=["read", "bytes"])
def undecodable(task: str) -> str:
    "Reads text the way Python does for bytes that are not UTF-8 (surrogateescape)."
    return b"caf\xe9 menu".decode("utf-8", "surrogateescape")


async def test_text_that_is_not_valid_unicode_is_recorded_not_dropped(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    result = await Router([undecodable], store=store).run("read the menu bytes")
    store.flush()
    assert store.writer.failures == 0
    stored = store.load(result.run_id)
    finished = [e for e in stored.events if e.kind == "task_finished"]
    assert finished[0].summary == "caf\ufffd menu"
    assert stored.results["t1"] == ("caf\udce9 menu", True)
    store.close()


@agent(can=["notes", "summary"])
def own_words() -> AgentResult:
    "Summarises in its own words, which came from bytes that are not UTF-8."
    words = b"caf\xe9 menu".decode("utf-8", "surrogateescape")
    return AgentResult(data=1, summary=words, error=None)


async def test_an_agents_own_summary_that_is_not_valid_unicode_does_not_lose_the_run(
    open_store: OpenStore,
) -> None:
    store = open_store()
    result = await Router([own_words], store=store).run("Write the summary notes")
    assert result.task("t1").summary == "caf\ufffd menu"
    store.flush()
    assert store.writer.failures == 0
    stored = store.load(result.run_id)
    assert stored.info.status == "finished"
    assert [t.summary for t in stored.tasks] == ["caf\ufffd menu"]


def test_events_are_stored_as_the_json_the_event_schema_reads_back() -> None:
    from notebook_router.planner import events as ev
    from notebook_router.store.codec import decode_events
    from notebook_router.store.recorder import _events_json

    def stamped(event: ev.Event, seq: int) -> ev.Event:
        event.run_id, event.seq, event.t = "r1", seq, seq / 3
        return event

    info = ev.TaskInfo(id="t1", description="load é", agent="a", depends_on=("t0",))
    events = [
        stamped(
            ev.DecisionMade(
                iteration=1,
                action="execute",
                reason="",
                tasks=("t1",),
                added=(info,),
                dropped=(),
                question=None,
            ),
            1,
        ),
        stamped(
            ev.TraceNote(task_id="t1", agent="a", note="tool", message='q\n"x"', data={"k": "v"}),
            2,
        ),
        stamped(ev.TaskSkipped(task_id="t2", reason="bad byte \udce9"), 3),
    ]
    text = _events_json(events)
    text.encode()  # valid UTF-8 for SQLite, even with the lone surrogate
    assert decode_events(text) == events


def test_a_batch_sqlite_refuses_costs_only_itself_and_the_writer_goes_on(
    open_store: OpenStore,
) -> None:
    store = open_store()
    insert = "INSERT INTO facts (text, topic, source, created_at) VALUES (?, ?, ?, ?)"
    store.writer.submit([(insert, [("kept before", "t", "s", 1.0)])])
    store.writer.submit([(insert, [("too big", "t", "s", 10**20)])])  # OverflowError, not sqlite
    store.writer.submit([(insert, [("kept after", "t", "s", 2.0)])])
    assert store.writer.flush(10)
    texts = [row[0] for row in store.db.query("SELECT text FROM facts ORDER BY created_at")]
    assert texts == ["kept before", "kept after"]  # same drain, separate fates
    assert store.writer.failures == 1
    store.writer.submit([(insert, [("much later", "t", "s", 3.0)])])
    assert store.writer.flush(10)  # the thread is still alive
    assert store.db.query("SELECT COUNT(*) FROM facts WHERE text = 'much later'")[0][0] == 1


def _dead_pid() -> int:
    """The pid of a process that has already exited."""
    code = "import os; print(os.getpid())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(done.stdout)


async def test_purging_keeps_the_session_rows_of_kernels_still_running(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    other = SessionStore(tmp_path)  # another kernel on the same folder, idle: no runs yet
    with store.db.transaction() as conn:
        conn.execute(
            "INSERT INTO sessions (id, started_at, host, pid, notebook) VALUES (?, ?, ?, ?, ?)",
            ("deadbeef", 0.0, store.host, _dead_pid(), ""),
        )
    [run_id] = await stored_runs(store)
    store.delete([run_id])
    sessions = {row[0] for row in store.db.query("SELECT id FROM sessions")}
    assert other.session_id in sessions and "deadbeef" not in sessions
    # ...so the idle kernel's next run is recorded.
    await stored_runs(other)
    assert [info.status for info in other.runs()] == ["finished"]
    other.close()
    store.close()


@agent(can=["nest", "deep"])
def nester(task: str) -> list[object]:
    "Returns a list nested thousands deep (deeper than JSON or pickle go)."
    value: list[object] = []
    for _ in range(5000):
        value = [value]
    return value


async def test_a_value_nested_too_deep_to_encode_is_kept_as_a_preview(
    open_store: OpenStore,
) -> None:
    store = open_store()
    result = await Router([nester], store=store).run("Nest it deep")
    assert (result.stop_reason, result.task("t1").status) == ("completed", "fulfilled")
    store.flush()
    stored = store.load(result.run_id)
    assert stored.events[-1].kind == "run_finished"
    assert stored.results["t1"] == ("(list that cannot be previewed)", False)


async def test_events_are_kept_when_a_batch_of_values_cannot_be_encoded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from notebook_router.store import codec

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("an encoder bug")

    monkeypatch.setattr(codec, "encode_batch", broken)
    store = SessionStore(tmp_path)
    result = await Router(AGENTS, store=store).run(TASK)
    store.flush()
    stored = store.load(result.run_id)
    assert [e.seq for e in stored.events] == list(range(1, len(stored.events) + 1))
    assert stored.events[-1].kind == "run_finished" and stored.info.status == "finished"
    assert "keeping its events" in caplog.text
    store.close()


def test_a_database_that_cannot_be_written_on_opening_says_why_and_leaks_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from notebook_router.store.database import Database

    def locked(self: Database) -> Any:
        raise sqlite3.OperationalError("database is locked")

    before = threading.active_count()
    monkeypatch.setattr(Database, "transaction", locked)
    with pytest.raises(
        StoreError, match=r"Cannot write to the session database .*database is locked"
    ):
        SessionStore(tmp_path)
    assert threading.active_count() == before  # the writer thread was stopped


async def test_closing_the_store_mid_run_keeps_what_was_recorded_and_the_run_goes_on(
    tmp_path: Path,
) -> None:
    @agent(can=["slow", "think"])
    async def thinker() -> str:
        "Thinks for a moment."
        await asyncio.sleep(0.3)
        return "thought"

    store = SessionStore(tmp_path, flush_interval_s=10)  # nothing flushed by the timer
    run = Router([thinker], store=store).start("Think slowly")
    async for event in run.events():
        if event.kind == "task_started":
            break
    store.close()  # e.g. `%route store OTHER_PATH` while this run goes on
    result = await run
    assert result.stop_reason == "completed"
    reopened = SessionStore(tmp_path)
    kinds = [e.kind for e in reopened.load(run.id).events]
    assert kinds[0] == "run_started" and "task_started" in kinds and "run_finished" not in kinds
    reopened.close()
