"""Hostile model replies: each becomes a failed decision and a retry (or a clear stop), never a crash."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from notebook_router.errors import MalformedOutputError
from notebook_router.planner.decisions import Decision
from notebook_router.store import SessionStore
from notebook_router.text.json_reply import MAX_REPLY_CHARS, parse_model_output
from tests.conftest import Script, router_with, task
from tests.helpers_agents import sleeper

HOSTILE = {
    "nested past the recursion limit": "[" * 5000 + "]" * 5000,
    "an object nested past it": '{"action": ' + '{"a": ' * 3000 + "1" + "}" * 3001,
    "an integer longer than int() converts": '{"action": "complete", "reason": ' + "9" * 5000 + "}",
    "over the size limit": '{"action": "complete", "reason": "' + "x" * MAX_REPLY_CHARS + '"}',
    "a long run of whitespace": "```json\n" + " " * 200_000 + "\n```",
}


@pytest.mark.parametrize("reply", list(HOSTILE.values()), ids=list(HOSTILE))
async def test_a_hostile_reply_is_a_failed_decision_and_the_planner_tries_again(
    reply: str,
) -> None:
    script = Script(decide=[reply, {"action": "execute", "run": [task("t1", "a")]}])
    result = await router_with([sleeper("a", 0)], script).run("do it")
    assert result.stop_reason == "completed" and result.tasks[0].status == "fulfilled"
    # The hostile reply and the retry; the plan then runs by itself, no "complete" call.
    assert script.seen.count("router.decide") == 2


def test_a_long_run_of_whitespace_is_read_in_linear_time() -> None:
    # The old code-fence pattern backtracked over the run: 5 s for 80k spaces, minutes
    # for this; while it ran it held the GIL, so even Stop could not act.
    reply = "```json\n" + " " * 250_000 + '{"action": "complete"}' + " " * 2 + "\n```"
    started = time.perf_counter()
    assert parse_model_output(reply, Decision).action == "complete"
    assert time.perf_counter() - started < 2.0


def test_errors_say_what_is_wrong_and_carry_a_bounded_quote() -> None:
    with pytest.raises(MalformedOutputError, match="replies over 256,000 are not parsed") as info:
        parse_model_output(HOSTILE["over the size limit"], Decision)
    assert len(str(info.value)) < 5000
    with pytest.raises(MalformedOutputError, match="nested too deeply"):
        parse_model_output(HOSTILE["nested past the recursion limit"], Decision)
    with pytest.raises(MalformedOutputError, match="a value JSON cannot carry"):
        parse_model_output(HOSTILE["an integer longer than int() converts"], Decision)


async def test_an_escaped_lone_surrogate_never_reaches_the_answer_or_breaks_the_store(
    tmp_path: Path,
) -> None:
    store = SessionStore(tmp_path)
    bad = "load the \\udc80 table"
    script = Script(
        decide=[
            '{"action": "execute", "reason": "r\\udc80", "run": [{"id": "t1", "agent": "a", '
            f'"description": "{bad}", "checkpoint": true' + "}]}",
            '{"action": "clarify", "question": "which \\ud800 region?"}',
        ]
    )
    result = await router_with([sleeper("a", 0)], script, store=store).run("do it")
    store.flush()
    assert result.tasks[0].description == "load the \ufffd table"
    assert result.stop_reason == "needs_clarification" and result.question is not None
    assert result.question.startswith("which \ufffd") and result.question.endswith(" region?")
    for text in (result.question, result.answer, str(result), result.tasks[0].description):
        text.encode()  # valid UTF-8 throughout: print() and the store take it
    [info] = store.runs()
    assert (info.status, info.stop_reason) == ("finished", "needs_clarification")
    store.close()
