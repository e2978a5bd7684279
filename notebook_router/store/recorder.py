"""Recording one run into the session database as it happens.

:class:`RunRecorder` is an event subscriber. For each event it only appends
to a buffer, with the task result or context entry the event is about (the
store needs the value; the event only carries a preview). A loop callback,
every ``interval_s`` seconds or ``max_batch`` events, turns the buffer into a
few rows and hands them to the writer thread, which commits them as one
transaction; SQLite (and any wait for another kernel's lock) never runs on
the loop. The encoding does run on the loop's thread, between steps: done
on the writer thread it would cost the loop twice as much, because two
threads passing Python objects and the GIL between cores slow each other
down more than the work itself costs. A batch is:

* ``events``: the batch's events as one JSON array (the schema the
  panel and exports share), redacted;
* ``run_values``: the results and context changes of the batch, as one
  payload (JSON for plain data, else one pickle, so a resumed run gets its
  DataFrames back; secrets checked);
* ``runs``: the run's summary row (progress, usage, status, answer);
* ``tasks``: the final plan, when the run ends, built by the writer thread
  (the run is over, so nothing changes it; a crashed run's plan is rebuilt
  from its events).

So the database always holds a prefix of the run's events together with
the values that go with them, and a kernel killed mid-run loses at most
the batch in flight.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from notebook_router.agents.result import AgentResult
from notebook_router.context.shared import ContextEntry
from notebook_router.media import Media
from notebook_router.planner import events as ev
from notebook_router.planner.state import RunState
from notebook_router.store import codec
from notebook_router.store.writer import Statement

if TYPE_CHECKING:
    from notebook_router.planner.run import Run
    from notebook_router.store.writer import BatchWriter

log = logging.getLogger("notebook_router")


def _events_json(events: list[ev.Event]) -> str:
    """A batch of events as one JSON array: the text pydantic's ``EVENT_ADAPTER`` reads back.

    msgspec writes it: its C encoder walks the event dataclasses in under
    half the instructions of pydantic's serializer, and events are most of
    what the store does per loop step. It refuses text that is not valid
    Unicode (a lone surrogate in an agent's output): those events alone go
    through the JSON module, which escapes it.
    """
    try:
        return _ENCODER.encode(events).decode()
    except (UnicodeEncodeError, TypeError, ValueError):
        return "[" + ",".join(_event_json(event) for event in events) + "]"


def _event_json(event: ev.Event) -> str:
    try:
        return _ENCODER.encode(event).decode()
    except (UnicodeEncodeError, TypeError, ValueError):
        return json.dumps(ev.event_to_dict(event))  # ASCII: \ud800 stays an escape


_ENCODER = msgspec.json.Encoder()
_INSERT_EVENTS = (
    "INSERT OR REPLACE INTO events (run_id, first_seq, last_seq, data) VALUES (?, ?, ?, ?)"
)
_INSERT_VALUES = (
    "INSERT OR REPLACE INTO run_values (run_id, first_seq, format, data) VALUES (?, ?, ?, ?)"
)
_INSERT_MEDIA = "INSERT OR IGNORE INTO media (digest, mime_type, data) VALUES (?, ?, ?)"


@dataclass(slots=True)
class _RunStart:
    """What the runs row needs when recording starts (taken on the loop's thread)."""

    session_id: str
    query: str
    goal: str
    style: str
    model: str
    agents: list[str]
    max_iterations: int
    attachments: list[Media]
    context: list[ContextEntry]
    resumed: bool
    snapshot_seq: int


class _Batch:
    """What a recorder has buffered since its last flush."""

    __slots__ = ("context", "events", "results", "start")

    def __init__(self) -> None:
        self.start: _RunStart | None = None
        self.events: list[ev.Event] = []
        self.results: dict[str, AgentResult] = {}
        """Per task, the result its (latest) task_finished event announced."""
        self.context: dict[str, tuple[int, ContextEntry]] = {}
        """Per key, the latest entry written and the seq of its event, in write order."""


class RunRecorder:
    """Writes one run's events, results, context and plan to the store."""

    def __init__(
        self,
        run: Run,
        writer: BatchWriter,
        session_id: str,
        *,
        resumed: bool,
        max_batch: int = 256,
        interval_s: float = 0.2,
    ) -> None:
        self.run_id = run.id
        self._writer = writer
        self._state: RunState = run.state
        self._loop = run.loop
        self._thread = threading.get_ident()
        self._max_batch = max_batch
        self._interval_s = interval_s
        self._batch = _Batch()
        self._timer: asyncio.TimerHandle | None = None
        self._scan = codec.Scanner()
        self._media: dict[str, list[dict[str, Any]]] = {}
        state = run.state
        start = _RunStart(
            session_id=session_id,
            query=state.query,
            goal=state.goal,
            style=state.style,
            model=f"{run.provider.name}:{run.provider.model}",
            agents=list(run.agents.names()),
            max_iterations=run.limits.max_iterations,
            attachments=list(state.attachments),
            # Entries are immutable records: a list of them is a consistent
            # snapshot even if agents write the context while it is stored.
            context=[e for key in list(state.context) if (e := state.context.entry(key))],
            resumed=resumed,
            snapshot_seq=run.last_seq,
        )
        self._batch.start = start
        self.flush()  # the run is in the database before its first step
        self.unsubscribe = run.subscribe(self._on_event)

    # ------------------------------------------------------------ loop thread

    def _on_event(self, event: ev.Event) -> None:
        # Runs for every event on the loop's thread: only bookkeeping here,
        # the encoding waits for the flush. Results and context entries are
        # taken now, as of this event (the event itself carries a preview).
        batch = self._batch
        batch.events.append(event)
        kind = event.kind
        if kind == "context_updated":
            key = event.key  # type: ignore[union-attr]
            entry = self._state.context.entry(key)
            if entry is not None:  # only the latest value of a key matters
                context = batch.context
                context.pop(key, None)  # re-inserted: keys stay in the order of their writes
                context[key] = (event.seq, entry)
        elif kind == "task_finished":
            task_id = event.task_id  # type: ignore[union-attr]
            result = self._state.results.get(task_id)
            if result is not None:
                batch.results[task_id] = result
        elif kind == "run_finished":
            self.flush()
            self._writer.soon()
            return
        if self._timer is None:
            self._timer = self._loop.call_later(self._interval_s, self.flush)
        elif len(batch.events) >= self._max_batch:
            self._timer.cancel()
            self._timer = self._loop.call_soon(self.flush)  # type: ignore[assignment]

    def flush(self) -> None:
        """Encode what is buffered and hand it to the writer (on the loop's thread)."""
        if threading.get_ident() != self._thread:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nothing to hand over
                self._loop.call_soon_threadsafe(self.flush)
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        batch = self._batch
        if not batch.events and batch.start is None:
            return
        self._batch = _Batch()
        try:
            statements = self.encode(batch)
        except Exception:  # a bug here must never break the run
            log.exception("notebook_router: could not record events of run %s", self.run_id)
            return
        self._writer.submit(statements)
        finished = batch.events[-1] if batch.events else None
        if finished is not None and finished.kind == "run_finished":
            # The plan's rows (one per task) are built on the writer thread:
            # the run is over, so nothing changes them any more, and its
            # caller gets control back without waiting for them.
            self._writer.submit(functools.partial(self._encode_finish, finished, self._scan))

    def encode(self, batch: _Batch) -> list[Statement]:
        """The statements that write one batch."""
        self._scan = codec.Scanner()
        out: list[Statement] = []
        media_rows: list[tuple[Any, ...]] = []
        if batch.start is not None:
            out.extend(self._encode_start(batch.start, media_rows))
        events = batch.events
        if not events:
            return out
        results: dict[str, Any] = {}
        media: dict[str, list[dict[str, Any]]] = {}
        for task_id, result in batch.results.items():
            results[task_id] = result.data
            if result.media:
                refs = [_media_ref(m, self._scan, media_rows) for m in result.media]
                media[task_id] = self._media[task_id] = [r for r in refs if r]
        if media_rows:
            out.insert(0, (_INSERT_MEDIA, media_rows))
        first = events[0].seq
        text = _events_json(events)
        text = self._scan.clean(text) or "[]"  # keys have no JSON-escaped characters
        out.append((_INSERT_EVENTS, [(self.run_id, first, events[-1].seq, text)]))
        if results or batch.context:
            context = [
                (seq, entry.key, entry.source, entry.version, entry.value)
                for seq, entry in batch.context.values()
            ]
            fmt, data = codec.encode_batch(results, context, self._scan, media)
            out.append((_INSERT_VALUES, [(self.run_id, first, fmt, data)]))
        out.append(self._run_update(events[-1].seq))
        return out

    def _encode_start(self, start: _RunStart, media_rows: list[tuple[Any, ...]]) -> list[Statement]:
        now = time.time()
        clean = self._scan.clean
        out: list[Statement] = []
        if start.resumed:
            out.append(
                (
                    "UPDATE runs SET status = 'running', session_id = ?, updated_at = ?, "
                    "resumes = resumes + 1, stop_reason = NULL, answer = NULL, "
                    "finished_at = NULL WHERE id = ?",
                    [(start.session_id, now, self.run_id)],
                )
            )
        else:
            refs = [_media_ref(m, self._scan, media_rows) for m in start.attachments]
            out.append(
                (
                    "INSERT INTO runs (id, session_id, query, goal, model, agents, style, "
                    "status, started_at, updated_at, max_iterations, attachments) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?, ?)",
                    [
                        (
                            self.run_id,
                            start.session_id,
                            clean(start.query),
                            clean(start.goal),
                            start.model,
                            json.dumps(start.agents),
                            start.style,
                            now,
                            now,
                            start.max_iterations,
                            json.dumps([r for r in refs if r]),
                        )
                    ],
                )
            )
        fmt, payload = codec.encode_snapshot(
            [(e.key, e.value, e.source) for e in start.context], self._scan
        )
        out.append(
            (
                "INSERT OR REPLACE INTO context_snapshots (run_id, seq, format, data) "
                "VALUES (?, ?, ?, ?)",
                [(self.run_id, start.snapshot_seq, fmt, payload)],
            )
        )
        return out

    def _run_update(self, last_seq: int) -> Statement:
        # Read from the live state: single attribute reads (atomic), at least
        # as new as this batch; the row is a summary for listings.
        state = self._state
        usage = state.usage
        return (
            "UPDATE runs SET last_seq = MAX(last_seq, ?), updated_at = ?, iterations = ?, "
            "total_tokens = ?, cost_usd = ?, goal = ? WHERE id = ?",
            [
                (
                    last_seq,
                    time.time(),
                    state.iteration,
                    usage.total_tokens,
                    usage.cost_usd,
                    self._scan.clean(state.goal),
                    self.run_id,
                )
            ],
        )

    def _encode_finish(self, finished: ev.Event, scan: codec.Scanner) -> list[Statement]:
        # Called on the writer thread once the run is over: nothing writes
        # its plan, results or media any more, so reading them there is safe.
        assert isinstance(finished, ev.RunFinished)
        tasks = list(self._state.plan)
        texts = "\x00".join(f"{t.description}{t.summary}{t.error}{t.note}" for t in tasks)
        clean = scan.clean if scan.may_hold(texts) else _same
        results = self._state.results
        rows = [
            (
                self.run_id,
                i,
                t.id,
                clean(t.description),
                t.agent,
                json.dumps(list(t.depends_on)) if t.depends_on else "[]",
                t.status,
                t.attempts,
                t.started_at,
                t.finished_at,
                clean(t.summary),
                clean(t.error),
                clean(t.note),
                results[t.id].confidence if t.id in results else None,
                json.dumps(self._media[t.id]) if t.id in self._media else "[]",
            )
            for i, t in enumerate(tasks)
        ]
        clean = scan.clean
        return [
            ("DELETE FROM tasks WHERE run_id = ?", [(self.run_id,)]),
            (
                "INSERT INTO tasks (run_id, position, id, description, agent, depends_on, "
                "status, attempts, started_at, finished_at, summary, error, note, confidence, "
                "media) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            ),
            (
                "UPDATE runs SET status = 'finished', stop_reason = ?, stop_detail = ?, "
                "answer = ?, finished_at = ?, iterations = ?, total_tokens = ?, cost_usd = ? "
                "WHERE id = ?",
                [
                    (
                        finished.stop_reason,
                        clean(finished.detail),
                        clean(finished.answer),
                        time.time(),
                        finished.iterations,
                        finished.total_tokens,
                        finished.cost_usd,
                        self.run_id,
                    )
                ],
            ),
        ]


def _same(text: str | None) -> str | None:
    return text


def _media_ref(
    media: Media, scan: codec.Scanner, rows: list[tuple[Any, ...]]
) -> dict[str, Any] | None:
    """Queue ``media`` to be kept once by digest; its reference (None if it may hold a secret)."""
    raw = media.data.encode() if isinstance(media.data, str) else media.data
    if scan.may_hold(raw.decode("latin-1")):
        return None
    rows.append((media.digest, media.mime_type, raw))
    return {
        "digest": media.digest,
        "mime_type": media.mime_type,
        "source": media.source,
        "description": media.description,
        "text": isinstance(media.data, str),
    }
