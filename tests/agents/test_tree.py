"""Agents with children and capability discovery over them."""

from __future__ import annotations

from typing import Any

import pytest

from notebook_router import AgentRegistry, agent
from notebook_router.agents.discovery import AgentTree
from notebook_router.agents.group import AgentGroup
from notebook_router.agents.tree import roots_of, tree_generation
from notebook_router.errors import AgentDefinitionError, DelegationCycleError


def _tree() -> tuple[Any, ...]:
    @agent(can=["trip", "travel"])
    def head(task: str) -> str:
        """Plans trips."""
        return "trip"

    @agent(can=["flights"], parent=head)
    def flights(task: str) -> str:
        """Finds flights."""
        return "FCO"

    experiences = AgentGroup("experiences", can=["activities"], parent=head)

    @agent(can=["food", "restaurants", "dining"], parent=experiences)
    def restaurants(task: str) -> str:
        """Recommends restaurants."""
        return "Roscioli"

    return head, flights, experiences, restaurants


def test_parent_and_add_child_build_a_tree_to_any_depth() -> None:
    head, _, experiences, restaurants = _tree()
    assert [c.name for c in head.children] == ["flights", "experiences"]
    assert restaurants.parent is experiences and experiences.parent is head

    @agent(can=["wine"])
    def sommelier(task: str) -> str:
        return "Barolo"

    restaurants.add_child(sommelier)
    paths = [path for path, _ in head.walk()]
    assert ("head", "experiences", "restaurants", "sommelier") in paths
    assert head.tree_text().splitlines()[-1].strip() == "└─ sommelier  [wine]"


def test_children_given_at_definition_and_same_name_replaces() -> None:
    @agent(can=["a"])
    def a(task: str) -> str:
        return "a"

    @agent(can=["top"], children=[a])
    def top(task: str) -> str:
        return "top"

    @agent(name="a", can=["a2"])
    def a_again(task: str) -> str:
        return "a2"

    top.add_child(a_again)
    assert top.children == (a_again,)
    assert a.parent is None and a_again.parent is top
    with pytest.raises(AgentDefinitionError, match="already has a child called 'a'"):
        top.add_child(agent(name="a")(lambda task: 1), replace=False)
    assert top.remove_child("a") is a_again and not top.children
    with pytest.raises(AgentDefinitionError, match="has no child 'a'"):
        top.remove_child("a")


def test_a_cycle_is_refused_with_its_path() -> None:
    head, _, _, restaurants = _tree()
    with pytest.raises(DelegationCycleError) as info:
        restaurants.add_child(head)
    assert "restaurants → head → experiences → restaurants" in str(info.value)
    with pytest.raises(DelegationCycleError, match="head → head"):
        head.add_child(head)
    assert restaurants.children == ()  # nothing changed


def test_parent_must_be_an_agent_object() -> None:
    with pytest.raises(AgentDefinitionError, match="pass the parent agent itself"):
        agent(name="x", can=["x"], parent="head")(lambda task: 1)
    with pytest.raises(AgentDefinitionError, match="cannot hold child agents"):
        agent(name="x", can=["x"], parent=object())(lambda task: 1)


def test_roots_of_keeps_only_the_tops_of_trees() -> None:
    head, flights, _, restaurants = _tree()
    assert roots_of([flights, restaurants, head]) == [head]
    # A child whose parent is not in the list stands for its own subtree.
    assert roots_of([restaurants, flights]) == [restaurants, flights]


def test_discovery_finds_every_member_with_its_path() -> None:
    head, *_ = _tree()
    tree = AgentTree([head])
    assert tree.names() == ["head", "flights", "experiences", "restaurants"]
    member = tree.find("restaurants")
    assert member is not None
    assert member.path == ("head", "experiences", "restaurants")
    assert (member.depth, member.parent) == (2, "experiences")
    assert [m.name for m in tree.descendants("experiences")] == ["restaurants"]
    assert ("food", 1.0) in tree.reach("head")


def test_names_must_be_unique_across_a_tree() -> None:
    head, *_ = _tree()

    @agent(name="flights", can=["other"])
    def other(task: str) -> str:
        return "x"

    with pytest.raises(AgentDefinitionError, match="Two different agents are called 'flights'"):
        AgentTree([head, other])


def test_registry_sees_tree_members_and_caches_discovery() -> None:
    head, _, _, restaurants = _tree()
    registry = AgentRegistry([head])
    assert registry.names() == ["head"]
    assert "restaurants" in registry and registry.get("restaurants") is restaurants
    first = registry.tree()
    assert registry.tree() is first  # cached while nothing changes


def test_discovery_cache_is_invalidated_by_every_kind_of_change() -> None:
    head, _, experiences, restaurants = _tree()
    registry = AgentRegistry([head])
    seen = [registry.tree()]

    def changed() -> bool:
        tree = registry.tree()
        fresh = tree is not seen[-1]
        seen.append(tree)
        return fresh

    @agent(can=["tours"])
    def tours(task: str) -> str:
        return "Colosseum"

    experiences.add_child(tours)  # a child added deep inside a registered tree
    assert changed() and "tours" in registry.all_names()
    experiences.remove_child("tours")
    assert changed() and "tours" not in registry
    registry.add(agent(name="weather", can=["weather"])(lambda task: "sun"))  # added
    assert changed()
    registry.add(agent(name="weather", can=["climate"])(lambda task: "sun"))  # redefined
    assert changed() and registry.tree().find("weather").agent.capabilities[0].topic == "climate"  # type: ignore[union-attr]
    registry.remove("weather")  # removed
    assert changed() and "weather" not in registry
    before = tree_generation()
    experiences.add_child(agent(name="restaurants", can=["pizza"])(lambda task: "pizza"))
    assert tree_generation() != before  # a child redefined in place
    assert changed() and registry.tree().find("restaurants").agent is not restaurants  # type: ignore[union-attr]
    assert not changed()  # and quiet again afterwards
