"""Steering on its own: what the user sends, how a redirect is carried out, questions."""

from __future__ import annotations

import asyncio
import functools

from notebook_router import AgentRegistry
from notebook_router.planner import events as ev
from notebook_router.planner.decisions import Decision, RedirectDecision, Synthesis
from notebook_router.planner.eventlog import EventLog
from notebook_router.planner.executor import Executor
from notebook_router.planner.planner import PlannerCall
from notebook_router.planner.rails import Limits
from notebook_router.planner.reducer import apply
from notebook_router.planner.run_core import RunCore
from notebook_router.planner.state import RunState
from notebook_router.planner.steering import SUPERSEDED, ClarifyHandler, ClarifyPolicy, Steering
from notebook_router.providers.base import ModelClient
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage


class OneRedirect:
    """A planner that takes every redirect the same way."""

    def __init__(self, decision: RedirectDecision) -> None:
        self.decision = decision

    async def decide(self, call: PlannerCall) -> Decision:
        return Decision(action="complete")

    async def redirect(self, call: PlannerCall, message: str) -> RedirectDecision:
        return self.decision

    async def synthesise(self, call: PlannerCall) -> Synthesis:
        return Synthesis(answer="")


class Rig:
    """A state with two planned tasks, its event log, an executor and a Steering."""

    def __init__(
        self,
        decision: RedirectDecision,
        policy: ClarifyPolicy = "stop",
        on_clarify: ClarifyHandler | None = None,
    ) -> None:
        self.state = RunState(run_id="r1", query="sales by month", goal="sales by month")
        self.events = EventLog("r1", functools.partial(apply, self.state))
        self.events.publish(
            ev.DecisionMade(
                iteration=1,
                action="execute",
                reason="",
                tasks=(),
                added=(
                    ev.TaskInfo(id="t1", description="load", agent="a", depends_on=()),
                    ev.TaskInfo(id="t2", description="plot", agent="a", depends_on=("t1",)),
                ),
            )
        )
        self.wakes = 0
        model = ModelClient(ScriptedProvider([]), self._usage, "planner")
        self.executor = Executor(
            self.state,
            AgentRegistry(),
            Limits(),
            self.events,
            model=model,
            on_usage=self._usage,
            wake=lambda: None,
            loop=asyncio.get_running_loop(),
        )
        core = RunCore(
            self.state, AgentRegistry(), OneRedirect(decision), model, Limits(), self.events
        )
        self.steering = Steering(
            core,
            wake=self._wake,
            on_clarify=on_clarify,
            policy=policy,
        )

    def _usage(self, usage: Usage, source: str, task_id: str = "") -> None:
        return None

    def _wake(self) -> None:
        self.wakes += 1

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events.snapshot()]


async def test_a_redirect_is_queued_and_recorded_as_it_arrives() -> None:
    rig = Rig(RedirectDecision(kind="status"))
    rig.steering.receive("redirect", "also by region")
    assert list(rig.steering.redirects) == ["also by region"]
    assert rig.kinds()[-1] == "interrupt_received"
    assert rig.state.history[-1].content == "also by region"
    assert [i.handled_as for i in rig.state.interrupts] == [None]


async def test_a_restart_skips_what_was_planned_and_sets_the_new_goal() -> None:
    rig = Rig(RedirectDecision(kind="restart", goal="revenue by region"))
    rig.steering.receive("redirect", "no, revenue by region")
    await rig.steering.handle_next(rig.executor)
    assert rig.state.goal == "revenue by region" and rig.state.goal_version == 2
    assert {t.id: (t.status, t.note) for t in rig.state.plan} == {
        "t1": ("skipped", SUPERSEDED),
        "t2": ("skipped", SUPERSEDED),
    }
    [interrupt] = rig.state.interrupts
    assert (interrupt.handled_as, interrupt.cancelled) == ("restart", ["t1", "t2"])
    assert not rig.steering.redirects


async def test_a_status_redirect_changes_nothing_but_replies() -> None:
    rig = Rig(RedirectDecision(kind="status"))
    rig.steering.receive("redirect", "how far along?")
    await rig.steering.handle_next(rig.executor)
    assert rig.state.goal == "sales by month" and rig.state.goal_version == 1
    assert all(t.status == "pending" for t in rig.state.plan)
    assert rig.state.history[-1].role == "planner"
    assert rig.state.history[-1].content.startswith("Iteration 1: 0 of 2 tasks done")


async def test_what_the_user_sends_while_a_question_is_pending_is_its_answer() -> None:
    rig = Rig(RedirectDecision(kind="status"), policy="wait")  # answered in the panel
    steering = rig.steering
    steering.ask("which region?")  # returns at once: the run goes on meanwhile
    assert rig.state.pending_question == "which region?" and steering.answerable
    steering.ask("which region?")  # asked again by the next decision: not repeated
    steering.receive("answer", "North")
    assert steering.answers == 1 and not steering.redirects
    assert rig.state.pending_question is None
    assert rig.kinds()[-2:] == ["clarification_requested", "clarification_answered"]


async def test_with_the_stop_policy_nobody_can_answer_and_nothing_is_cancelled() -> None:
    rig = Rig(RedirectDecision(kind="clarify", question="which year?"))
    rig.steering.receive("redirect", "do the other one")
    await rig.steering.handle_next(rig.executor)
    assert rig.state.pending_question == "which year?"
    assert not rig.steering.answerable  # the run ends asking it, once nothing else is left
    assert all(t.status == "pending" for t in rig.state.plan)


async def test_a_clarify_handler_answers_in_the_background_and_wakes_the_run() -> None:
    asked: list[str] = []

    async def handler(question: str) -> str | None:
        asked.append(question)
        await asyncio.sleep(0)
        return "North" if len(asked) == 1 else None

    rig = Rig(RedirectDecision(kind="status"), on_clarify=handler)
    rig.steering.ask("which region?")
    assert rig.steering.answerable  # the handler is still asking
    for _ in range(5):
        await asyncio.sleep(0)
    assert rig.state.history[-1].content == "North" and rig.wakes == 1
    rig.steering.ask("which year?")
    for _ in range(5):
        await asyncio.sleep(0)
    assert rig.state.pending_question == "which year?" and not rig.steering.answerable


async def test_an_unclear_answer_to_the_question_about_a_redirect_is_noted_not_asked_again() -> (
    None
):
    # The planner asks what a redirect meant, and asks the same of the answer: one
    # question only, then the answer is taken as a refinement the next decision reads.
    rig = Rig(RedirectDecision(kind="clarify", question="a new task or a change?"), policy="wait")
    steering = rig.steering
    steering.receive("redirect", "the other thing")
    assert await steering.handle_next(rig.executor) == "clarify"
    steering.receive("answer", "North")
    assert list(steering.redirects) == ["North"]
    assert await steering.handle_next(rig.executor) == "refine"
    assert rig.state.pending_question is None
    assert rig.kinds().count("clarification_requested") == 1
    handled = [e for e in rig.events.snapshot() if isinstance(e, ev.InterruptHandled)]
    assert [e.handled_as for e in handled] == ["clarify", "refine"]
    assert handled[-1].reply == "Noted: “North”. I will take it into account."
    assert all(t.status == "pending" for t in rig.state.plan)  # all work kept
