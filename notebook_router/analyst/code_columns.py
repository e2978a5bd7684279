"""Which expressions of pandas code are a table's columns, and what it groups or indexes by.

``df["c"]``, ``df.c``, ``df.loc[:, "c"]``, a variable holding one, the name of a
column inside a ``.query()`` string, and any of those through ``.str.lower()``,
``.astype()``, ``pd.to_datetime()`` or ``.values`` are the column ``c``; through
``.dt.year`` they are its year. ``df.sum`` is not a column (``sum`` is not one of the
table's), nor is ``df["North"]``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping

from notebook_router.analyst.code_values import Bindings

DATE_PARTS = frozenset(
    "year month quarter day dayofweek day_of_week weekday hour week isocalendar".split()
)
# Methods whose result is still "the column" for a comparison: case, spacing, type.
_SAME_COLUMN = frozenset(
    "lower upper strip lstrip rstrip casefold title capitalize astype fillna abs round "
    "copy squeeze to_numpy dropna normalize tz_localize tz_convert".split()
)
_CONVERTERS = frozenset({"to_datetime", "to_numeric", "Series", "DatetimeIndex", "Index"})
GROUPING = frozenset({"groupby", "set_index", "pivot_table", "pivot", "value_counts", "crosstab"})
"""Calls whose result is indexed (or grouped) by columns."""
_DISTINCT = frozenset({"unique", "drop_duplicates", "value_counts", "tolist"})

Column = tuple[str, str]
"""A column and the part of it used (``year`` for ``.dt.year``; '' for the values)."""


class Columns:
    """Column look-ups over one piece of code; every column found is added to ``reads``."""

    def __init__(
        self, columns: Iterable[str], aliases: Mapping[str, str], values: Bindings
    ) -> None:
        self.known = {c.casefold(): c for c in columns}
        self.aliases = dict(aliases)
        self.values = values
        self.reads: set[str] = set()
        self.in_query: dict[str, str] | None = None
        """While reading a query string: its back-quoted names (placeholder -> column)."""

    def named(self, text: str) -> str | None:
        """The column spelled ``text`` (case aside), or None."""
        return self.known.get(text.casefold())

    def _read(self, column: str) -> Column:
        self.reads.add(column)
        return column, ""

    def column(self, node: ast.expr, depth: int = 0) -> Column | None:
        """``(column, part)`` if ``node`` is a column (maybe transformed), else None."""
        if depth > 6:
            return None
        if isinstance(node, ast.Subscript):
            return self._subscript_column(node, depth)
        if isinstance(node, ast.Attribute):
            inner = self.column(node.value, depth + 1)
            if inner is not None and node.attr in ("values", "array"):
                return inner
            if node.attr in DATE_PARTS:
                found = self.column(under(node.value, "dt"), depth + 1)
                if found is not None:
                    return found[0], node.attr
            named = self.named(node.attr)
            return self._read(named) if inner is None and named is not None else None
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in _SAME_COLUMN:
                return self.column(under(func.value, "str"), depth + 1)
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in _CONVERTERS and node.args:
                return self.column(node.args[0], depth + 1)
            return None
        if isinstance(node, ast.Name):
            return self._name_column(node.id, depth)
        return None

    def _subscript_column(self, node: ast.Subscript, depth: int) -> Column | None:
        key: ast.expr = node.slice
        if isinstance(node.value, ast.Attribute) and node.value.attr in ("loc", "at"):
            if not (isinstance(key, ast.Tuple) and len(key.elts) == 2):
                return None
            key = key.elts[1]
        name = self.values.value(key, depth + 1)
        named = self.named(name) if isinstance(name, str) else None
        return self._read(named) if named is not None else None

    def _name_column(self, name: str, depth: int) -> Column | None:
        if name in self.aliases:
            return self.aliases[name], ""
        if self.in_query is not None and not name.startswith("__at_"):
            # inside a query string a bare name is a column (a variable is @name)
            if name in self.in_query:
                return self.in_query[name], ""
            named = self.named(name)
            return self._read(named) if named is not None else None
        for bound in self.values.bound(name):
            found = self.column(bound, depth + 1)
            if found is not None:
                return found
        return None

    def distinct_of(self, node: ast.expr) -> str | None:
        """The column whose distinct values ``node`` lists (``df.c.unique()``, sorted too)."""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
            return self.distinct_of(node.args[0]) if node.func.id in ("sorted", "list") else None
        if isinstance(node, ast.Attribute) and node.attr == "index":
            return self.distinct_of(node.value)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr not in _DISTINCT:
                return None
            inner = self.column(node.func.value)
            return inner[0] if inner is not None else self.distinct_of(node.func.value)
        return None

    # ------------------------------------------------------------------ groups and indexes

    def grouping_keys(self, method: str, owner: ast.expr | None, node: ast.Call) -> list[str]:
        """The columns a grouping call (:data:`GROUPING`, ``resample``) groups or indexes by;
        ``owner`` is what it is called on (None for a bare function)."""
        kwargs = {k.arg: k.value for k in node.keywords if k.arg}
        args = list(node.args)
        module = owner is None or (isinstance(owner, ast.Name) and owner.id in ("pd", "pandas"))
        if method in ("groupby", "set_index"):
            by = args[0] if args else kwargs.get("by", kwargs.get("keys"))
            return self.keys(by)
        if method == "resample":
            return self.keys(kwargs.get("on"))
        if method in ("pivot_table", "pivot"):
            # pd.pivot_table(data, values, index, columns); df.pivot(index, columns, values)
            first = (2 if module else 1) if method == "pivot_table" else (1 if module else 0)
            found = [kwargs[k] for k in ("index", "columns") if k in kwargs]
            return [c for expr in found + args[first : first + 2] for c in self.keys(expr)]
        if method == "value_counts":
            if owner is not None and not module:
                column = self.column(owner)
                if column is not None:
                    return [column[0]]
                if isinstance(owner, ast.Subscript):
                    return self.keys(owner.slice)
            return self.keys(args[0] if args else kwargs.get("subset"))
        if method == "crosstab":
            found = args[:2] + [kwargs[k] for k in ("index", "columns") if k in kwargs]
            return [c for expr in found for c in self.keys(expr)]
        return []

    def keys(self, node: ast.expr | None, depth: int = 0) -> list[str]:
        """The columns a grouping key names: a name, a list, a column, ``pd.Grouper(key=)``,
        ``pd.cut(column, ...)``, a column's ``.dt.year`` or ``.dt.to_period()``."""
        if node is None or depth > 4:
            return []
        if isinstance(node, (ast.List, ast.Tuple)):
            return [c for e in node.elts for c in self.keys(e, depth + 1)]
        found = self.values.value(node)
        if isinstance(found, (str, tuple)):
            return [
                self.named(str(v)) or str(v)
                for v in (found if isinstance(found, tuple) else (found,))
            ]
        column = self.column(node)
        if column is not None:
            return [column[0]]
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name == "Grouper":
                key = next((k.value for k in node.keywords if k.arg in ("key", "level")), None)
                return self.keys(key, depth + 1)
            if name in ("cut", "qcut") and node.args:
                return self.keys(node.args[0], depth + 1)
            if isinstance(func, ast.Attribute):  # df.date.dt.to_period("M"), .dt.strftime(...)
                return self.keys(func.value, depth + 1)
        if isinstance(node, ast.Attribute) and node.attr == "dt":
            return self.keys(node.value, depth + 1)
        return []

    def index_columns(self, node: ast.expr, depth: int = 0) -> list[str]:
        """The columns a table's index (and, for a pivot, its columns) holds labels of."""
        if depth > 8:
            return []
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            method = node.func.attr
            if method in GROUPING:
                return self.grouping_keys(method, node.func.value, node)
            if method == "reset_index":
                return []
            return self.index_columns(node.func.value, depth + 1)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("crosstab", "pivot_table"):
                return self.grouping_keys(node.func.id, None, node)
            return []
        if isinstance(node, (ast.Subscript, ast.Attribute)):
            return self.index_columns(node.value, depth + 1)
        if isinstance(node, ast.Name):
            for bound in self.values.bound(node.id):
                found = self.index_columns(bound, depth + 1)
                if found:
                    return found
        return []


def under(node: ast.expr, accessor: str) -> ast.expr:
    """What an accessor (``.str``, ``.dt``) is on: ``df.c`` for ``df.c.str``; else ``node``."""
    return node.value if isinstance(node, ast.Attribute) and node.attr == accessor else node
