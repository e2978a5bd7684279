"""The examples in the language layer's docstrings are true (each module's doctests)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import notebook_router.language as language

MODULES = sorted(m.name for m in pkgutil.iter_modules(language.__path__, f"{language.__name__}."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
