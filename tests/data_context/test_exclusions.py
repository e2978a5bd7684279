"""What never appears in the data context: private names, modules, callables, the router's objects."""

from __future__ import annotations

import json
from typing import Any

from notebook_router import Limits, SharedContext
from notebook_router.data import NamespaceScanner


def test_only_the_users_variables_are_described() -> None:
    class Point:
        pass

    namespace: dict[str, Any] = {
        "_hidden": 1,
        "__builtins__": {},
        "json": json,
        "In": ["", "x = 1"],
        "Out": {},
        "exit": object(),
        "get_ipython": lambda: None,
        "helper": lambda x: x,
        "Point": Point,
        "limits": Limits(),
        "shared": SharedContext(),
        "x": 1,
        "rows": [{"a": 1}],
        "startup": 2,
    }
    names = NamespaceScanner(hidden={"startup"}).scan(namespace).names()
    assert sorted(names) == ["rows", "x"]
