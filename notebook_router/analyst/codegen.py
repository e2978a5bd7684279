"""A spec becomes the pandas code a person would write for it.

Column names go in with ``repr`` so any name works. The frame is never changed:
derived and parsed-date columns go on a copy (``d = df.assign(...)``) and
filters select into ``d``. The code leaves its answer in ``result`` (and a
figure in ``fig``); ``Program.outputs`` names any other variables worth
reporting, such as a test's p-value.
"""

from __future__ import annotations

import builtins
import keyword
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from notebook_router.analyst.spec import ColumnRef, Filter, Spec, parsed_texts
from notebook_router.analyst.zero_groups import keeps_whole

SIMPLE_AGGS = {
    "mean",
    "median",
    "std",
    "var",
    "min",
    "max",
    "sum",
    "count",
    "nunique",
    "skew",
    "kurt",
    "sem",
}
LAMBDAS = {
    "mode": "lambda s: s.mode().iloc[0]",
    "range": "lambda s: s.max() - s.min()",
    "iqr": "lambda s: s.quantile(0.75) - s.quantile(0.25)",
    "cv": "lambda s: s.std() / s.mean()",
    "size": "len",
}
PARSED = "errors='coerce', format='mixed'"
"""How text of dates is parsed: each value in its own form, one that is no date as NaT."""
PANDAS_FREQ = {"D": "D", "W": "W", "M": "ME", "Q": "QE", "Y": "YE"}


@dataclass(frozen=True, slots=True)
class Program:
    """Code to run, the shape of its ``result``, and other variables it reports."""

    code: str
    shape: str
    """``scalar``, ``int``, ``label``, ``list``, ``series``, ``frame``, ``figure`` or ``tuple``."""
    outputs: dict[str, str] = field(default_factory=dict)
    note: str = ""
    """What the answer must add about how its figures were computed (a Dask estimate)."""


