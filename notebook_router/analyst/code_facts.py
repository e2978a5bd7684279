"""What a piece of pandas code does with a table's columns, read from its syntax (nothing runs).

:func:`read_code` walks the code's syntax tree and collects three things:

- the columns it **reads**: ``df["c"]``, ``df.c``, ``"c"`` in a list or a keyword, the
  names in a ``.query("...")`` string;
- the columns it **groups by**: ``groupby``, ``pivot_table``/``pivot`` index and columns,
  ``value_counts`` of a column, ``pd.crosstab``, ``by=`` of a box plot or histogram,
  seaborn's ``x``/``y``/``hue``, a loop over a column's distinct values;
- the row **conditions** it writes, each as ``column op values``: comparisons
  (``df["c"] == v``, ``300 < df.c``, chained), the comparison methods (``.eq()``,
  ``.gt()``...), ``.isin``, ``.between``, ``.str.contains``/``startswith``,
  ``.query``/``.eval`` strings, ``get_group``/``.loc``/``.xs`` on a grouped or indexed
  table, a boolean column used as a mask, and ``~``/``not`` in front of any of these.

It is generous about how a thing is written: the column side may go through
``.str.lower()``, ``.astype()``, ``pd.to_datetime()`` or ``.dt.year`` (kept as the
condition's ``part``); either side may be a variable holding a column, a value, a
mask or a list, or a loop variable over a literal list. It never guesses a value it
cannot read: a comparison with something computed is no condition on a value.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from notebook_router.analyst.code_columns import GROUPING, Columns, under
from notebook_router.analyst.code_values import NO, Bindings
from notebook_router.analyst.spec import ColumnRef

_COMPARE: dict[type[ast.cmpop], str] = {
    ast.Eq: "==", ast.NotEq: "!=", ast.Gt: ">", ast.GtE: ">=", ast.Lt: "<", ast.LtE: "<=",
    ast.In: "isin", ast.NotIn: "notin",
}  # fmt: skip
_METHODS = {"eq": "==", "ne": "!=", "gt": ">", "ge": ">=", "lt": "<", "le": "<="}
FLIPPED = {"==": "==", "!=": "!=", ">": "<", ">=": "<=", "<": ">", "<=": ">="}
NEGATED = {
    "==": "!=", "!=": "==", ">": "<=", ">=": "<", "<": ">=", "<=": ">",
    "isin": "notin", "notin": "isin", "between": "outside", "contains": "lacks",
    "present": "absent", "absent": "present",
}  # fmt: skip
_PRESENCE = {"notna": "present", "notnull": "present", "isna": "absent", "isnull": "absent"}
"""``df.code.notna()``: the rows where the column holds a value (or none)."""
_TEXT_MATCH = frozenset({"contains", "startswith", "endswith", "match", "fullmatch"})
_SEABORN = frozenset({"sns", "seaborn"})
_PLOT_BY = frozenset({"boxplot", "hist", "box", "plot", "violinplot"})
_QUOTED = re.compile(r"""('[^']*'|"[^"]*")|[&|]""")
_LOOSE = {"&": " and ", "|": " or "}


@dataclass(frozen=True, slots=True)
class Condition:
    """A row condition the code writes: ``column op values`` (``part``: ``.dt.year`` and such)."""

    column: str
    op: str
    """``== != > >= < <= isin notin between outside contains lacks``."""
    values: tuple[Any, ...]
    part: str = ""


@dataclass(slots=True)
class CodeFacts:
    """What the code does with columns (names are kept as written; look-ups ignore case)."""

    reads: set[str] = field(default_factory=set)
    groups: set[str] = field(default_factory=set)
    conditions: list[Condition] = field(default_factory=list)
    literals: list[Any] = field(default_factory=list)
    """Every literal value the code writes (strings, numbers), for the lenient checks."""

    def read(self, column: str) -> bool:
        """Whether the code reads ``column`` anywhere."""
        return column.casefold() in {r.casefold() for r in self.reads}

    def grouped(self, column: str) -> bool:
        """Whether the code groups rows by ``column``."""
        return column.casefold() in {g.casefold() for g in self.groups}

    def on(self, column: str) -> list[Condition]:
        """The conditions the code writes on ``column``."""
        folded = column.casefold()
        return [c for c in self.conditions if c.column.casefold() == folded]


def read_code(
    code: str, columns: Iterable[str], aliases: Mapping[str, str] | None = None
) -> CodeFacts | None:
    """What ``code`` does with ``columns`` (the frames' column names), or None if it does not
    parse. ``aliases`` maps a variable that is itself a column (a Series) to that column.

    >>> facts = read_code('df[df["country"] == "Chile"].groupby("year").size()', ["country", "year"])
    >>> facts.conditions, sorted(facts.groups)
    ([Condition(column='country', op='==', values=('Chile',), part='')], ['year'])
    """
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None
    reader = _Reader(tree, columns, aliases or {})
    reader.scan(tree)
    return reader.facts


