"""The live data a run may read: a namespace, its scanner, and what the last scan saw.

A :class:`DataSource` is what a router is given as ``data=``: in a notebook the
kernel's ``user_ns``, in a script ``globals()`` or a plain dict, in the CLI the
files a task names. A run describes it once, as its first hop
(:meth:`DataSource.scan`), and agents read the live objects through it
(:meth:`DataSource.tables`). It holds references only: nothing is copied.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, MutableMapping
from typing import Any

from notebook_router.data.context import TABULAR_KINDS, DataContext
from notebook_router.data.scanner import NamespaceScanner
from notebook_router.text.secrets import redact

ANALYSABLE_KINDS = frozenset({"pandas.DataFrame", "pandas.Series"})
"""The kinds the analyst runs pandas code on directly."""
LAZY_KINDS = frozenset({"dask.DataFrame", "dask.Series"})
"""Kinds handed on as they are, never converted: converting would compute them whole
(the analyst writes Dask code for them)."""


class DataSource:
    """A namespace a run can see, described on demand and cached between scans.

    >>> source = DataSource({"sales": [{"region": "N", "revenue": 3.0}] * 3})
    >>> source.scan().data[0].headline()
    'sales: list of 3 records with keys region, revenue'

    ``stamp`` gives each scan its recency stamp (a notebook passes the cell's
    execution count, so "it" means the object changed in the latest cell).
    """

    def __init__(
        self,
        namespace: Mapping[str, Any],
        *,
        hidden: Collection[str] = (),
        stamp: Callable[[], int | None] | None = None,
    ) -> None:
        self.namespace = namespace
        self._hidden = frozenset(hidden)
        self._scanner = NamespaceScanner(hidden=hidden)
        self._stamp = stamp
        self._context: DataContext | None = None

    @classmethod
    def of(cls, data: Mapping[str, Any] | DataSource | None) -> DataSource | None:
        """``data`` as a source: a mapping is wrapped, a source kept, None stays None."""
        if data is None or isinstance(data, DataSource):
            return data
        return cls(data)

    def scan(self) -> DataContext:
        """Describe the namespace now (cheap when little changed) and remember the result."""
        stamp = self._stamp() if self._stamp is not None else None
        self._context = self._scanner.scan(self.namespace, stamp=stamp)
        return self._context

    @property
    def context(self) -> DataContext:
        """What the last scan saw (scanning first if there was none)."""
        return self._context if self._context is not None else self.scan()

    def tables(self) -> dict[str, Any]:
        """The live tables and series by name, most recently changed first.

        Pandas objects as they are, Dask collections too (lazy, never computed here);
        other tabular data (polars frames, lists of records, dicts of columns)
        converted to a pandas DataFrame when pandas can read it.
        """
        out: dict[str, Any] = {}
        for d in self.context.data:
            value = self.namespace.get(d.name)
            if value is None:
                continue
            if d.kind in ANALYSABLE_KINDS or d.kind in LAZY_KINDS:
                out[d.name] = value
            elif d.kind in TABULAR_KINDS:
                table = _as_pandas(value)
                if table is not None:
                    out[d.name] = table
        return out

    def variables(self) -> dict[str, Any]:
        """What code an agent writes may read: the public names, not the router's own.

        A new dict of references (the code's scratch namespace starts from it):
        nothing is copied, and rebinding a name there leaves the namespace alone.
        """
        hidden = self._hidden
        return {
            k: v
            for k, v in self.namespace.items()
            if not k.startswith("_") and k not in hidden and not _secret(k, v)
        }

    def publish(self, values: Mapping[str, Any]) -> tuple[str, ...]:
        """Put ``values`` into the namespace (variables the user asked code to create).

        Returns the names written; none when the namespace is read-only.
        """
        if not isinstance(self.namespace, MutableMapping):
            return ()
        for name, value in values.items():
            self.namespace[name] = value
        return tuple(values)

    def default_table(self) -> str | None:
        """The table a request that names none means: the most recently changed one."""
        recent = self.context.most_recent(tabular=True)
        return recent.name if recent is not None else None

    def __repr__(self) -> str:
        return f"DataSource({len(self.namespace)} names)"


_SECRET_NAME = re.compile(r"(?i)(api_?key|secret|token|passw(or)?d|credential|private_?key)")


def _secret(name: str, value: Any) -> bool:
    """A variable code must not see: named like a secret, or a string shaped like a key."""
    if _SECRET_NAME.search(name):
        return True
    return isinstance(value, str) and redact(value) != value


def _as_pandas(value: Any) -> Any | None:
    """A pandas DataFrame of ``value`` (polars, records, dict of columns), or None."""
    try:
        import pandas as pd

        to_pandas = getattr(value, "to_pandas", None)
        if callable(to_pandas):
            return to_pandas()
        return pd.DataFrame(value)
    except Exception:  # not readable as a table: the analyst simply does not see it
        return None
