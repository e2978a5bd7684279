"""A built-in agent is a module and one line of ``BUILTINS``: everything else follows from it."""

from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path

import notebook_router.agents.builtin as builtin
from notebook_router.agents.builtin import BUILTINS, MEDIA_AGENTS, TEAM, builtin_agents

PACKAGE = Path(builtin.__file__).parent


def test_each_line_names_its_module_and_class_and_the_agent_goes_by_that_name() -> None:
    for row in BUILTINS:
        kind = getattr(import_module(f"{builtin.__name__}.{row.name}"), row.cls)
        assert kind().name == row.name
        assert getattr(kind, "builtin", False), row.name


def test_the_imports_for_type_checkers_and_all_are_the_table() -> None:
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    checked = next(
        n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"
    )
    imported = {
        (node.module or "").rpartition(".")[2]: alias.name
        for node in checked.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert imported == {row.name: row.cls for row in BUILTINS} | {"material": "SearchFunction"}
    assert {row.cls for row in BUILTINS} <= set(builtin.__all__)


def test_the_team_the_media_agents_and_the_data_agents_come_from_the_table() -> None:
    assert [a.name for a in builtin_agents()] == [row.name for row in BUILTINS]
    assert [a.name for a in builtin_agents(data=False, media=False)] == list(TEAM)
    assert [a.name for a in builtin_agents(data=False)] == [*TEAM, *MEDIA_AGENTS]
    assert TEAM == (
        "planning",
        "research",
        "reasoning",
        "decision",
        "summarisation",
        "verifier",
        "knowledge",
    )
    assert MEDIA_AGENTS == ("documents", "images", "audio", "video", "narration")


def test_the_research_agent_of_a_fresh_team_gets_the_search_function() -> None:
    def search(query: str) -> list[str]:
        return []

    research = next(a for a in builtin_agents(search=search) if a.name == "research")
    assert getattr(research, "search", None) is search
