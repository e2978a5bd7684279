"""Whole runs against a model that answers anything: every run still ends cleanly.

Hypothesis drives runs whose model (the planner's decisions, redirects and
synthesis, and the agents' own ``model.ask``) answers with generated replies:
valid decisions, random JSON, truncated JSON, wrong types, huge strings,
unknown ids, dependency cycles, deep nesting, lone surrogates, provider
errors, unexpected exceptions, slow and hanging calls (see
:mod:`tests.planner.fuzz_model`). Limits are random; stop, redirect and
answer arrive from other threads at random moments, some after the run has
ended; some runs are recorded by a session store. Whatever happens, a run
ends with a known stop reason, every task terminal, ``run_finished`` last in
its events, no asyncio task left behind, text that encodes as UTF-8, nothing
logged as an error but what the user's own code or a provider's bug caused,
and (when recorded) a store row saying it finished, for the same reason.

``FUZZ_EXAMPLES`` sets the number of runs (2,000 by default, derandomized
so every test session sees the same runs); ``make fuzz`` runs many more,
randomized (``FUZZ_RANDOM=1``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from notebook_router import Limits, Router
from notebook_router.errors import NotebookRouterError
from notebook_router.planner import events as ev
from notebook_router.planner.run import Run
from notebook_router.planner.state import StopReason
from notebook_router.store import SessionStore
from tests.planner.fuzz_model import (
    OPENERS,
    PURPOSES,
    UNEXPECTED,
    ProviderBug,
    Reply,
    TapeProvider,
    make_agents,
    replies,
    wild,
)

T = TypeVar("T")
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "2000"))
RANDOM = os.environ.get("FUZZ_RANDOM", "") not in ("", "0")
STOP_REASONS = frozenset(get_args(StopReason))
GUARD_S = 10.0
"""A run still going after this long has hung (these runs take milliseconds)."""
QUERIES = ("plan it", "hi", "load caf\udce9 data", "x" * 3000, *["plan it"] * 4)
"""What the user asks ("hi" gets an instant reply, without a decision)."""
Handler = Literal["none", "answer", "silent", "raises", "slow"]


class Tape:
    """Numbers drawn before the run, read in turn by what happens during it."""

    def __init__(self, numbers: list[int]) -> None:
        self.numbers = numbers
        self.at = 0

    def pick(self, options: Sequence[T]) -> T:
        self.at += 1
        return options[self.numbers[self.at % len(self.numbers)] % len(options)]


@dataclass
class Drawn:
    """Everything one run does, drawn up front."""

    query: str
    limits: Limits
    tapes: dict[str, list[Reply]]
    wait: bool
    handler: Handler
    steers: list[tuple[str, float, bool]]
    tape: list[int]
    stored: bool


limits = st.builds(
    Limits,
    max_iterations=st.integers(1, 6),
    planner_retries=st.sampled_from((2, 0, 1)),
    stall_decisions=st.integers(1, 3),
    agent_timeout_s=st.sampled_from((0.001, 0.003)),
    cancel_grace_s=st.sampled_from((0.002, 0.0)),
    timeout_s=st.sampled_from((None, 0.003, 0.01, *[None] * 3)),
    max_tokens=st.sampled_from((None, 30, 1_000, *[None] * 4)),
    max_cost_usd=st.sampled_from((None, 0.001, 0.02, *[None] * 4)),
    max_concurrent_model_calls=st.integers(1, 3),
    schedule=st.sampled_from(("eager", "waves")),
    max_hops=st.integers(0, 3),
    hop_timeout_s=st.sampled_from((None, 0.002)),
)
# Built once: Hypothesis validates a strategy the first time it draws from it.
TAPES = {
    (purpose, hangs): st.lists(replies(purpose, hangs=hangs), min_size=1, max_size=size)
    for purpose, size in zip(PURPOSES, (5, 2, 2, 3), strict=True)
    for hangs in (False, True)
}
steers = st.lists(
    st.tuples(
        st.sampled_from(("stop", "redirect", "answer", "interrupt")),
        st.sampled_from((0.0005, 0.0, 0.002, 0.005)),
        st.booleans(),  # from another thread (as a panel button does), or on the loop
    ),
    max_size=3,
)


@st.composite
def drawn_runs(draw: st.DrawFn) -> Drawn:
    run_limits = draw(limits)
    timed = run_limits.timeout_s is not None
    handler: Handler = draw(st.sampled_from(("none", "answer", "silent", "raises", "slow")))
    wait = draw(st.booleans())
    if wait and handler == "none" and not timed:
        handler = "answer"  # nobody would ever answer: a wait only the user can end
    # A planner call that never answers ends by Stop or the time budget; an agent's,
    # by its timeout.
    tapes = {p: draw(TAPES[p, timed or p == "agent"]) for p in PURPOSES}
    if draw(st.sampled_from((True, True, True, False))):  # most runs get some work going
        tapes["router.decide"].insert(0, Reply(draw(st.sampled_from(OPENERS))))
    if draw(st.booleans()):  # one reply of any shape at all, somewhere
        tape = tapes[draw(st.sampled_from(PURPOSES))]
        tape.insert(draw(st.integers(0, len(tape))), draw(wild))
    return Drawn(
        query=draw(st.sampled_from(QUERIES)),
        limits=run_limits,
        tapes=tapes,
        wait=wait,
        handler=handler,
        steers=draw(steers),
        tape=draw(st.lists(st.integers(0, 100), min_size=1, max_size=4)),
        stored=draw(st.sampled_from((False, False, False, True))),
    )


@dataclass
class Outcome:
    run: Run
    raised: BaseException | None
    steer_errors: list[BaseException]
    pending: list[asyncio.Task[Any]]
    logged: list[logging.LogRecord]


class _Errors(logging.Handler):
    """Keeps what the package logs as an error while a run goes on."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


