"""Scanning a namespace for data, cheaply enough to run before every task.

:class:`NamespaceScanner` keeps one cache entry per variable name: the
object (by weak reference where the type allows, else by ``id``), a change
signal read in microseconds (see each kind's ``*_signal``), and the
description built last time. A scan re-describes only names that are new,
now bound to another object, or whose signal moved; everything else is
reused, so a warm scan costs a few signal reads per variable.

Recency is a generation counter: each scan where a name is new or changed
stamps it with the scan's number (or with the ``stamp`` given, e.g. the
cell's execution count), and the result lists the most recent first. Ties
go to the name defined later in the namespace.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Collection, Hashable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from notebook_router.data.context import DataContext
from notebook_router.data.describe import SAMPLE_ROWS, DataDescription
from notebook_router.data.kinds import VALUE, Family, excluded, family_of
from notebook_router.data.masking import Masker


@dataclass(slots=True)
class _Entry:
    ref: Callable[[], Any] | None
    ident: int
    signal: Hashable
    description: DataDescription

    def holds(self, value: Any) -> bool:
        if self.ref is not None:
            return self.ref() is value
        return self.ident == id(value)


class NamespaceScanner:
    """Describes the data in a namespace, reusing what has not changed since the last scan.

    >>> scanner = NamespaceScanner()
    >>> context = scanner.scan({"rows": [{"city": "Oslo", "temp": 4}] * 3})
    >>> context.data[0].headline()
    'rows: list of 3 records with keys city, temp'
    """

    def __init__(self, *, hidden: Collection[str] = (), sample_rows: int = SAMPLE_ROWS) -> None:
        self.hidden = frozenset(hidden)
        """Names never described (e.g. IPython's ``user_ns_hidden``)."""
        self.sample_rows = sample_rows
        self.generation = 0
        self._entries: dict[str, _Entry] = {}

    def scan(self, namespace: Mapping[str, Any], *, stamp: int | None = None) -> DataContext:
        """The namespace's variables, described, most recently changed first."""
        generation = self.generation + 1 if stamp is None else stamp
        self.generation = max(self.generation, generation)
        mask: Masker | None = None
        entries: dict[str, _Entry] = {}
        positions: dict[str, int] = {}
        for position, (name, value) in enumerate(list(namespace.items())):
            if name in self.hidden or excluded(name, value):
                continue
            family = family_of(value)
            signal = _signal(family, value)
            entry = self._entries.get(name)
            if entry is None or not entry.holds(value) or entry.signal != signal:
                mask = mask or Masker()
                entry = self._describe(name, value, family, signal, mask, generation)
            entries[name] = entry
            positions[name] = position
        self._entries = entries
        ordered = sorted(
            entries.values(),
            key=lambda e: (-e.description.changed_at, -positions[e.description.name]),
        )
        return DataContext(tuple(e.description for e in ordered), self.generation)

    def _describe(
        self, name: str, value: Any, family: Family, signal: Hashable, mask: Masker, at: int
    ) -> _Entry:
        try:
            described = family.describe(name, value, mask, self.sample_rows)
        except Exception:  # an object that breaks on reading: list it by type, never fail a run
            described = VALUE.describe(name, value, mask, self.sample_rows)
        try:
            ref: Callable[[], Any] | None = weakref.ref(value)
        except TypeError:  # lists, dicts, ints: no weak references, so compare ids
            ref = None
        return _Entry(ref, id(value), signal, replace(described, changed_at=at))


def _signal(family: Family, value: Any) -> Hashable:
    try:
        return family.signal(value)
    except Exception:  # unreadable: a fresh object each time, so it is described again
        return object()
