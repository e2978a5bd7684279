"""Past Limits.planner_agents agents a model planner is shown the relevant few, and can ask
for more: 1,000 registered agents do not grow its prompt."""

from __future__ import annotations

import json
from itertools import product
from typing import Any

from notebook_router import Router, agent
from notebook_router.agents.function import FunctionAgent
from notebook_router.offline.planner import RulePlanner
from notebook_router.planner.decisions import Decision, RedirectDecision, Synthesis, TaskSpec
from notebook_router.planner.planner import ModelPlanner, PlannerCall
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.tools.retrieval import LexicalRetriever
from notebook_router.usage import Usage, estimate_tokens
from tests.conftest import Script

VERBS = ["forecast", "translate", "geocode", "classify", "summarise", "validate", "plot"]
VERBS += ["deduplicate", "anonymise", "rank"]
THINGS = ["invoices", "contracts", "sensor readings", "tweets", "emails", "photos"]
THINGS += ["shipments", "patient records", "stock prices", "support tickets"]
FIELDS = ["retail", "healthcare", "finance", "logistics", "energy", "education"]
FIELDS += ["insurance", "media", "farming", "tourism"]
GOAL = "Forecast the energy sensor readings for next week"
WANTED = "forecast_sensor_readings_energy"


def _agents(n: int) -> list[FunctionAgent]:
    """``n`` agents with distinct names and descriptions of one shape (so of like length),
    the one the goal needs registered last."""
    wanted = ("forecast", "sensor readings", "energy")
    others = [c for c in product(VERBS, THINGS, FIELDS) if c != wanted]
    combos = [*others[: n - 1], wanted]
    made = []
    for verb, thing, field in combos:
        name = f"{verb}_{thing.replace(' ', '_')}_{field}"

        def work(task: str, name: str = name) -> str:
            return f"{name} did: {task}"

        description = f"Can {verb} {thing} for {field} teams, from files or tables."
        made.append(agent(name=name, description=description, can=[verb, thing, field])(work))
    return made


def _view(request: CompletionRequest) -> dict[str, Any]:
    prompt = request.messages[-1].content
    return dict(json.loads(prompt.split("```json\n", 1)[1].rsplit("\n```", 1)[0]))


def _prompt_tokens(request: CompletionRequest) -> int:
    return sum(estimate_tokens(m.content) for m in request.messages)


def _first_decide(n: int) -> CompletionRequest:
    provider = ScriptedProvider(fallback=Script(), usage=Usage())
    Router(_agents(n), model=provider, builtins=False).run_sync(GOAL)
    return next(r for r in provider.requests if r.purpose == "router.decide")


def test_a_thousand_agents_do_not_grow_the_decide_prompt() -> None:
    small, big = _first_decide(21), _first_decide(1000)
    assert abs(_prompt_tokens(big) - _prompt_tokens(small)) <= 0.05 * _prompt_tokens(small)
    shown = [a["name"] for a in _view(big)["agents"]]
    assert len(shown) == 20 and shown[0] == WANTED  # the most relevant first
    assert _view(big)["more_agents"].startswith("20 of 1,000 agents shown")
    # The schema's agent names are the ones shown, not the thousand.
    assert big.json_schema is not None
    enum = big.json_schema["$defs"]["TaskSpec"]["properties"]["agent"]["anyOf"][0]["enum"]
    assert enum == shown


async def test_the_planner_asks_for_more_agents_and_plans_with_them() -> None:
    geocoder = "geocode_shipments_logistics"
    script = Script(
        decide=[
            {"action": "retrieve_agents", "query": "geocode shipments"},
            {"action": "execute", "run": [{"id": "t1", "agent": geocoder, "description": "x"}]},
        ]
    )
    provider = ScriptedProvider(fallback=script)
    run = Router(_agents(1000), model=provider, builtins=False).start(GOAL)
    result = await run
    assert result.task("t1").agent == geocoder and result.task("t1").status == "fulfilled"
    first, second = [r for r in provider.requests if r.purpose == "router.decide"][:2]
    assert geocoder not in [a["name"] for a in _view(first)["agents"]]
    offered = [a["name"] for a in _view(second)["agents"]]
    assert geocoder in offered and offered[:20] == [a["name"] for a in _view(first)["agents"]]
    feedback = _view(second)["feedback"]
    assert feedback.startswith("retrieve_agents found ") and geocoder in feedback
    # Every call is counted as usual, the retrieval included.
    planner_calls = [r for r in provider.requests if r.purpose.startswith("router.")]
    assert run.state.usage_by_source["planner"].calls == len(planner_calls)
    # The retrieved agent stays offered: it is in the plan now.
    last = [r for r in provider.requests if r.purpose == "router.synthesise"][-1]
    assert geocoder in [a["name"] for a in _view(last)["agents"]]