class Builder:
    """Lines of code, plus the variable that holds the (filtered, derived) rows."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.lines: list[str] = []
        self.frame = frame_name(spec.frame)
        self.rows = self._prepare()

    def col(self, column: str, rows: str | None = None) -> str:
        if self.spec.is_series and (self.spec.derived is None or column != self.spec.derived.name):
            return rows or self.rows
        return f"{rows or self.rows}[{column!r}]"

    def add(self, *lines: str) -> None:
        self.lines.extend(lines)

    def _prepare(self) -> str:
        spec, name = self.spec, self.frame
        if spec.amount_texts:  # "$1,234.50" as 1234.5, before any other column reads it
            from notebook_router.analyst.amount_texts import parsed_amounts

            parsed = [(c, parsed_amounts(f"{name}[{c!r}]")) for c in spec.amount_texts]
            self.add(f"d = {name}.assign({assign_args(parsed)})")
            name = "d"
        assigns = [
            (column, f"{name}[{column!r}].replace({dict(spellings)!r})")
            for column, spellings in spec.relabelled  # "chat", "CHAT" read as "Chat"
        ]
        for column in parsed_texts(spec):  # a value that is no date becomes NaT, never an error
            assigns.append((column, f"pd.to_datetime({name}[{column!r}], {PARSED})"))
        if spec.derived is not None:
            dv = spec.derived
            sign = {"sum": "+", "difference": "-", "ratio": "/", "product": "*"}[dv.kind]
            assigns.append((dv.name, f"{name}[{dv.left!r}] {sign} {name}[{dv.right!r}]"))
        rows = name
        if assigns:
            self.add(f"d = {name}.assign({assign_args(assigns)})")
            rows = "d"
        return self.filtered(rows)

    def filtered(self, rows: str) -> str:
        """The line that keeps the rows the conditions pick from ``rows``, and the variable
        holding them (``rows`` itself when there are none)."""
        spec = self.spec
        if spec.filters and keeps_whole(spec):  # the groups with no row counted are 0s
            self.add(f"whole = {rows}")
            rows = "whole"
        if spec.filters:
            self.add(f"d = {rows}[{mask(self, spec.filters, rows)}]")
            rows = "d"
        return rows

    def program(self, shape: str, outputs: dict[str, str] | None = None) -> Program:
        digits = self.spec.rounding
        if digits is not None and shape in ("scalar", "series", "frame", "list"):
            self.add(_round_line(shape, digits))
        return Program("\n".join(self.lines), shape, outputs or {})


CODE_NAMES = frozenset(
    {"pd", "np", "stats", "plt", "result", "fig", "ax", "d", "alpha", "corr", "counts"}
    | {"difference", "fit", "forecast", "future", "groups", "iqr", "is_outlier", "lower"}
    | {"upper", "p", "p_values", "pair", "picked", "q1", "q3", "r", "ranked", "ratio", "row"}
    | {"has_ratio", "keys", "kept", "nested", "row_mean", "tied", "whole"}
    | {"rows_per_period", "series", "slope", "statistic", "table", "top", "totals", "x", "z"}
    | set(dir(builtins))
)
"""Names the generated code uses for itself (modules, its own variables, builtins): a
table by one of these names would break the code on every other table."""


def frame_name(name: str) -> str:
    """The variable that holds the table ``name`` in the generated code: ``name`` itself
    when Python reads it as that very name; otherwise a name of its own, ending in ``_``
    (a keyword or ``None``, one of :data:`CODE_NAMES`, a full-width or other form that
    Python would read as another table's name, characters no name may hold)."""
    if (
        name.isidentifier()
        and unicodedata.normalize("NFKC", name) == name
        and not keyword.iskeyword(name)
        and name not in CODE_NAMES
    ):
        return name
    folded = unicodedata.normalize("NFKC", name)
    safe = "".join(c if f"_{c}".isidentifier() else "_" for c in folded)
    if not safe.isidentifier():  # empty, or it starts with a digit
        safe = f"_{safe}"
    return f"{safe}_"


def assign_args(assigns: list[tuple[str, str]]) -> str:
    if all(n.isidentifier() for n, _ in assigns):
        return ", ".join(f"{n}={e}" for n, e in assigns)
    return "**{" + ", ".join(f"{n!r}: {e}" for n, e in assigns) + "}"


def _round_line(shape: str, digits: int) -> str:
    if shape == "scalar":
        return f"result = round(float(result), {digits})"
    if shape == "list":
        return f"result = [round(float(v), {digits}) for v in result]"
    return f"result = result.round({digits})"


def condition(b: Builder, f: Filter, rows: str) -> str:
    if f.or_missing:  # the rows an exclusion does not name, a missing value among them
        return f"({_kept(b, f, rows)}) | {b.col(f.column, rows)}.isna()"
    return _kept(b, f, rows)


def _kept(b: Builder, f: Filter, rows: str) -> str:
    c = b.col(f.column, rows)
    if f.op in ("present", "absent"):  # "orders with a discount code": one is recorded
        return f"{c}.{'notnull' if f.op == 'present' else 'isnull'}()"
    if isinstance(f.value, ColumnRef):  # "McCain ahead of Obama": one column against another
        shift = f" + {f.value.offset!r}" if f.value.offset else ""  # "2 points ahead of"
        return f"{c} {f.op} {b.col(f.value.name, rows)}{shift}"
    if f.op == "between" and isinstance(f.value, tuple):
        return f"{c}.between({f.value[0]!r}, {f.value[1]!r})"
    if f.op == "outside" and isinstance(f.value, tuple):  # "excluding 1979 to 1982"
        return f"(~{c}.between({f.value[0]!r}, {f.value[1]!r}) & {c}.notna())"
    if f.op in ("isin", "notin"):
        values = list(f.value) if isinstance(f.value, tuple) else [f.value]
        if f.op == "notin":  # "not from Kenya or the US": of the rows whose country is known
            return f"(~{c}.isin({values!r}) & {c}.notna())"
        return f"{c}.isin({values!r})"
    if f.op in ("year", "month", "quarter"):
        return f"{c}.dt.{f.op} == {f.value!r}"
    if f.op == "hour":  # hours of the day: one, or the set a span keeps
        if isinstance(f.value, tuple):
            return f"{c}.dt.hour.isin({list(f.value)!r})"
        return f"{c}.dt.hour == {f.value!r}"
    if f.op == "year!=":  # "excluding 2020": of the rows whose date is known
        return f"(({c}.dt.year != {f.value!r}) & {c}.notna())"
    if f.op.startswith("year") and f.op[4:] in (">", ">=", "<", "<="):
        return f"{c}.dt.year {f.op[4:]} {f.value!r}"
    if f.op == "contains":
        return f"{c}.astype(str).str.contains({f.value!r}, case=False, regex=False)"
    if f.op == "years" and isinstance(f.value, tuple):
        return f"{c}.dt.year.between({f.value[0]!r}, {f.value[1]!r})"
    if f.op == "!=":  # "not from Kenya": a missing country is not known to be another
        return f"(({c} != {f.value!r}) & {c}.notna())"
    return f"{c} {f.op} {f.value!r}"


def mask(b: Builder, filters: tuple[Filter, ...], rows: str) -> str:
    """The filters as one boolean expression (bare when there is one condition)."""
    parts = [condition(b, f, rows) for f in filters]
    if len(parts) == 1:
        return parts[0]
    return " & ".join(wrap(p) for p in parts)


def wrap(expr: str) -> str:
    """``expr`` in parentheses when a method call on it would bind to its last operand."""
    return f"({expr})" if " " in expr.replace(", ", ",") or expr.startswith("~") else expr


def agg_call(agg: str, q: float | None = None) -> str:
    """The method call that computes ``agg`` on a Series (or a GroupBy column)."""
    if agg in SIMPLE_AGGS:
        return f".{agg}()"
    if agg == "quantile":
        return f".quantile({q if q is not None else 0.5!r})"
    return f".agg({LAMBDAS[agg]})"


def scalar_stat(series: str, agg: str, q: float | None) -> str:
    """``agg`` of one Series, written the plain way."""
    if agg == "mode":
        return f"{series}.mode().iloc[0]"
    if agg == "range":
        return f"{series}.max() - {series}.min()"
    if agg == "iqr":
        return f"{series}.quantile(0.75) - {series}.quantile(0.25)"
    if agg == "cv":
        return f"{series}.std() / {series}.mean()"
    return f"{series}{agg_call(agg, q)}"


Generator = Callable[[Builder], Program]


def generate(spec: Spec) -> Program:
    """The code for ``spec``."""
    from notebook_router.analyst import (
        codegen_counts,
        codegen_ops,
        codegen_ratios,
        codegen_tests,
        plots,
    )

    table: dict[str, Generator] = {
        **codegen_ops.GENERATORS,
        **codegen_counts.GENERATORS,
        **codegen_ratios.GENERATORS,
        **codegen_tests.GENERATORS,
        "plot": plots.plot,
    }
    return table[spec.op](Builder(spec))