async def _answer(handler: Handler, tape: Tape) -> str | None:
    if handler == "silent":
        return None
    if handler == "raises":
        raise ProviderBug("the clarify handler broke")
    if handler == "slow":
        await asyncio.sleep(0.002)
    return tape.pick(("North", "", " ", "caf\udce9"))


def _steer(
    run: Run, kind: str, tape: Tape, errors: list[BaseException], awaiting: asyncio.Future[Any]
) -> None:
    # After the end, steering may tell its caller the run is over: with one of
    # this project's errors, never anything else.
    try:
        if kind == "interrupt":  # the kernel interrupt cancels the cell awaiting the run
            run.loop.call_soon_threadsafe(awaiting.cancel)
        elif kind == "stop":
            run.stop()
        elif kind == "redirect":
            run.redirect(tape.pick(("use South", "status?", "caf\udce9", "start over")))
        else:
            run.answer(tape.pick(("North", "", "caf\udce9")))
    except Exception as exc:  # checked by the test
        errors.append(exc)


async def _awaited(run: Run) -> Any:
    return await run


async def _run(drawn: Drawn, store: SessionStore | None) -> Outcome:
    errors = _Errors()
    logger = logging.getLogger("notebook_router")
    logger.addHandler(errors)
    try:
        outcome = await _steered_run(drawn, store)
    finally:
        logger.removeHandler(errors)
    outcome.logged = errors.records
    return outcome


def _expected_error(record: logging.LogRecord, drawn: Drawn, outcome: Outcome) -> bool:
    """What may be logged as an error: the user's clarify handler raising, a run ended by
    a provider's bug (both reach the kernel log with their traceback, as they should)."""
    message = record.getMessage()
    if drawn.handler == "raises" and "clarify handler failed" in message:
        return True
    raised = record.exc_info[1] if record.exc_info else None
    return message.endswith(f"run {outcome.run.id} failed") and type(raised).__name__ in UNEXPECTED


