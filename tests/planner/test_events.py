"""Events: complete, ordered, serialisable, and safe to subscribe to."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import typing
from typing import Any

import msgspec
import pytest

from notebook_router import agent
from notebook_router.planner import events as ev
from notebook_router.planner.eventlog import EventLog
from tests.conftest import Script, kinds, router_with, task
from tests.helpers_agents import sleeper


def _two_step() -> Script:
    """One decision plans both steps: t2 starts by itself once t1 has finished."""
    return Script(
        decide=[
            {
                "action": "execute",
                "run": [task("t1", "writer")],
                "later": [task("t2", "a", depends_on=["t1"])],
            },
        ]
    )


@agent(can=["write"], thread=False)
def writer(context: Any) -> str:
    context.remember("region", "North")
    context.trace("tool_call", "lookup('North')", rows=12)
    return "written"


async def test_event_stream_is_ordered_and_complete() -> None:
    run = router_with([writer, sleeper("a", 0)], _two_step()).start("x")
    await run
    events = run.history
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert all(a.t <= b.t for a, b in itertools.pairwise(events))
    assert kinds(events) == [
        "run_started",
        "decision",
        "task_started",
        "context_updated",
        "trace",
        "task_finished",
        "task_started",
        "task_finished",
        "run_finished",
    ]
    first = next(e for e in events if isinstance(e, ev.DecisionMade))
    assert first.tasks == ("t1",)
    assert [(t.id, t.agent, t.depends_on) for t in first.added] == [
        ("t1", "writer", ()),
        ("t2", "a", ("t1",)),
    ]
    context = next(e for e in events if isinstance(e, ev.ContextUpdated))
    assert (context.key, context.source, context.preview) == ("region", "writer:t1", "North")
    trace = next(e for e in events if isinstance(e, ev.TraceNote))
    assert (trace.note, trace.message, trace.data) == (
        "tool_call",
        "lookup('North')",
        {"rows": "12"},
    )


async def test_async_iteration_sees_every_event_even_when_started_late() -> None:
    run = router_with([writer, sleeper("a", 0.05)], _two_step()).start("x")
    await asyncio.sleep(0.01)
    seen = [e async for e in run.events()]
    assert seen == run.history
    assert seen[-1].kind == "run_finished"


async def test_every_event_round_trips_through_json() -> None:
    run = router_with([writer, sleeper("a", 0)], _two_step()).start("x")
    await run
    for event in run.history:
        data = ev.event_to_dict(event)
        json.dumps(data)  # JSON-safe
        assert ev.event_from_dict(json.loads(json.dumps(data))) == event


def test_event_schema_rejects_unknown_kinds() -> None:
    with pytest.raises(ValueError, match="kind"):
        ev.event_from_dict({"kind": "mystery", "run_id": "r", "seq": 1, "t": 0.0})


def test_every_event_class_is_in_the_union() -> None:
    classes = {
        obj
        for obj in vars(ev).values()
        if isinstance(obj, type) and issubclass(obj, ev._Event) and obj is not ev._Event
    }
    assert classes == set(ev.Event.__args__)


def _sample(hint: Any) -> Any:
    samples: dict[Any, Any] = {
        str: "x",
        int: 3,
        float: 0.5,
        bool: True,
        tuple[str, ...]: ("a",),
        tuple[ev.DataTable, ...]: (
            ev.DataTable(name="df", kind="pandas.DataFrame", shape="8 × 2", columns=("a", "b")),
        ),
    }
    if hint in samples:
        return samples[hint]
    options = [a for a in typing.get_args(hint) if a is not type(None)]
    if len(options) == 1:  # ``X | None``: a real X
        return _sample(options[0])
    raise AssertionError(f"no sample value for {hint!r}: add one")


def _sample_fields(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {
        f.name: _sample(hints[f.name])
        for f in msgspec.structs.fields(cls)
        if f.name not in ("run_id", "seq", "t") and f.required
    }


@pytest.mark.parametrize("cls", ev.Event.__args__)
def test_every_event_class_builds_stamps_and_round_trips(cls: type[ev.Event]) -> None:
    fields = _sample_fields(cls)
    made = cls(**fields)
    made.run_id, made.seq, made.t = "r", 7, 1.5
    assert made == cls(run_id="r", seq=7, t=1.5, **fields)
    data = ev.event_to_dict(made)
    assert data["kind"] == cls.kind
    assert ev.event_from_dict(data) == made
    if fields:
        with pytest.raises(TypeError):
            cls(**dict(list(fields.items())[1:]))  # a required field missing
    with pytest.raises(TypeError):
        cls(**fields, no_such_field=1)  # type: ignore[call-arg]


def test_a_field_of_the_wrong_type_is_refused_and_unknown_fields_are_ignored() -> None:
    base = {"kind": "task_skipped", "run_id": "r", "seq": 1, "t": 0.0, "task_id": "t1"}
    with pytest.raises(ValueError, match="reason"):
        ev.event_from_dict({**base, "reason": 3})
    later = ev.event_from_dict({**base, "reason": "dropped", "added_by_a_later_version": 1})
    assert later == ev.TaskSkipped(run_id="r", seq=1, t=0.0, task_id="t1", reason="dropped")


def test_each_event_gets_its_own_default_containers() -> None:
    a = ev.TraceNote(task_id="t1", agent="a", note="n", message="m")
    b = ev.TraceNote(task_id="t1", agent="a", note="n", message="m")
    a.data["k"] = "v"
    assert b.data == {}


def test_published_events_are_numbered_timed_and_folded_before_subscribers_hear() -> None:
    folded: list[int] = []
    log = EventLog("r1", lambda event: folded.append(event.seq))
    seen: list[ev.Event] = []
    log.subscribe(lambda event: seen.append(event) if folded[-1] == event.seq else None)
    log.publish(ev.TaskSkipped(task_id="t1", reason="dropped"))
    log.publish(ev.TaskSkipped(task_id="t2", reason="dropped"))
    assert [(e.run_id, e.seq) for e in seen] == [("r1", 1), ("r1", 2)]
    assert 0 <= seen[0].t <= seen[1].t
    assert log.snapshot() == seen


def test_events_fold_with_their_types_handler_and_other_types_change_nothing() -> None:
    folded: list[str] = []
    log = EventLog("r1", {ev.TaskSkipped: lambda event: folded.append(event.kind)})
    heard: list[list[str]] = []
    log.subscribe(lambda event: heard.append(list(folded)))
    log.publish(ev.TaskSkipped(task_id="t1", reason="dropped"))
    log.publish(ev.ContextUpdated(key="k", source="user", version=1, preview="1"))
    assert folded == ["task_skipped"]  # the context change had no handler: nothing folded
    assert heard == [["task_skipped"], ["task_skipped"]]  # folded before subscribers heard
    assert [e.seq for e in log.snapshot()] == [1, 2]


async def test_finish_callbacks_run_once_after_the_last_event(
    caplog: pytest.LogCaptureFixture,
) -> None:
    run = router_with([writer, sleeper("a", 0)], _two_step()).start("x")
    seen_at_finish: list[list[str]] = []
    run.on_finish(lambda: seen_at_finish.append([e.kind for e in run.history]))

    def broken() -> None:
        raise RuntimeError("store bug")

    run.on_finish(broken)
    with caplog.at_level(logging.ERROR, logger="notebook_router"):
        result = await run
    assert result.stop_reason == "completed" and "close callback" in caplog.text
    [kinds_then] = seen_at_finish
    assert kinds_then[-1] == "run_finished" and kinds_then == [e.kind for e in run.history]
    late: list[int] = []
    run.on_finish(lambda: late.append(run.event_count))  # already finished: called at once
    assert late == [len(run.history)]
    assert run.history_since(len(run.history) - 1) == run.history[-1:]


async def test_a_failing_subscriber_is_logged_and_the_run_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    run = router_with([writer, sleeper("a", 0)], _two_step()).start("x")
    seen: list[str] = []

    def broken(event: ev.Event) -> None:
        raise RuntimeError("panel bug")

    run.subscribe(broken)
    unsubscribe = run.subscribe(lambda e: seen.append(e.kind))
    with caplog.at_level(logging.ERROR, logger="notebook_router"):
        result = await run
    assert result.stop_reason == "completed"
    assert "event subscriber" in caplog.text
    assert seen[-1] == "run_finished"
    unsubscribe()
    unsubscribe()  # twice is fine


async def test_usage_events_carry_running_totals() -> None:
    from notebook_router import AgentResult, Usage

    @agent(can=["spend"])
    def spend() -> AgentResult:
        return AgentResult(
            data=1, usage=Usage(input_tokens=10, output_tokens=5, cost_usd=0.01, calls=1)
        )

    script = Script(decide=[{"action": "execute", "run": [task("t1", "spend")]}] * 1)
    run = router_with([spend], script).start("x")
    await run
    usage = [e for e in run.history if isinstance(e, ev.UsageUpdated)]
    assert [(u.source, u.total_tokens, u.total_cost_usd) for u in usage] == [("spend", 15, 0.01)]


async def test_sync_agent_in_a_thread_can_write_context_safely() -> None:
    @agent(can=["threaded"])  # sync: runs in a worker thread
    def threaded(context: Any) -> str:
        for i in range(50):
            context.remember(f"k{i}", i)
        return "ok"

    script = Script(decide=[{"action": "execute", "run": [task("t1", "threaded")]}])
    run = router_with([threaded], script).start("x")
    await run
    updates = [e for e in run.history if isinstance(e, ev.ContextUpdated)]
    assert [u.key for u in updates] == [f"k{i}" for i in range(50)]
    assert run.state.context["k49"] == 49
