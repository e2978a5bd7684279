"""``import notebook_router`` shows its curated API, and only that."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import sys
import types

import pytest

import notebook_router

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
