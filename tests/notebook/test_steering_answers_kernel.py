"""Answers to the planner's own questions, and snapshots of a run being stopped, in a
real kernel: what the user sends is acted on, and what the notebook keeps is how it ended."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tests.notebook.conftest import SETUP
from tests.notebook.kernel import Execution, Kernel

pytestmark = pytest.mark.kernel

AGENTS = """
from notebook_router import NeedsUserInput

@agent(can=["weather", "forecast"])
def weather(task):
    "Reports the weather."
    return "sunny, 24 °C"

@agent(can=["flights", "book"])
def flights(task):
    "Books flights."
    if "(" not in task:
        raise NeedsUserInput("Which date should I book?")
    return "booked: " + task
"""


@pytest.fixture(scope="module")
def kernel() -> Iterator[Kernel]:
    k = Kernel()
    try:
        _ok(k.execute(SETUP + AGENTS))
        yield k
    finally:
        k.shutdown()


def _ok(result: Execution) -> Execution:
    assert result.status == "ok", (result.errors(), result.stderr)
    return result


def _until(kernel: Kernel, condition: str) -> None:
    """Wait (in the kernel, letting the run go on) until ``condition`` holds there."""
    _ok(
        kernel.execute(
            "import asyncio\n"
            "for _ in range(200):\n"
            f"    if {condition}:\n"
            "        break\n"
            "    await asyncio.sleep(0.02)\n"
            f"assert {condition}"
        )
    )


def test_the_answer_to_a_question_about_a_redirect_is_acted_on(kernel: Kernel) -> None:
    _ok(kernel.execute("%%route --background -o steered\nThink slowly about the trip"))
    _ok(kernel.execute('%route redirect "hmm, and also"'))
    _until(kernel, "steered.state.pending_question")
    question = _ok(kernel.execute("print(steered.state.pending_question)")).stdout
    assert question.startswith("How should I use “hmm, and also”?")
    _ok(kernel.execute('%route answer "report the weather too"'))
    _until(
        kernel, "any(t.agent == 'weather' and t.status == 'fulfilled' for t in steered.state.plan)"
    )
    _ok(kernel.execute("%route stop"))
    out = _ok(
        kernel.execute(
            "r = await steered\n"
            "print(r.goal)\n"
            "print(*(f'{t.agent}:{t.status}' for t in r.tasks))\n"
            "print(r.answer)"
        )
    ).stdout
    goal, tasks, answer = out.split("\n", 2)
    assert goal == "Think slowly about the trip. Report the weather too"
    assert tasks == "slow:cancelled weather:fulfilled"
    assert "Report the weather too: sunny, 24 °C [t2]" in answer
    record = _ok(kernel.execute("%route status")).outputs[-1]["content"]["data"]
    assert "you answered “report the weather too” → refine" in record["text/plain"]


def test_an_answered_question_is_not_listed_as_unfinished(kernel: Kernel) -> None:
    _ok(kernel.execute("%%route --background -o booking\nBook the flights"))
    _until(kernel, "booking.state.pending_question")
    _ok(kernel.execute('%route answer "May 3"'))
    out = _ok(kernel.execute("r = await booking\nprint(r.stop_reason)\nprint(r.answer)")).stdout
    reason, answer = out.split("\n", 1)
    assert reason == "completed"
    assert "Book the flights (May 3): booked: Book the flights (May 3) [t2]" in answer
    assert "Not finished" not in answer and "needs_user_input" not in answer


def test_a_status_taken_while_stopping_says_so_and_is_replaced_by_how_it_ended(
    kernel: Kernel,
) -> None:
    _ok(kernel.execute("%%route --background -o halted\nThink slowly about it"))
    time.sleep(0.3)
    snapshot = _ok(kernel.execute("%route stop\n%route status"))
    shown = [m for m in snapshot.outputs if m["msg_type"] == "display_data"][-1]
    display_id = shown["content"]["transient"]["display_id"]
    text = shown["content"]["data"]["text/plain"]
    assert text.startswith(f"route {_run_id(kernel)}: stopping")
    assert "■ Stop: stopping what is running" in text and "nothing was running" not in text
    later = _ok(kernel.execute("r = await halted"))
    updates = [
        m["content"]["data"]
        for m in [*later.outputs, *kernel.backlog]
        if m["msg_type"] == "update_display_data"
        and m["content"]["transient"]["display_id"] == display_id
    ]
    assert updates, "the snapshot was never replaced"
    final = updates[-1]["text/plain"]
    assert final.startswith(f"route {_run_id(kernel)}: stopped by user")
    assert "■ Stop: cancelled t1 (slow, after" in final
    assert "stopped by user" in updates[-1]["text/html"]


def _run_id(kernel: Kernel) -> str:
    return _ok(kernel.execute("print(halted.id)")).stdout.strip()
