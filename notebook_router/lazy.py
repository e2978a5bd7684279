"""Public names of a package imported on first use (PEP 562).

A package's ``__init__`` that imports everything it re-exports makes every
import of it, or of any of its submodules, pay for all of them: importing
``notebook_router.store.durations`` would open sqlite3, and
``import notebook_router`` would build the planner, the agents and the tools.
Packages here name where each public name lives instead, and the name is
imported the first time someone asks for it::

    if TYPE_CHECKING:  # type checkers and readers see ordinary imports
        from notebook_router.store.store import SessionStore

    if not TYPE_CHECKING:  # hidden from type checkers, so a misspelt name stays an error
        __getattr__ = lazy_exports(__name__, {"SessionStore": "notebook_router.store.store"})
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


class LazyExports:
    """A package's module ``__getattr__`` that imports ``name`` from ``where[name]``.

    The value is then stored on the package, so later lookups are plain attribute
    reads and ``from package import name`` costs nothing more. ``where`` is the
    package's one table of public names: its ``__all__`` and its type-checking imports
    are held to it (``tests/test_public_api.py``).
    """

    __slots__ = ("package", "where")

    def __init__(self, package: str, where: Mapping[str, str]) -> None:
        self.package = package
        self.where = dict(where)

    def __call__(self, name: str) -> Any:
        module = self.where.get(name)
        if module is None:
            raise AttributeError(f"module {self.package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[self.package], name, value)
        return value


def lazy_exports(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that imports each name of ``where`` from
    the module it maps to, on first use (see :class:`LazyExports`)."""
    return LazyExports(package, where)
