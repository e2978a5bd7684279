"""The literal values in a piece of code, through the variables that hold them.

``country = "United States"`` then ``df[df.country == country]`` compares with "United
States"; ``for c in ["North", "South"]`` makes ``c`` stand for both; ``10 ** 6``,
``"X".lower()``, ``f"{year}-01-01"`` and ``pd.Timestamp("2021-03-01")`` are values too.
Anything computed from data is not: :data:`NO` says so.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

NO: Any = object()
"""No value: the expression is not a literal this reader can evaluate."""

MAX_DEPTH = 6
"""How many variables deep a value is followed (a = b; b = c; ...)."""

_STRING_METHODS: dict[str, Callable[[str], str]] = {
    "lower": str.lower, "upper": str.upper, "strip": str.strip, "title": str.title,
    "casefold": str.casefold, "capitalize": str.capitalize,
}  # fmt: skip
_DATE_MAKERS = frozenset({"Timestamp", "to_datetime", "datetime64", "Period", "date", "datetime"})


class Bindings:
    """The variables a piece of code assigns (every assignment kept), and their values.

    ``loops`` keeps the loop variables over something not literal (``for v in
    df.c.unique()``), for the reader to make sense of.
    """

    def __init__(self, tree: ast.AST) -> None:
        self.env: dict[str, list[ast.expr]] = {}
        self.loops: list[tuple[str, ast.expr]] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    self._bind(target, node.value)
            elif isinstance(node, (ast.AnnAssign, ast.NamedExpr)) and node.value is not None:
                self._bind(node.target, node.value)
            elif isinstance(node, (ast.For, ast.comprehension)):
                self._bind_loop(node.target, node.iter)

    def _bind(self, target: ast.expr, value: ast.expr) -> None:
        if isinstance(target, ast.Name):
            self.env.setdefault(target.id, []).append(value)
        elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List)):
            for t, v in zip(target.elts, value.elts, strict=False):
                self._bind(t, v)

    def _bind_loop(self, target: ast.expr, iterable: ast.expr) -> None:
        if not isinstance(target, ast.Name):
            return
        if isinstance(iterable, (ast.List, ast.Tuple, ast.Set)):
            # each of the values in turn: the variable stands for all of them
            self.env.setdefault(target.id, []).append(ast.Tuple(elts=iterable.elts))
        else:
            self.loops.append((target.id, iterable))

    def bound(self, name: str) -> list[ast.expr]:
        """What ``name`` was assigned, the last assignment first (``@name`` in a query too)."""
        return list(reversed(self.env.get(name.removeprefix("__at_"), [])))

    def value(self, node: ast.expr, depth: int = 0) -> Any:
        """The literal ``node`` stands for (a tuple for a list), else :data:`NO`."""
        if depth > MAX_DEPTH:
            return NO
        if isinstance(node, ast.Constant):
            v = node.value
            return v if isinstance(v, (str, int, float, bool)) else NO
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            inner = self.value(node.operand, depth + 1)
            if isinstance(inner, (int, float)) and not isinstance(inner, bool):
                return -inner if isinstance(node.op, ast.USub) else inner
            return NO
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items = tuple(self.value(e, depth + 1) for e in node.elts)
            return NO if any(i is NO for i in items) else items
        if isinstance(node, ast.Name):
            for bound in self.bound(node.id):
                found = self.value(bound, depth + 1)
                if found is not NO:
                    return found
            return NO
        if isinstance(node, ast.BinOp):
            left, right = self.value(node.left, depth + 1), self.value(node.right, depth + 1)
            return _arithmetic(node.op, left, right)
        if isinstance(node, ast.JoinedStr):
            return self._fstring(node, depth)
        if isinstance(node, ast.Call):
            return self._call_value(node, depth)
        return NO

    def _fstring(self, node: ast.JoinedStr, depth: int) -> Any:
        parts = []
        for piece in node.values:
            inner = piece.value if isinstance(piece, ast.FormattedValue) else piece
            found = self.value(inner, depth + 1)
            if found is NO:
                return NO
            parts.append(str(found))
        return "".join(parts)

    def _call_value(self, node: ast.Call, depth: int) -> Any:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if isinstance(func, ast.Attribute) and name in _STRING_METHODS and not node.args:
            inner = self.value(func.value, depth + 1)
            return _STRING_METHODS[name](inner) if isinstance(inner, str) else NO
        if name in _DATE_MAKERS and node.args:
            args = [self.value(a, depth + 1) for a in node.args]
            if len(args) == 1 and isinstance(args[0], str):
                return args[0]
            if len(args) >= 2 and all(isinstance(a, int) for a in args[:3]):
                y, m, d = [*args[:3], 1][:3]
                return f"{y:04d}-{m:02d}-{d:02d}"
            if len(args) == 1 and isinstance(args[0], int):
                return str(args[0])
        return NO


def _arithmetic(op: ast.operator, left: Any, right: Any) -> Any:
    """``10 ** 6``, ``1e6 / 2``: numbers only, small powers only."""
    numbers = (int, float)
    if not (isinstance(left, numbers) and isinstance(right, numbers)):
        return NO
    if isinstance(left, bool) or isinstance(right, bool):
        return NO
    try:
        if isinstance(op, ast.Add):
            return left + right
        if isinstance(op, ast.Sub):
            return left - right
        if isinstance(op, ast.Mult):
            return left * right
        if isinstance(op, ast.Div):
            return left / right
        if isinstance(op, ast.Pow) and abs(right) <= 64:
            return left**right
    except (ZeroDivisionError, OverflowError):
        return NO
    return NO
