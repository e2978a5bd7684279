"""Recording one run into the session database as it happens.

:class:`RunRecorder` keeps a position in the run's event log. A loop
callback, every ``interval_s`` seconds and once more when the run ends,
takes the events the log gained since, reads the task results and context
values they announce from the run's state (the events only carry
previews), turns them into a few rows and hands them to the writer
thread, which commits them as one transaction; SQLite (and any wait for
another kernel's lock) never runs on the loop. Nothing runs per event: a
subscriber would be a Python call for every event on the loop's hot path.

The encoding does run on the loop's thread, between steps: done on the
writer thread it would cost the loop twice as much, because two threads
passing Python objects and the GIL between cores slow each other down
more than the work itself costs. A batch is:

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

from notebook_router.context.shared import ContextEntry
from notebook_router.media import Media
from notebook_router.planner import events as ev
from notebook_router.planner.state import RunState
from notebook_router.store import codec
from notebook_router.store.task_rows import insert_tasks, plan_rows
from notebook_router.store.writer import Statement
from notebook_router.text.preview import clip

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
    # Written into a buffer sized for the batch up front: grown from
    # msgspec's default 512 bytes, a long batch is copied a dozen times.
    buffer = bytearray(_BYTES_PER_EVENT * len(events))
    try:
        _ENCODER.encode_into(events, buffer)
    except (UnicodeEncodeError, TypeError, ValueError):
        return "[" + ",".join(_event_json(event) for event in events) + "]"
    return buffer.decode()


def _event_json(event: ev.Event) -> str:
    try:
        return _ENCODER.encode(event).decode()
    except (UnicodeEncodeError, TypeError, ValueError):
        return json.dumps(ev.event_to_dict(event))  # ASCII: \ud800 stays an escape


_ENCODER = msgspec.json.Encoder()
_BYTES_PER_EVENT = 256
"""About what an event takes as JSON (a short one is half that, one with a long preview more)."""
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


class RunRecorder:
    """Writes one run's events, results, context and plan to the store."""

    def __init__(
        self,
        run: Run,
        writer: BatchWriter,
        session_id: str,
        *,
        resumed: bool,
        interval_s: float = 0.2,
    ) -> None:
        self.run_id = run.id
        self._run = run
        self._writer = writer
        self._state: RunState = run.state
        self._loop = run.loop
        self._thread = threading.get_ident()
        self._interval_s = interval_s
        self._next = run.event_count
        """Position in the run's event log of the first event not recorded yet."""
        self._scan = codec.Scanner()
        self._media: dict[str, list[dict[str, Any]]] = {}
        state = run.state
        self._start: _RunStart | None = _RunStart(
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
        self.flush()  # the run is in the database before its first step
        # No per-event subscriber: that would be a Python call for every event
        # on the loop's hot path. A timer picks up what the log gained since
        # the last flush, and the run's end flushes at once.
        self._timer: asyncio.TimerHandle | None = self._loop.call_later(interval_s, self._tick)
        run.on_finish(self._on_finish)

    # ------------------------------------------------------------ loop thread

    def _tick(self) -> None:
        self._timer = None
        self.flush()
        if not self._run.done():
            self._timer = self._loop.call_later(self._interval_s, self._tick)

    def _on_finish(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.flush()
        self._writer.soon(fold=True)

    def flush(self) -> None:
        """Encode the events (and their values) not recorded yet and hand them to the writer.

        Runs on the loop's thread, between steps: from another thread it is
        scheduled there.
        """
        if threading.get_ident() != self._thread:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nothing to hand over
                self._loop.call_soon_threadsafe(self.flush)
            return
        events = self._run.history_since(self._next)
        start, self._start = self._start, None
        if not events and start is None:
            return
        self._next += len(events)
        try:
            statements = self.encode(start, events)
        except Exception:  # a bug here must never break the run, nor lose its events
            log.exception(
                "notebook_router: could not record values of run %s; keeping its events",
                self.run_id,
            )
            try:
                statements = self.encode(start, events, values=False)
            except Exception:
                log.exception("notebook_router: could not record events of run %s", self.run_id)
                return
        self._writer.submit(statements)
        if events and isinstance(events[-1], ev.RunFinished):
            # The plan's rows (one per task) are built on the writer thread:
            # the run is over, so nothing changes them any more, and its
            # caller gets control back without waiting for them.
            self._writer.submit(functools.partial(self._encode_finish, events[-1], self._scan))

    def encode(
        self, start: _RunStart | None, events: list[ev.Event], *, values: bool = True
    ) -> list[Statement]:
        """The statements that write the run's start (if given) and ``events``.

        Results and context values are read from the run's state now: the
        flush runs between loop steps, so the state is exactly as of the
        batch's last event (the events only carry previews). ``values=False``
        leaves them out (the fallback when one cannot be encoded at all).
        """
        self._scan = codec.Scanner()
        out: list[Statement] = []
        media_rows: list[tuple[Any, ...]] = []
        if start is not None:
            out.extend(self._encode_start(start, media_rows, values=values))
        if not events:
            return out
        state = self._state
        written: dict[str, int] = {}  # key -> seq of its latest write in the batch
        finished: list[str] = []
        for event in events if values else ():
            # An identity test on the type, not ``match``: a class pattern is an
            # isinstance call per case, four times the cost over a long batch.
            if type(event) is ev.ContextUpdated:
                written[event.key] = event.seq
            elif type(event) is ev.TaskFinished:
                finished.append(event.task_id)
        results: dict[str, Any] = {}
        media: dict[str, list[dict[str, Any]]] = {}
        for task_id in finished:
            result = state.results.get(task_id)
            if result is None:
                continue
            results[task_id] = result.data
            if result.media:
                refs = [_media_ref(m, self._scan, media_rows) for m in result.media]
                media[task_id] = self._media[task_id] = [r for r in refs if r]
        if media_rows:
            out.insert(0, (_INSERT_MEDIA, media_rows))
        first = events[0].seq
        text = _events_json(events)
        text = self._scan.clean(text) or "[]"  # keys have no JSON-escaped characters
        packed = codec.PackedEvents(text)  # deflated as the writer binds it, off the loop
        out.append((_INSERT_EVENTS, [(self.run_id, first, events[-1].seq, packed)]))
        context = [
            (seq, entry.key, entry.source, entry.version, entry.kept())
            for key, seq in sorted(written.items(), key=_second)
            if (entry := state.context.entry(key)) is not None
        ]
        if results or context:
            fmt, data = codec.encode_batch(results, context, self._scan, media)
            out.append((_INSERT_VALUES, [(self.run_id, first, fmt, data)]))
        out.append(self._run_update(events[-1].seq))
        return out

    def _encode_start(
        self, start: _RunStart, media_rows: list[tuple[Any, ...]], *, values: bool = True
    ) -> list[Statement]:
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
                            # A listing's summary: the whole task is in the run_started event.
                            clean(clip(start.query)),
                            clean(clip(start.goal)),
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
            [(e.key, e.kept(), e.source) for e in start.context] if values else [], self._scan
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
                    self._scan.clean(clip(state.goal)),
                    self.run_id,
                )
            ],
        )

    def _encode_finish(self, finished: ev.Event, scan: codec.Scanner) -> list[Statement]:
        # Called on the writer thread once the run is over: nothing writes
        # its plan, results or media any more, so reading them there is safe.
        assert isinstance(finished, ev.RunFinished)
        results = self._state.results
        rows = plan_rows(
            self.run_id,
            list(self._state.plan),
            confidence={task_id: r.confidence for task_id, r in results.items()},
            media=self._media,
            scanner=scan,
        )
        clean = scan.clean
        return [
            ("DELETE FROM tasks WHERE run_id = ?", [(self.run_id,)]),
            *insert_tasks(rows),
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


def _second(pair: tuple[str, int]) -> int:
    return pair[1]


def _media_ref(
    media: Media, scan: codec.Scanner, rows: list[tuple[Any, ...]]
) -> dict[str, Any] | None:
    """Queue ``media`` to be kept once by digest; its reference (None if it may hold a secret)."""
    raw = media.raw
    if scan.may_hold(raw.decode("latin-1")):
        return None
    rows.append((media.digest, media.mime_type, raw))
    return {
        "digest": media.digest,
        "mime_type": media.mime_type,
        "source": scan.clean(media.source) or "",  # a URL may carry ?key=...
        "description": scan.clean(media.description) or "",
        "text": isinstance(media.data, str),
    }