async def test_retrievals_are_bounded_per_decision() -> None:
    retrieve = {"action": "retrieve_agents", "query": "anything at all"}
    provider = ScriptedProvider(fallback=lambda request: retrieve, usage=Usage())
    run = Router(_agents(1000), model=provider, builtins=False).start(GOAL)
    failures = []
    async for event in run.events():
        if event.kind == "decision_failed":
            failures.append(event)
    await run
    assert failures[0].error.startswith("'retrieve_agents' asked 3 times for one decision")
    assert len(provider.requests) == 3 * len(failures)  # 1 + 2 retrievals per attempt


def test_an_agent_not_shown_can_still_be_named() -> None:
    hidden = "rank_tweets_media"
    script = Script(decide=[{"action": "execute", "run": [{"agent": hidden, "description": "x"}]}])
    provider = ScriptedProvider(fallback=script, usage=Usage())
    result = Router(_agents(1000), model=provider, builtins=False).run_sync(GOAL)
    first = next(r for r in provider.requests if r.purpose == "router.decide")
    assert hidden not in [a["name"] for a in _view(first)["agents"]]
    assert result.tasks[0].agent == hidden and result.tasks[0].status == "fulfilled"


def test_the_agent_index_is_built_once_per_registry_not_per_call() -> None:
    retriever = LexicalRetriever()  # counts its whole builds
    planner = ModelPlanner(agent_retriever=retriever)
    steps = [
        {"action": "execute", "run": [{"agent": WANTED, "description": f"part {i}"}]}
        for i in range(3)
    ]
    script = Script(decide=steps * 3)
    router = Router(
        _agents(100), model=ScriptedProvider(fallback=script), planner=planner, builtins=False
    )
    router.run_sync(GOAL)
    router.run_sync(GOAL + " again")
    assert retriever.builds == 1
    router.agents.add(_agents(101)[-2])  # one more agent
    router.run_sync(GOAL)
    assert retriever.builds == 2


def test_the_offline_planner_still_sees_every_agent() -> None:
    router = Router(_agents(1000), model="offline", builtins=False)
    assert isinstance(router.planner, RulePlanner)
    result = router.run_sync("Anonymise the patient records for insurance")
    assert [t.agent for t in result.tasks] == ["anonymise_patient_records_insurance"]


async def test_a_planner_that_cannot_retrieve_agents_gets_a_decision_it_can_fix() -> None:
    class Asks:
        """A planner of the user's that replies retrieve_agents itself, then plans."""

        def __init__(self) -> None:
            self.replies = [
                Decision(action="retrieve_agents", query="plots"),
                Decision(action="execute", run=[TaskSpec(agent=WANTED, description="go")]),
            ]

        async def decide(self, call: PlannerCall) -> Decision:
            return self.replies.pop(0) if self.replies else Decision(action="complete")

        async def redirect(self, call: PlannerCall, message: str) -> RedirectDecision:
            raise NotImplementedError

        async def synthesise(self, call: PlannerCall) -> Synthesis:
            return Synthesis(answer="done")

    run = Router(_agents(30), planner=Asks(), builtins=False).start(GOAL)
    errors = [e.error async for e in run.events() if e.kind == "decision_failed"]
    result = await run
    assert errors == [
        "'retrieve_agents' is not a step of the run: choose tasks for the agents in 'agents' "
        "(any registered agent name is accepted), or 'complete'."
    ]
    assert result.tasks[0].agent == WANTED and result.tasks[0].status == "fulfilled"
