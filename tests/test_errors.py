"""The exception tree in errors.py's docstring is the real one, and the only one."""

from __future__ import annotations

import importlib
import pkgutil
import re
from types import ModuleType

import pytest

import notebook_router
from notebook_router import errors
from notebook_router.errors import AgentError, NeedsUserInput, NotebookRouterError, Unable

# "    │   ├── Name(Base, Other)   description": glyphs, a name, its other bases.
_LINE = re.compile(r"^(?P<glyphs>[│├└─ ]*)(?P<name>\w+)(?:\((?P<bases>[\w, ]+)\))?(?:\s{2,}.*)?$")


def _modules() -> list[ModuleType]:
    """Every module of the package (``__main__`` would run the CLI)."""
    names = [
        m.name
        for m in pkgutil.walk_packages(notebook_router.__path__, "notebook_router.")
        if not m.name.endswith("__main__")
    ]
    return [importlib.import_module(name) for name in names]


def _drawn() -> dict[str, tuple[str, ...]]:
    """Each class in the docstring's drawing, with its bases: the drawn parent first."""
    doc = errors.__doc__ or ""
    block = doc.split("::\n\n", 1)[1].split("\n\n", 1)[0]
    parents: list[str] = []
    drawn: dict[str, tuple[str, ...]] = {}
    for line in block.splitlines():
        match = _LINE.match(line.removeprefix("    "))
        assert match, f"cannot read this line of the drawing: {line!r}"
        depth = len(match["glyphs"]) // 4
        name = match["name"]
        others = [b.strip() for b in (match["bases"] or "").split(",") if b.strip()]
        del parents[depth:]
        assert name not in drawn, f"{name} is drawn twice"
        drawn[name] = (*parents[-1:], *others)
        parents.append(name)
    return drawn


def _real() -> dict[str, tuple[str, ...]]:
    """Every subclass of NotebookRouterError (the root too), with its bases in order."""
    _modules()
    found: dict[str, tuple[str, ...]] = {}
    todo: list[type[BaseException]] = [NotebookRouterError]
    while todo:
        cls = todo.pop()
        found[cls.__name__] = tuple(b.__name__ for b in cls.__bases__)
        todo.extend(cls.__subclasses__())
    return found


def test_the_docstring_draws_every_exception_with_its_real_bases() -> None:
    assert _drawn() == _real()


def test_the_drawing_is_read_as_a_tree() -> None:
    drawn = _drawn()
    assert drawn["NotebookRouterError"] == ("Exception",)
    assert drawn["RateLimitedError"] == ("TransientProviderError",)
    assert drawn["DelegationCycleError"] == ("DelegationError", "AgentDefinitionError")


def test_every_exception_in_the_package_is_defined_in_errors_py() -> None:
    _modules()
    strays: list[str] = []
    todo: list[type[BaseException]] = [BaseException]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("notebook_router") and cls.__module__ != errors.__name__:
            strays.append(f"{cls.__module__}.{cls.__qualname__}")
    assert strays == []


@pytest.mark.parametrize("signal", [Unable, NeedsUserInput])
def test_an_agents_own_signals_are_agent_errors(signal: type[NotebookRouterError]) -> None:
    with pytest.raises(AgentError):
        raise signal("reason")
