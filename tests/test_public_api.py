"""``import notebook_router`` shows its curated API, and only that."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import sys
import types

import pytest

import notebook_router
from notebook_router.lazy import LazyExports

EXTENSION_HOOKS = {"load_ipython_extension", "unload_ipython_extension"}


def _import_every_submodule() -> None:
    for info in pkgutil.walk_packages(notebook_router.__path__, "notebook_router."):
        if not info.name.endswith("__main__"):  # running it would start the CLI
            importlib.import_module(info.name)


@pytest.mark.parametrize("name", notebook_router.__all__)
def test_every_public_name_resolves_and_is_documented(name: str) -> None:
    value = getattr(notebook_router, name)
    if name == "__version__":
        assert re.fullmatch(r"\d+\.\d+\.\d+\S*", value)
    elif isinstance(value, types.UnionType):
        # An alias cannot hold a docstring: its members' module documents it.
        members = {sys.modules[m.__module__] for m in value.__args__}
        assert all(inspect.getdoc(m) for m in members)
    else:
        assert value.__doc__ and value.__doc__.strip(), f"{name} has no docstring"


def test_dir_lists_the_public_api_even_after_every_submodule_is_imported() -> None:
    _import_every_submodule()
    assert "notebook" in vars(notebook_router)  # the submodules really are attributes now
    assert dir(notebook_router) == sorted({*notebook_router.__all__, *EXTENSION_HOOKS})


def test_all_has_no_duplicates_and_no_extension_hooks() -> None:
    assert len(set(notebook_router.__all__)) == len(notebook_router.__all__)
    assert not EXTENSION_HOOKS & set(notebook_router.__all__)


def test_the_ipython_extension_hooks_stay_reachable() -> None:
    for name in sorted(EXTENSION_HOOKS):
        hook = getattr(notebook_router, name)
        assert callable(hook) and hook.__doc__


LAZY_PACKAGES = [
    "notebook_router",
    "notebook_router.agents.builtin",
    "notebook_router.mcp",
    "notebook_router.render",
    "notebook_router.store",
]


def _type_checking_imports(source: str) -> dict[str, str]:
    """name → module of the imports under ``if TYPE_CHECKING:`` in ``source``."""
    return {
        alias.asname or alias.name: stmt.module
        for node in ast.parse(source).body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        for stmt in node.body
        if isinstance(stmt, ast.ImportFrom) and stmt.module
        for alias in stmt.names
    }


def _table_problems(source: str, names: dict[str, object]) -> list[str]:
    """Where a package's ``__all__``, lazy loader and type-checking imports disagree."""
    loader = names.get("__getattr__")
    if not isinstance(loader, LazyExports):
        return ["no lazy loader"]
    problems = []
    seen = _type_checking_imports(source)
    if seen != loader.where:
        problems.append(f"type checkers see {seen}, the loader imports {loader.where}")
    exported = list(names.get("__all__", []))  # type: ignore[call-overload]
    if len(set(exported)) != len(exported):
        problems.append("__all__ names something twice")
    if missing := set(loader.where) - set(exported):
        problems.append(f"not in __all__: {sorted(missing)}")
    if unbound := {n for n in exported if n not in loader.where and n not in names}:
        problems.append(f"in __all__ but neither loaded nor defined: {sorted(unbound)}")
    return problems


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_a_lazy_package_has_one_table_of_public_names(package: str) -> None:
    """``__all__``, the lazy loader and the imports type checkers read name the same
    things in the same places: a name added to one and not the others fails here."""
    module = importlib.import_module(package)
    assert _table_problems(inspect.getsource(module), vars(module)) == []


def test_the_table_check_catches_a_name_the_type_checkers_never_see() -> None:
    source = "if TYPE_CHECKING:\n    from pkg.a import A\n"
    loader = LazyExports("pkg", {"A": "pkg.a", "B": "pkg.b"})
    problems = _table_problems(source, {"__getattr__": loader, "__all__": ["A", "B"]})
    assert len(problems) == 1 and "type checkers see" in problems[0]
    missing = _table_problems(source, {"__getattr__": LazyExports("pkg", {"A": "pkg.a"})})
    assert missing == ["not in __all__: ['A']"]
