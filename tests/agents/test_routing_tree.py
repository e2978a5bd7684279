"""Routing over trees with a depth penalty, in discovery and in the offline planner."""

from __future__ import annotations

from notebook_router import AgentRegistry, Router, agent
from notebook_router.agents.discovery import AgentTree, rank_by_depth
from notebook_router.examples.travel import AGENTS as TRAVEL
from notebook_router.planner.planner_view import ViewBuilder


def test_a_task_can_go_straight_to_a_grandchild() -> None:
    tree = AgentTree(TRAVEL)
    best = tree.route("Find a good restaurant in Florence")[0]
    assert best.name == "restaurants"
    assert best.path == ("travel", "experiences", "restaurants")
    assert best.score == best.relevance - 0.2  # two levels down


def test_a_broad_task_goes_to_the_top_of_the_tree() -> None:
    ranked = AgentTree(TRAVEL).route("Plan a trip to Italy with great food")
    assert ranked[0].name == "travel"


def test_depth_penalty_breaks_ties_towards_the_shallower_agent() -> None:
    ranked = rank_by_depth([("deep", 4.0, 2), ("shallow", 4.0, 0), ("mid", 2.0, 0)])
    assert [name for name, _, _ in ranked] == ["shallow", "deep", "mid"]
    assert ranked[1][2] == 1.0 - 0.2
    # A clearly better deep match still beats a weak shallow one.
    assert rank_by_depth([("weak", 1.0, 0), ("strong", 5.0, 2)])[0][0] == "strong"


def test_routing_within_a_subtree_only_considers_its_members() -> None:
    tree = AgentTree(TRAVEL)
    names = [r.name for r in tree.route("food tours and opera events", within="experiences")]
    assert set(names) == {"restaurants", "tours", "events"}
    assert all(r.path[0] == "experiences" for r in tree.route("food", within="experiences"))


def test_planner_cards_describe_tree_members_and_flat_cards_stay_unchanged() -> None:
    cards = ViewBuilder().agent_cards(AgentRegistry(TRAVEL))
    by_name = {c.name: c for c in cards}
    assert by_name["restaurants"].parent == "experiences" and by_name["restaurants"].depth == 2
    assert "parent" in by_name["restaurants"].model_dump_json()
    # Top-level agents leave the tree fields out, so flat prompts are unchanged.
    assert by_name["travel"].model_dump_json().count("depth") == 0


def test_the_offline_plan_names_a_tree_member_and_runs_it_directly() -> None:
    result = Router(TRAVEL).run_sync("Find a good restaurant in Florence")
    assert [t.agent for t in result.tasks] == ["restaurants"]
    assert result.tasks[0].status == "fulfilled"
    assert "Trattoria Mario" in result.answer


def test_flat_registries_route_exactly_as_before() -> None:
    @agent(can=["sales", "revenue"])
    def loader(task: str) -> str:
        """Loads the sales table."""
        return "rows"

    @agent(can=["plot", "chart"])
    def chart(task: str) -> str:
        """Plots a chart."""
        return "chart"

    result = Router([loader, chart]).run_sync("Load the sales table, then plot revenue")
    assert [t.agent for t in result.tasks] == ["loader", "chart"]
