"""The worked example of docs/adding-an-agent.md runs as written: a built-in agent module,
its line in ``BUILTINS`` and its offline core, with the page's own tests."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from notebook_router.agents.builtin import BUILTINS, Builtin
from notebook_router.offline.team import core_module, equip
from tests.agents.builtin import helpers

PAGE = Path(__file__).resolve().parents[3] / "docs" / "adding-an-agent.md"
_STEP = re.compile(
    r"^### \d\. [^\n]*`(?P<path>notebook_router/[^`]+\.py)`\n.*?```python\n(?P<code>.*?)```",
    re.S | re.M,
)
_TESTS = re.compile(r"^### \d\. Its tests\n.*?```python\n(?P<code>.*?)```", re.S | re.M)


def _steps() -> dict[str, str]:
    """Each step's code by the file it goes in."""
    text = PAGE.read_text(encoding="utf-8")
    return {m["path"]: m["code"] for m in _STEP.finditer(text)}


def _load(path: str, code: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``code`` as the module at ``path``, importable by its name for this test only."""
    name = path.removesuffix(".py").replace("/", ".")
    module = ModuleType(name)
    monkeypatch.setitem(sys.modules, name, module)
    exec(compile(code, path, "exec"), module.__dict__)
    return module


@pytest.fixture
def glossary(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    steps = _steps()
    agent = _load(
        "notebook_router/agents/builtin/glossary.py",
        steps["notebook_router/agents/builtin/glossary.py"],
        monkeypatch,
    )
    _load(
        "notebook_router/offline/team/glossary.py",
        steps["notebook_router/offline/team/glossary.py"],
        monkeypatch,
    )
    return agent


def test_the_page_has_the_three_steps_of_adding_a_built_in() -> None:
    assert set(_steps()) == {
        "notebook_router/agents/builtin/glossary.py",
        "notebook_router/agents/builtin/__init__.py",
        "notebook_router/offline/team/glossary.py",
    }


def test_the_registration_line_names_the_agents_module_and_class(glossary: ModuleType) -> None:
    code = _steps()["notebook_router/agents/builtin/__init__.py"]
    line = next(line.strip().rstrip(",") for line in code.splitlines() if "Builtin(" in line)
    row = eval(line, {"Builtin": Builtin})  # one literal row of the table, as the page shows it
    assert row == Builtin("glossary", "Glossary", "team")
    assert getattr(glossary, row.cls)().name == row.name
    assert row.name not in {b.name for b in BUILTINS}  # an example, not a shipped agent


def test_a_router_finds_the_example_its_offline_core(glossary: ModuleType) -> None:
    kind = glossary.Glossary
    assert core_module(kind) == "notebook_router.offline.team.glossary"
    agent = kind()
    equip([agent])
    assert agent.rules is sys.modules["notebook_router.offline.team.glossary"].define_by_rules


async def test_the_pages_own_tests_pass(glossary: ModuleType) -> None:
    code = _TESTS.search(PAGE.read_text(encoding="utf-8"))
    assert code is not None
    names: dict[str, Any] = {
        "Glossary": glossary.Glossary,
        "context_for": helpers.context_for,
        "equipped": helpers.equipped,
        "model_replying": helpers.model_replying,
    }
    exec(compile(code["code"], str(PAGE), "exec"), names)
    tests = [v for k, v in names.items() if k.startswith("test_")]
    assert len(tests) == 2
    for test in tests:
        await test()


async def test_offline_with_no_source_the_example_says_what_would_answer(
    glossary: ModuleType,
) -> None:
    task, context = helpers.context_for("What does churn mean?")
    result = await helpers.equipped(glossary.Glossary()).run(task, context)
    assert result.status == "unable"
    assert "Without a language model I cannot define a term" in (result.error or "")