async def _steered_run(drawn: Drawn, store: SessionStore | None) -> Outcome:
    tape = Tape(drawn.tape)

    async def handler(question: str) -> str | None:
        return await _answer(drawn.handler, tape)

    router = Router(
        make_agents(),
        model=TapeProvider(drawn.tapes),
        limits=drawn.limits,
        on_clarify=None if drawn.handler == "none" else handler,
        clarify="wait" if drawn.wait else "stop",
        store=store,
    )
    run = router.start(drawn.query)
    waiting = asyncio.ensure_future(_awaited(run))
    errors: list[BaseException] = []
    timers: list[threading.Timer] = []
    loop = asyncio.get_running_loop()
    for kind, delay, threaded in drawn.steers:
        steer = (run, kind, tape, errors, waiting)
        if threaded:
            timers.append(threading.Timer(delay, _steer, steer))
            timers[-1].start()
        else:
            loop.call_later(delay, _steer, *steer)
    await asyncio.wait([waiting], timeout=GUARD_S)  # not wait_for: its cancel stops the run
    if not waiting.done():
        pytest.fail(f"the run hung: {run!r}, last events {[e.kind for e in run.history[-5:]]}")
    raised = None if waiting.cancelled() else waiting.exception()
    if raised is not None and type(raised).__name__ not in UNEXPECTED:
        raise raised  # a provider's bug ends the run and reaches its caller; nothing else may
    if drawn.steers:  # let steering still on its way arrive after the end
        await asyncio.sleep(max(delay for _, delay, _ in drawn.steers))
        for timer in timers:
            timer.join()
    for _ in range(3):
        await asyncio.sleep(0)
    pending = [t for t in asyncio.all_tasks() if t is not asyncio.current_task() and not t.done()]
    return Outcome(run, raised, errors, pending, [])


def _texts(outcome: Outcome) -> Iterator[str]:
    """Every piece of text a user sees of the run."""
    state = outcome.run.state
    yield from (state.answer or "", state.stop_detail, state.pending_question or "", state.goal)
    for task in state.plan:
        yield from (task.description, task.summary or "", task.error or "")
    for published in outcome.run.history:
        yield json.dumps(ev.event_to_dict(published), ensure_ascii=False)
    if outcome.raised is None:
        yield str(outcome.run.result())


@pytest.fixture(scope="module")
def shared_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SessionStore]:
    """One session database for every recorded run of this module, as one kernel has."""
    store = SessionStore(Path(tmp_path_factory.mktemp("fuzz")))
    yield store
    store.close()


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not RANDOM,
    database=None,
    print_blob=True,
    # No "explain" phase: it re-runs a failing case hundreds of times to annotate it.
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(drawn=drawn_runs())
def test_every_run_ends_cleanly_whatever_the_model_answers(
    drawn: Drawn, shared_store: SessionStore
) -> None:
    store = shared_store if drawn.stored else None
    outcome = asyncio.run(_run(drawn, store))
    run, state = outcome.run, outcome.run.state
    event(f"stop reason: {state.stop_reason}")  # --hypothesis-show-statistics shows the mix
    event(f"tasks: {min(len(state.plan), 3)}" + ("+" if len(state.plan) >= 3 else ""))

    assert run.done() and state.stop_reason in STOP_REASONS
    if outcome.raised is not None:
        assert state.stop_reason == "planner_error"
    assert not outcome.pending, f"tasks left behind: {outcome.pending}"
    assert all(t.status not in ("pending", "running") for t in state.plan), list(state.plan)
    kinds = [e.kind for e in run.history]
    assert kinds[0] == "run_started" and kinds[-1] == "run_finished"
    assert kinds.count("run_finished") == 1
    assert all(isinstance(e, NotebookRouterError) for e in outcome.steer_errors), (
        outcome.steer_errors
    )
    for piece in _texts(outcome):
        piece.encode()  # UTF-8 throughout: print(), the panel and the store take it
    logged = [r.getMessage() for r in outcome.logged if not _expected_error(r, drawn, outcome)]
    assert not logged, logged
    if store is not None:
        info = store.run(run.id)
        assert (info.status, info.stop_reason) == ("finished", state.stop_reason)
