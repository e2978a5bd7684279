"""The supervisor planner: a model drives retrieve_agents / call_agent / write_todos /
reflect_on_progress by native tool calls, and the run carries out its agent calls."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest

from notebook_router import Router, agent
from notebook_router.errors import ConfigError
from notebook_router.planner import events as ev
from notebook_router.planner.decisions import Synthesis
from notebook_router.planner.supervisor_planner import SupervisorPlanner
from notebook_router.providers.base import Completion, CompletionRequest, Message, ToolCall
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.verification.critic import RuleCritic

_ids = itertools.count(1)


def tools(*calls: tuple[str, dict[str, Any]], text: str = "") -> Completion:
    """A reply that calls tools (each with a fresh call id)."""
    return Completion(
        text=text,
        model="scripted:test",
        tool_calls=tuple(ToolCall(id=f"call_{next(_ids)}", name=n, arguments=a) for n, a in calls),
    )


def say(text: str) -> Completion:
    """A reply without tool calls (the supervisor is done)."""
    return Completion(text=text, model="scripted:test")


class Model:
    """Scripted supervisor replies for ``router.decide``; a fixed answer for synthesis."""

    def __init__(self, *decide: Completion | Callable[[CompletionRequest], Completion]) -> None:
        self.decide = list(decide)
        self.provider = ScriptedProvider(fallback=self)

    def __call__(self, request: CompletionRequest) -> Any:
        if request.purpose == "router.synthesise":
            return Synthesis(answer="the answer")
        assert request.purpose == "router.decide", request.purpose
        reply = self.decide.pop(0)
        return reply if isinstance(reply, Completion) else reply(request)

    def asked(self) -> list[CompletionRequest]:
        """The supervisor's requests (decisions), in order."""
        return [r for r in self.provider.requests if r.purpose == "router.decide"]


def answers(request: CompletionRequest) -> dict[str, Any]:
    """The tool messages of ``request``, by call id, parsed."""
    return {
        m.tool_call_id: json.loads(m.content)
        for m in request.messages
        if m.role == "tool" and m.tool_call_id
    }


def call_ids(reply: Completion) -> list[str]:
    return [c.id for c in reply.tool_calls]


def together(*names: str) -> list[Any]:
    """Agents that each finish only once all of them have started: proof they ran at once."""
    started: set[str] = set()
    everyone = asyncio.Event()

    def make(name: str) -> Any:
        async def run(task: str) -> str:
            started.add(name)
            if len(started) == len(names):
                everyone.set()
            await asyncio.wait_for(everyone.wait(), 10)  # a hang, not a timing bound
            return f"{name}: done for {task!r}"

        run.__name__ = name
        return agent(name=name, can=[name], description=f"Knows about {name}.")(run)

    return [make(n) for n in names]


async def test_retrieve_then_two_agent_calls_run_in_parallel_and_their_results_go_back() -> None:
    retrieve = tools(("retrieve_agents", {"query": "weather and restaurants in Rome"}))
    both = tools(
        ("call_agent", {"agent": "weather", "task": "weather in Rome tomorrow"}),
        ("call_agent", {"agent": "restaurants", "task": "a restaurant in Rome"}),
        text="Asking both agents at once.",
    )
    model = Model(retrieve, both, say("Both answered: done."))
    router = Router(
        together("weather", "restaurants"),
        model=model.provider,
        planner="supervisor",
        builtins=False,
    )
    run = router.start("Weather and a restaurant in Rome")
    result = await run

    assert result.stop_reason == "completed" and result.answer == "the answer"
    assert [(t.agent, t.status) for t in result.tasks] == [
        ("weather", "fulfilled"),
        ("restaurants", "fulfilled"),
    ]
    decisions = [e for e in run.history if isinstance(e, ev.DecisionMade)]
    started = [d for d in decisions if d.tasks]
    assert [(d.action, len(d.tasks)) for d in started] == [("parallel", 2)]
    assert started[0].reason == "Asking both agents at once."
    assert decisions[-1].action == "complete" and decisions[-1].reason == "Both answered: done."

    first, second, third = model.asked()
    assert {t.name for t in first.tools} == {
        "retrieve_agents",
        "call_agent",
        "write_todos",
        "reflect_on_progress",
    }
    # retrieve_agents was answered in the process, within the same decision.
    found = answers(second)[retrieve.tool_calls[0].id]["agents"]
    assert {a["name"] for a in found} == {"weather", "restaurants"}
    # Each call_agent call is answered with its task's result and the critic's check.
    fed_back = answers(third)
    weather, food = (fed_back[i] for i in call_ids(both))
    assert weather["status"] == "fulfilled" and "weather in Rome tomorrow" in weather["data"]
    assert food["agent"] == "restaurants" and food["task_id"] == result.tasks[1].id
    assert weather["critic"]["verdict"] == "ok"
    assert len(model.asked()) == 3  # no model call while the second agent was still running


async def test_the_critics_note_reaches_the_model_and_holds_the_finish_once() -> None:
    @agent(can=["restaurants"])
    def restaurants(task: str) -> list[str]:
        return ["Roscioli"]

    ask = tools(("call_agent", {"agent": "restaurants", "task": "List 3 restaurants in Rome"}))
    model = Model(ask, say("Done."), say("Done, with one restaurant."))
    router = Router([restaurants], model=model.provider, planner="supervisor", builtins=False)
    assert isinstance(router.critic, RuleCritic)  # the style turns the critic on

    run = router.start("Three restaurants in Rome")
    result = await run

    assert result.stop_reason == "completed"
    after_call, after_refusal = model.asked()[1:]
    verdict = answers(after_call)[ask.tool_calls[0].id]["critic"]
    assert verdict["verdict"] == "needs_more"
    assert "asked for 3 items, got 1" in verdict["notes"]
    refusal = after_refusal.messages[-1]
    assert refusal.role == "user" and "the critic still wants more" in refusal.content
    assert "restaurants: " in refusal.content
    noted = [e for e in run.history if isinstance(e, ev.CriticNoted)]
    assert [n.verdict for n in noted] == ["needs_more"]


