"""Fast keyword constructors for slotted dataclasses built on the loop's hot path.

Calling a class with keywords makes CPython pack them into a dict and unpack
them again for ``__init__``; that plumbing costs more than the object itself.
A plain function with keyword-only parameters binds keywords directly, so
building through :func:`keyword_maker` costs about half as much. The loop
builds several such objects a step (events, task requests, agent contexts).

The maker is generated from the dataclass's fields, the way ``dataclasses``
writes ``__init__``: defaults and default factories behave the same, and a
missing or unknown field is a ``TypeError``. Classes with ``__post_init__``
or init-only fields are refused, since the maker would skip them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def keyword_maker(cls: type[T], *, skip: Iterable[str] = ()) -> Callable[..., T]:
    """A function ``make(*, field=..., ...)`` that builds ``cls`` without calling it.

    Fields named in ``skip`` are left unset, for the caller to fill in.

    >>> from dataclasses import dataclass
    >>> @dataclass(slots=True)
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> keyword_maker(Point)(x=1)
    Point(x=1, y=0)
    """
    if not is_dataclass(cls) or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: only dataclasses without __post_init__ are supported")
    skipped = set(skip)
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "MISSING": MISSING}
    params, body = [], []
    for f in fields(cls):
        if f.name in skipped:
            continue
        if f.name in namespace or f.name == "obj":  # would shadow a name the source uses
            raise TypeError(f"{cls.__name__}.{f.name}: this field name is reserved here")
        if f.default is not MISSING:
            namespace[f"default_{f.name}"] = f.default
            params.append(f"{f.name}=default_{f.name}")
        elif f.default_factory is not MISSING:
            namespace[f"factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=MISSING")
            body.append(f"    if {f.name} is MISSING: {f.name} = factory_{f.name}()")
        else:
            params.append(f.name)
        body.append(f"    obj.{f.name} = {f.name}")
    signature = f"def make(*, {', '.join(params)}):" if params else "def make():"
    source = "\n".join([signature, "    obj = new(cls)", *body, "    return obj"])
    exec(source, namespace)  # the source names only the dataclass's own fields
    make: Callable[..., T] = namespace["make"]
    make.__qualname__ = f"{cls.__name__}.make"
    return make