class _Reader:
    """One pass over one piece of code: its variables first, then every condition and group."""

    def __init__(self, tree: ast.AST, columns: Iterable[str], aliases: Mapping[str, str]) -> None:
        self.facts = CodeFacts()
        self.values = Bindings(tree)
        self.columns = Columns(columns, aliases, self.values)
        self.columns.reads = self.facts.reads
        self.each: dict[str, str] = {}
        """Loop variables over a column's distinct values: name -> column."""
        for name, iterable in self.values.loops:
            column = self.columns.distinct_of(iterable)
            if column is not None:
                self.each[name] = column
        self.value = self.values.value
        self.column = self.columns.column

    # ------------------------------------------------------------------ the walk

    def scan(self, node: ast.AST, negated: bool = False) -> None:
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Invert, ast.Not)):
            self.scan(node.operand, not negated)
            return
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float)):
            self.facts.literals.append(node.value)
            if isinstance(node.value, str):
                self.facts.reads.add(node.value)
        elif isinstance(node, ast.Attribute) and self.columns.named(node.attr) is not None:
            self.facts.reads.add(node.attr)
        elif isinstance(node, ast.Compare):
            self._compare(node, negated)
        elif isinstance(node, ast.Call):
            self._call(node, negated)
        elif isinstance(node, ast.Subscript):
            self._subscript(node, negated)
        # ~ and not reach the conditions they combine, nothing else
        logical = isinstance(node, ast.BoolOp) or (
            isinstance(node, ast.BinOp) and isinstance(node.op, (ast.BitAnd, ast.BitOr))
        )
        for child in ast.iter_child_nodes(node):
            self.scan(child, negated if logical else False)

    def _add(self, column: str, op: str, value: Any, negated: bool, part: str = "") -> None:
        if negated:
            op = NEGATED.get(op, op)
        values = value if isinstance(value, tuple) else (value,)
        self.facts.conditions.append(Condition(column, op, values, part))
        self.facts.reads.add(column)

    def _compare(self, node: ast.Compare, negated: bool) -> None:
        left = node.left
        for op, right in zip(node.ops, node.comparators, strict=True):
            name = _COMPARE.get(type(op))
            if name is not None:
                self._condition(left, name, right, negated)
            left = right

    def _condition(self, a: ast.expr, op: str, b: ast.expr, negated: bool) -> None:
        if self._gap(a, op, b, negated):
            return
        column = self.column(a)
        other = self.column(b)
        if column is not None and other is not None and not column[1] and not other[1]:
            # df.A > df.B: one column against another on the same row, kept from each side
            self._add(column[0], op, ColumnRef(other[0]), negated)
            if op in FLIPPED:
                self._add(other[0], FLIPPED[op], ColumnRef(column[0]), negated)
            return
        if column is not None:
            if isinstance(b, ast.Name) and self.each.get(b.id) == column[0] and op == "==":
                self.facts.groups.add(column[0])  # for v in df.c.unique(): df[df.c == v]
                return
            found = self.value(b)
            if found is not NO:
                self._add(column[0], op, found, negated, column[1])
            return
        column = self.column(b)
        if column is not None and op in FLIPPED:
            found = self.value(a)
            if found is not NO:
                self._add(column[0], FLIPPED[op], found, negated, column[1])

    def _gap(self, a: ast.expr, op: str, b: ast.expr, negated: bool) -> bool:
        """``df.A >= df.B + 2`` or ``df.A - df.B >= 2``: one column against another shifted
        by a number, kept as ``A >= B + 2`` (and ``B <= A - 2``) from each side."""
        pair = self._shifted(b)
        first = self.column(a)
        if pair is not None and first is not None and not first[1]:
            (second, offset), column = pair, first[0]
        else:
            pair = self._shifted(a, between_columns=True)
            found = self.value(b)
            if pair is None or found is NO or not isinstance(found, (int, float)):
                return False
            (column, second), offset = pair, float(found)
        self._add(column, op, ColumnRef(str(second), float(offset)), negated)
        if op in FLIPPED:
            self._add(str(second), FLIPPED[op], ColumnRef(column, -float(offset)), negated)
        return True

    def _shifted(self, node: ast.expr, between_columns: bool = False) -> tuple[Any, Any] | None:
        """``(column, offset)`` for ``df.B + 2`` / ``df.B - 2``; with ``between_columns``,
        ``(A, B)`` for ``df.A - df.B``."""
        if not isinstance(node, ast.BinOp) or not isinstance(node.op, (ast.Add, ast.Sub)):
            return None
        left = self.column(node.left)
        if left is None or left[1]:
            return None
        if between_columns:
            right = self.column(node.right)
            ok = right is not None and not right[1] and isinstance(node.op, ast.Sub)
            return (left[0], right[0]) if ok and right is not None else None
        found = self.value(node.right)
        if found is NO or isinstance(found, bool) or not isinstance(found, (int, float)):
            return None
        return left[0], float(found) if isinstance(node.op, ast.Add) else -float(found)

    def _call(self, node: ast.Call, negated: bool) -> None:
        func = node.func
        if isinstance(func, ast.Name) and func.id in ("crosstab", "pivot_table"):
            self._grouping_call(func.id, None, node)
            return
        if not isinstance(func, ast.Attribute):
            return
        method, owner, args = func.attr, func.value, node.args
        if method in _METHODS and args:
            self._condition(owner, _METHODS[method], args[0], negated)
        elif method == "isin" and args:
            self._membership(owner, args[0], negated)
        elif method in _PRESENCE and not args:
            column = self.column(owner)
            if column is not None:
                self._add(column[0], _PRESENCE[method], None, negated, column[1])
        elif method == "between":
            bounds = [*args, *(k.value for k in node.keywords if k.arg in ("left", "right"))]
            column = self.column(owner)
            values = tuple(self.value(b) for b in bounds[:2])
            if column is not None and len(values) == 2 and NO not in values:
                self._add(column[0], "between", values, negated, column[1])
        elif method in _TEXT_MATCH and under(owner, "str") is not owner and args:
            self._text_match(under(owner, "str"), args[0], negated)
        elif method in ("query", "eval") and args:
            text = self.value(args[0])
            if isinstance(text, str):
                self._query(text)
        elif method in ("get_group", "xs") and args:
            self._lookup(owner, args[0])
        elif method in GROUPING or method == "resample":
            self._grouping_call(method, owner, node)
        if isinstance(owner, ast.Name) and owner.id in _SEABORN:
            for keyword in node.keywords:
                if keyword.arg in ("x", "y", "hue", "col", "row"):
                    self.facts.groups.update(self.columns.keys(keyword.value))
        elif method in _PLOT_BY:
            for keyword in node.keywords:
                if keyword.arg == "by":
                    self.facts.groups.update(self.columns.keys(keyword.value))

    def _membership(self, owner: ast.expr, values: ast.expr, negated: bool) -> None:
        column = self.column(owner)
        found = self.value(values)
        if column is not None and found is not NO:
            self._add(column[0], "isin", found, negated, column[1])

    def _text_match(self, owner: ast.expr, pattern: ast.expr, negated: bool) -> None:
        column = self.column(owner)
        found = self.value(pattern)
        if column is None or not isinstance(found, str):
            return
        # "United States|USA", "^Brooklyn$": each alternative, without the anchors
        pieces = [re.sub(r"^\^|\$$|\\b", "", p).strip() for p in found.split("|")]
        self._add(column[0], "contains", tuple(p for p in pieces if p), negated, column[1])

    def _query(self, text: str) -> None:
        quoted: dict[str, str] = {}

        def placeholder(m: re.Match[str]) -> str:
            name = f"__q{len(quoted)}"
            quoted[name] = self.columns.named(m.group(1)) or m.group(1)
            return name

        text = re.sub(r"`([^`]+)`", placeholder, text)
        text = re.sub(r"@([A-Za-z_]\w*)", r"__at_\1", text)
        # in a query, & and | bind as loosely as `and` and `or` (unlike Python's)
        text = _QUOTED.sub(lambda m: m.group(0) if m.group(1) else _LOOSE[m.group(0)], text)
        try:
            tree = ast.parse(text.strip(), mode="eval")
        except (SyntaxError, ValueError):
            return
        outer, self.columns.in_query = self.columns.in_query, quoted
        try:
            self.facts.reads.update(quoted.values())
            self.scan(tree)
        finally:
            self.columns.in_query = outer

    def _subscript(self, node: ast.Subscript, negated: bool) -> None:
        owner, key = node.value, node.slice
        if isinstance(owner, ast.Attribute) and owner.attr in ("loc", "at"):
            owner = owner.value
            key = key.elts[0] if isinstance(key, ast.Tuple) and key.elts else key
        self._lookup(owner, key)
        self._mask(key, negated)

    def _mask(self, key: ast.expr, negated: bool) -> None:
        """``df[df.flag]``, ``df[~df.flag]``: a boolean column as the rows' mask."""
        while isinstance(key, ast.UnaryOp) and isinstance(key.op, (ast.Invert, ast.Not)):
            key, negated = key.operand, not negated
        if isinstance(key, (ast.Subscript, ast.Attribute)):
            column = self.column(key)
            if column is not None and not column[1]:
                self._add(column[0], "==", True, negated)

    def _lookup(self, owner: ast.expr, key: ast.expr) -> None:
        """A label looked up on a table indexed by columns: a condition on those columns."""
        columns = self.columns.index_columns(owner)
        if not columns:
            return
        found = self.value(key)
        if found is NO or (isinstance(found, str) and self.columns.named(found) is not None):
            return  # df.groupby("g")["revenue"] picks a column, not a label
        for column in columns:
            self._add(column, "isin" if isinstance(found, tuple) else "==", found, False)

    def _grouping_call(self, method: str, owner: ast.expr | None, node: ast.Call) -> None:
        keys = self.columns.grouping_keys(method, owner, node)
        if method not in ("set_index", "resample"):
            self.facts.groups.update(keys)