async def test_malformed_tool_calls_get_error_messages_and_the_model_recovers() -> None:
    @agent(can=["weather"])
    def weather(task: str) -> str:
        return "sunny"

    bad = tools(
        ("launch_rockets", {"count": 3}),
        ("call_agent", {"agent": "weather"}),  # no task
        ("call_agent", {"agent": "astrologer", "task": "read the stars"}),
        ("write_todos", {"todos": "not a list"}),
    )
    model = Model(
        bad,
        tools(("call_agent", {"agent": "Weather", "task": "weather in Rome"})),
        say("Sunny."),
    )
    router = Router([weather], model=model.provider, planner="supervisor", builtins=False)
    result = await router.run("Weather in Rome")

    assert result.stop_reason == "completed"
    assert [(t.agent, t.description, t.status) for t in result.tasks] == [
        ("weather", "weather in Rome", "fulfilled")  # the name's case was forgiven
    ]
    rockets, no_task, unknown, todos = (
        answers(model.asked()[1])[i]["error"] for i in call_ids(bad)
    )
    assert "There is no tool 'launch_rockets'" in rockets and "call_agent" in rockets
    assert "Invalid arguments for call_agent" in no_task and "task" in no_task
    assert "There is no agent 'astrologer'" in unknown and "retrieve_agents" in unknown
    assert "Invalid arguments for write_todos" in todos
    # Every call was answered before the model was asked again.
    assert set(answers(model.asked()[1])) == set(call_ids(bad))


async def test_endless_tool_rounds_are_a_failed_decision_the_run_retries_with_feedback() -> None:
    @agent(can=["weather"])
    def weather(task: str) -> str:
        return "sunny"

    reflect = ("reflect_on_progress", {"done": "nothing yet"})
    model = Model(
        tools(reflect),
        tools(reflect),
        tools(("call_agent", {"agent": "weather", "task": "weather in Rome"})),
        say("Sunny."),
    )
    router = Router(
        [weather],
        model=model.provider,
        planner=SupervisorPlanner(max_tool_rounds=2),
        builtins=False,
    )
    run = router.start("Weather in Rome")
    result = await run

    assert result.stop_reason == "completed" and result.tasks[0].status == "fulfilled"
    [failed] = [e for e in run.history if isinstance(e, ev.DecisionFailed)]
    assert "2 tool rounds" in failed.error and failed.will_retry
    told: Message = model.asked()[2].messages[-1]
    assert told.role == "user" and "call call_agent now" in told.content


async def test_an_agents_question_is_asked_and_the_answer_goes_back_to_the_model() -> None:
    from notebook_router import NeedsUserInput

    @agent(can=["travel"])
    def travel(task: str) -> str:
        if "May" not in task:
            raise NeedsUserInput("Which month do you travel?")
        return "booked for May"

    first = tools(("call_agent", {"agent": "travel", "task": "book a trip to Rome"}))
    model = Model(
        first,
        tools(("call_agent", {"agent": "travel", "task": "book a trip to Rome in May"})),
        say("Booked."),
    )

    async def user(question: str) -> str:
        return "May"

    router = Router(
        [travel],
        model=model.provider,
        planner="supervisor",
        builtins=False,
        on_clarify=user,
        clarify="wait",
    )
    result = await router.run("Book a trip to Rome")

    assert result.stop_reason == "completed"
    assert [t.status for t in result.tasks] == ["needs_user_input", "fulfilled"]
    second = model.asked()[1]
    assert answers(second)[first.tool_calls[0].id]["question"] == "Which month do you travel?"
    assert "- user: May" in second.messages[-1].content


def test_the_supervisor_style_needs_a_model_that_calls_tools() -> None:
    with pytest.raises(ConfigError, match="the offline model cannot") as info:
        Router(model="offline", planner="supervisor")
    assert "planner='decider'" in str(info.value)
    with pytest.raises(ConfigError, match="Unknown planner 'boss'"):
        Router(planner="boss")  # type: ignore[arg-type]
    assert type(Router(model="offline", planner="decider").planner).__name__ == "RulePlanner"


async def test_a_request_seen_before_skips_the_supervisors_first_tool_rounds() -> None:
    @agent(can=["weather"])
    def weather(task: str) -> str:
        return "sunny"

    retrieve = tools(("retrieve_agents", {"query": "weather in Rome"}))
    ask = tools(("call_agent", {"agent": "weather", "task": "weather in Rome"}))
    model = Model(retrieve, ask, say("Sunny."))
    router = Router([weather], model=model.provider, planner="supervisor", builtins=False)
    assert (await router.run("Weather in Rome")).stop_reason == "completed"
    assert len(model.asked()) == 3

    again = Model(say("Sunny, as the weather agent said."))
    router.provider = again.provider
    run = router.start("Weather in Rome")
    result = await run

    assert result.stop_reason == "completed" and result.tasks[0].status == "fulfilled"
    first = next(e for e in run.history if isinstance(e, ev.DecisionMade))
    assert "agent-combination cache hit" in first.reason
    [only] = again.asked()  # one model call instead of three before the answer
    told = only.messages[1].content  # the run state it starts from shows the task's result
    assert "weather in Rome" in told and "sunny" in told
