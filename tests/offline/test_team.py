"""Every built-in with rules is given them: by a router's runs, in trees, after the fact."""

from __future__ import annotations

import pkgutil
from importlib import import_module

from notebook_router import AgentGroup, Router, agent
from notebook_router.agents.builtin import BUILTINS, Research, Summarisation, builtin_agents
from notebook_router.agents.cores import BuiltinAgent
from notebook_router.offline import team
from notebook_router.offline.team import BUILTIN, core_module, equip
from notebook_router.offline.team.research import lexical_answer
from notebook_router.offline.team.summarisation import extractive

REPORT = (
    "The quarter was busy for the whole team. Several meetings were held about the new office. "
    "Revenue rose 12% to 4.2 million in the North region. The coffee machine was replaced."
)


def _cores() -> set[str]:
    return {m.name for m in pkgutil.iter_modules(team.__path__)}


def test_each_built_in_with_rules_has_a_core_and_each_core_a_built_in() -> None:
    kinds = {b.name: getattr(import_module(f"{BUILTIN}.{b.name}"), b.cls) for b in BUILTINS}
    with_rules = {name for name, kind in kinds.items() if issubclass(kind, BuiltinAgent)}
    assert with_rules == _cores()
    assert with_rules == {
        "data_analyst",
        "coder",
        "planning",
        "research",
        "reasoning",
        "decision",
        "summarisation",
        "knowledge",
        "documents",
        "images",
    }


def test_equip_gives_every_built_in_with_rules_its_core() -> None:
    agents = builtin_agents()
    equip(agents)
    for built in agents:
        if isinstance(built, BuiltinAgent):
            assert callable(built.rules), built.name
    assert next(a for a in agents if isinstance(a, Summarisation)).rules is extractive


def test_a_core_given_already_is_kept_and_a_subclass_gets_its_built_ins() -> None:
    def mine(question: str, sources: list[object]) -> object:
        return None

    own = Research()
    own.rules = mine  # type: ignore[assignment]

    class Scholar(Research):
        name = "scholar"

    scholar = Scholar()
    equip([own, scholar])
    assert own.rules is mine and scholar.rules is lexical_answer
    assert core_module(Scholar) == "notebook_router.offline.team.research"


def test_a_router_gives_the_built_ins_it_was_handed_and_those_in_trees_their_cores() -> None:
    named, nested = Summarisation(), Research()
    group = AgentGroup("desk", description="A research desk.", can=["desk"], children=[nested])
    router = Router([named, group], builtins=False)
    result = router.run_sync(f"Summarise in one sentence: {REPORT}")
    assert result.stop_reason == "completed" and "12%" in result.answer
    assert named.rules is extractive and nested.rules is lexical_answer


def test_a_built_in_added_after_the_router_was_made_gets_its_core_with_the_next_run() -> None:
    router = Router([agent(name="echo", can=["echo"])(lambda task: task)], builtins=False)
    late = Summarisation()
    router.agents.add(late)
    router.run_sync("echo this")
    assert late.rules is extractive
