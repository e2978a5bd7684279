"""``run_code``: a model's Python run against the user's variables, on a worker thread.

The code is compiled as a notebook cell, run in a scratch namespace on a
daemon worker thread (the event loop stays free for Stop buttons and other
agents), and everything it produces comes back as one :class:`CodeOutcome`:
its printed output, its last expression's value, what it displayed or
plotted, the names it bound, or the traceback of its own lines.

One code run at a time per process, because pyplot's figures and the
routing of ``sys.stdout`` are process-wide: two agents' runs take turns. The
worker waits for the turn, so the loop stays free, and the time limit starts
when the code starts, so waiting for another agent's run does not use it up.

Stopping (time limit or cancellation) raises an exception into the worker
thread. A thread blocked in C sees it only when the C call returns, so after
a short grace it is abandoned: the outcome says so, and the thread keeps the
turn (with its stdout routing and its figures) until the call returns and
its own clean-up has run. That is deliberate: handing the turn on early would
mix the next run's figures and output with a run that is still going. A run
waiting behind an abandoned one waits at most ``BUSY_WAIT_S``, then reports
``error_type="CodeRunnerBusy"`` without running.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from notebook_router.code.display import Displays
from notebook_router.code.figures import Figures, imports_plotting
from notebook_router.code.namespace import assigned, scratch_namespace
from notebook_router.code.outcome import CodeOutcome
from notebook_router.code.source import (
    Cell,
    compile_cell,
    error_text,
    syntax_error_text,
    where_text,
)
from notebook_router.code.stopping import Stopper
from notebook_router.code.streams import CappedBuffer, captured
from notebook_router.errors import CodeStopped, ConfigError
from notebook_router.threads import in_thread

GRACE_S = 0.25
"""How long a stopped run may take to stop before its thread is abandoned."""
BUSY_WAIT_S = 5.0
"""How long a run waits behind an abandoned one before giving up without running."""
_POLL_S = 0.05

_turn = threading.Lock()
_holder: _Job | None = None  # the job holding _turn (read unlocked: only a hint for waiters)


class _Phase(enum.Enum):
    QUEUED = "queued"  # no pool thread has taken the job yet
    WAITING = "waiting"  # for the turn
    RUNNING = "running"  # the user's code
    FINISHING = "finishing"  # the runner's own clean-up: figures, outcome


async def run_code(
    code: str,
    variables: Mapping[str, Any],
    *,
    timeout_s: float | None = 60.0,
    filename: str = "<route-code>",
) -> CodeOutcome:
    """Run ``code`` like a notebook cell against ``variables``; never raises for the code's faults.

    ``variables`` (e.g. the user's namespace) are read, never written; see
    :mod:`notebook_router.code.namespace` for how their objects are guarded.
    ``timeout_s`` limits the code's running time (None: no limit); waiting
    for another run to finish first does not count. Cancelling the awaiting
    task stops the code, then re-raises ``CancelledError``.

    >>> outcome = await run_code("df.shape[0] * 2", {"df": df})   # doctest: +SKIP
    >>> outcome.ok, outcome.value
    (True, 84)
    """
    if timeout_s is not None and not timeout_s > 0:
        raise ConfigError(
            f"timeout_s must be a positive number of seconds or None, not {timeout_s!r}."
        )
    started = time.perf_counter()
    cell = compile_cell(code, filename)
    if isinstance(cell, SyntaxError):
        return CodeOutcome(
            ok=False,
            error=syntax_error_text(cell),
            error_type=type(cell).__name__,
            duration_s=time.perf_counter() - started,
        )
    job = _Job(cell, variables, timeout_s)
    future = in_thread(job.run)
    future.add_done_callback(_retrieve)
    try:
        outcome = await _outcome_of(job, future, timeout_s)
    except asyncio.CancelledError:
        job.stop("cancel")  # Stop button or kernel interrupt: stop the code, then go
        try:
            await _settle(job, future)
        finally:
            job.abandoned = not future.done()  # later runs wait BUSY_WAIT_S for it, not forever
        raise
    return replace(outcome, duration_s=time.perf_counter() - started)


async def _outcome_of(
    job: _Job, future: asyncio.Future[CodeOutcome], timeout_s: float | None
) -> CodeOutcome:
    # The turn first (bounded by the running job's own limit, or BUSY_WAIT_S behind an
    # abandoned one), then the code's own clock.
    either: set[asyncio.Future[Any]] = {future, job.started}
    await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
    done, _ = await asyncio.wait({future}, timeout=timeout_s)
    if not done:
        job.stop("timeout")
        if not await _settle(job, future):
            return job.abandon()
    return future.result()


async def _settle(job: _Job, future: asyncio.Future[CodeOutcome]) -> bool:
    """Give a stopped job the grace to stop, and its clean-up the time it needs; True if done."""
    done, _ = await asyncio.wait({future}, timeout=GRACE_S)
    while not done and job.phase is _Phase.FINISHING:  # the code stopped; figures still closing
        done, _ = await asyncio.wait({future}, timeout=GRACE_S)
    return bool(done)


def _retrieve(future: asyncio.Future[CodeOutcome]) -> None:
    # Nobody awaits an abandoned run's future; read its exception so asyncio does not log it.
    if not future.cancelled():
        future.exception()


class _Job:
    """One run of one cell: the worker runs it, the loop may stop it and read its progress."""

    def __init__(self, cell: Cell, variables: Mapping[str, Any], timeout_s: float | None) -> None:
        self.cell = cell
        self.timeout_s = timeout_s
        self.displays = Displays()
        self.namespace = scratch_namespace(variables, self.displays.display)
        self.before = dict(self.namespace)
        self.stdout = CappedBuffer()
        self.stderr = CappedBuffer()
        self.phase = _Phase.QUEUED
        self.reason: str | None = None  # "timeout" or "cancel" once stopped
        self.abandoned = False
        self._loop = asyncio.get_running_loop()
        self.started: asyncio.Future[None] = self._loop.create_future()
        self._stopper = Stopper()
        self._thread: int | None = None

    def stop(self, reason: str) -> None:
        """Stop the code (from the loop): at once if it runs Python, else when it returns from C."""
        if self.reason is None:
            self.reason = reason
        self._stopper.stop()

    def run(self) -> CodeOutcome:
        """The worker's part: wait for the turn, run the code, collect what it produced."""
        global _holder
        self._thread = threading.get_ident()
        self.phase = _Phase.WAITING
        if not self._wait_for_turn():
            return self._busy()
        _holder = self
        try:
            figures = Figures(imports_plotting(self.cell.tree))
            with captured(self.stdout, self.stderr):
                value, error = self._execute(figures)
                media = figures.collect(self.displays, keep=not isinstance(error, CodeStopped))
            return self._finished(value, error, self.displays.media() + tuple(media))
        finally:
            _holder = None
            _turn.release()

    def abandon(self) -> CodeOutcome:
        """Give up on code that did not stop (called from the loop); what it had produced so far."""
        self.abandoned = True
        frame = sys._current_frames().get(self._thread) if self._thread is not None else None
        stuck = (
            "The code did not stop when asked: it is blocked in a call Python cannot interrupt"
            " (such as time.sleep, a long C routine or a network read), or it catches"
            " BaseException. It was left running in the background and its results are lost;"
            " avoid the blocking call, or restart the kernel if it never returns."
        )
        where = where_text(frame, self.cell.filename)
        return CodeOutcome(
            ok=False,
            stdout=self.stdout.text(),
            stderr=self.stderr.text(),
            media=self.displays.media(),
            error="\n".join(filter(None, [where, self._stop_message(), stuck])),
            error_type=self._stop_type(),
            timed_out=self.reason == "timeout",
            interrupted=self.reason == "cancel",
            abandoned=True,
        )

    def _wait_for_turn(self) -> bool:
        behind_abandoned_since: float | None = None
        while not _turn.acquire(timeout=_POLL_S):
            if self.reason is not None:
                return False
            holder = _holder
            if holder is None or not holder.abandoned:
                behind_abandoned_since = None  # a live run ends within its own limit
            elif behind_abandoned_since is None:
                behind_abandoned_since = time.monotonic()
            elif time.monotonic() - behind_abandoned_since > BUSY_WAIT_S:
                return False
        return True

    def _execute(self, figures: Figures) -> tuple[Any, BaseException | None]:
        """Run the cell; the stopper may raise CodeStopped anywhere between enter and leave."""
        value: Any = None
        try:
            self.phase = _Phase.RUNNING
            self._stopper.enter()
            try:
                self._announce_start()
                if self.reason is not None:  # stopped while waiting for the turn
                    raise CodeStopped
                figures.start()
                exec(self.cell.body, self.namespace)
                if self.cell.last is not None:
                    value = eval(self.cell.last, self.namespace)
            finally:
                self._stopper.leave()
        except BaseException as exc:  # the code's faults, SystemExit included, are outcomes
            self._stopper.leave()
            self.phase = _Phase.FINISHING
            return None, exc
        self.phase = _Phase.FINISHING
        return value, None

    def _announce_start(self) -> None:
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting any more
            self._loop.call_soon_threadsafe(_resolve, self.started)

    def _finished(
        self, value: Any, error: BaseException | None, media: tuple[Any, ...]
    ) -> CodeOutcome:
        outcome = CodeOutcome(
            ok=error is None,
            value=value,
            stdout=self.stdout.text(),
            stderr=self.stderr.text(),
            media=media,
            assigned=assigned(self.before, self.namespace),
        )
        if error is None:
            return outcome
        if isinstance(error, CodeStopped):
            where = where_text(error, self.cell.filename)
            return replace(
                outcome,
                error="\n".join(filter(None, [where, self._stop_message()])),
                error_type=self._stop_type(),
                timed_out=self.reason == "timeout",
                interrupted=self.reason == "cancel",
            )
        return replace(
            outcome,
            error=error_text(error, self.cell.filename),
            error_type=type(error).__name__,
            interrupted=isinstance(error, KeyboardInterrupt),
        )

    def _stop_type(self) -> str:
        return "TimeoutError" if self.reason == "timeout" else "Interrupted"

    def _stop_message(self) -> str:
        if self.reason != "timeout":
            return "Interrupted: the run was stopped before the code finished."
        return (
            f"TimeoutError: the code was stopped after the {self.timeout_s:g} s time limit. Make it"
            " faster (work on a sample; use vectorised pandas/numpy instead of Python loops),"
            " or run it with a larger limit (timeout_s)."
        )

    def _busy(self) -> CodeOutcome:
        return CodeOutcome(
            ok=False,
            error=(
                "CodeRunnerBusy: an earlier code run is still running (stopped, but blocked in a"
                " call Python cannot interrupt, such as time.sleep), and runs take turns. This"
                " code did not run: run it again once that call returns, or restart the kernel."
            ),
            error_type="CodeRunnerBusy",
        )


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
