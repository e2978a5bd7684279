"""A spec becomes Dask code: lazy operations on the frame, one ``.compute()``, pandas after.

The frame never comes to the kernel whole. Filters, derived columns, group-bys and
aggregations are Dask's lazy operations; the one ``.compute()`` runs them where Dask
computes (on a cluster's workers when the kernel has a ``distributed.Client``) and
brings back only the small result, which plain pandas then ranks, rounds or draws.
The code is shown as it ran, like the pandas code of :mod:`.codegen`.

The families done this way are those in :data:`GENERATORS`: statistics, counts and
percentages, value counts and distinct values, group-bys with rankings and top-N,
shares and comparisons, ratios of totals ("fare per km by city", whose rows left out
are counted in a computation of their own), missing values, summaries, shapes, top-N
rows, resampling by a sorted datetime index, and plots of an aggregated result (drawn
on a matplotlib Figure of its own, not with pyplot: the analysis runs on a worker
thread). Quantiles and medians of a
whole column are Dask's estimates (said in the answer); a group's median is exact.
Anything else (tests, correlations, bins, plots of raw rows, ...) returns a
:class:`NeedsPandas`, which says so and how much data pandas would pull into the kernel.

Each operation's code is :mod:`.codegen_ops`' (written once for pandas and Dask), with
:class:`DaskEngine`'s spellings; what is here is what Dask cannot do, said before the
code is written, and the plots of an aggregate.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from notebook_router.analyst import codegen_ops as ops
from notebook_router.analyst.amount_texts import parsed_amounts
from notebook_router.analyst.codegen import PARSED, Builder, Program, assign_args, frame_name
from notebook_router.analyst.codegen_ratios import ratio_of_totals
from notebook_router.analyst.dask_frames import dated_index
from notebook_router.analyst.engine_code import Engine
from notebook_router.analyst.phrases import AGG_WORDS
from notebook_router.analyst.spec import Spec, parsed_texts
from notebook_router.analyst.values import fmt
from notebook_router.data.dask_data import partition_sample

GROUP_AGGS = frozenset(
    {"mean", "median", "sum", "min", "max", "count", "std", "var", "nunique", "size"}
)
"""Aggregations Dask computes exactly per group."""
ONE = "split_out=1"
"""Every group in one output partition: the result comes to the kernel whole anyway, and
Dask's default for many partitions (several, joined by a shuffle) costs far more."""
EXACT = frozenset({"mean", "sum", "min", "max", "count", "std", "var", "nunique", "sem", "skew"})
"""Whole-column statistics Dask computes exactly."""
ESTIMATED = "Dask estimates quantiles and medians from each partition, so this one is approximate."
COLUMN_STATS = EXACT | {"kurt", "median", "quantile", "iqr", "range", "cv"}
"""Statistics of one column Dask computes (the quantiles estimated)."""


@dataclass(frozen=True, slots=True)
class NeedsPandas:
    """A question Dask cannot answer on the cluster: why, and what pandas would cost."""

    reason: str


class DaskBuilder(Builder):
    """The pandas builder's lines, with Dask's spellings where they differ."""

    def __init__(self, spec: Spec, frame: Any) -> None:
        self.index_name = dated_index(frame)
        self.known_divisions = bool(getattr(frame, "known_divisions", False))
        self.note = ""
        super().__init__(spec)

    def col(self, column: str, rows: str | None = None) -> str:
        if column == self.index_name:  # a dated index, listed as a column
            return f"{rows or self.rows}.index"
        return super().col(column, rows)

    def _prepare(self) -> str:
        spec, name = self.spec, self.frame
        if spec.amount_texts:  # "$1,234.50" or a year "1999" as text, read as numbers first
            parsed = [(c, parsed_amounts(f"{name}[{c!r}]", "dd")) for c in spec.amount_texts]
            self.add(f"d = {name}.assign({assign_args(parsed)})")
            name = "d"
        assigns = [
            (column, f"{name}[{column!r}].replace({dict(spellings)!r})")
            for column, spellings in spec.relabelled  # "chat", "CHAT" read as "Chat"
        ]
        for column in parsed_texts(spec):  # a value that is no date becomes NaT, never an error
            assigns.append((column, f"dd.to_datetime({name}[{column!r}], {PARSED})"))
        if spec.derived is not None:
            dv = spec.derived
            sign = {"sum": "+", "difference": "-", "ratio": "/", "product": "*"}[dv.kind]
            assigns.append((dv.name, f"{name}[{dv.left!r}] {sign} {name}[{dv.right!r}]"))
        rows = name
        if assigns:
            self.add(f"d = {name}.assign({assign_args(assigns)})")
            rows = "d"
        return self.filtered(rows)

    def program(self, shape: str, outputs: dict[str, str] | None = None) -> Program:
        """The program, with its note (an estimate said as one)."""
        return replace(super().program(shape, outputs), note=self.note)


class DaskEngine(Engine):
    """Dask's spellings: lazy steps, one ``.compute()``, groups in one partition."""

    lazy = True

    def computed(self, expr: str) -> str:
        return f"{expr}.compute()"

    def whole(self, expr: str) -> str:
        return f"int({expr}.compute())"

    def args(self, *args: str) -> str:
        return ", ".join([*(a for a in args if a), ONE])

    def length(self, rows: str) -> str:
        return f"int({rows}.shape[0].compute())"

    def ordered(self, counts: str) -> str:
        # the counts come back in the partitions' order, not largest first
        return f"{counts}.sort_values(ascending=False)"

    def statistic(self, b: Builder, series: str, agg: str, q: float | None) -> str:
        assert isinstance(b, DaskBuilder)
        return _scalar(b, series, agg, q)

    def gathered(self, items: str) -> str:
        return f"pd.Series(dask.compute({{{items}}})[0])"


DASK = DaskEngine()
"""Dask: lazy until one ``.compute()``, where Dask computes (a cluster's workers)."""
DaskGenerator = Callable[[DaskBuilder], "Program | NeedsPandas"]


def generate(spec: Spec, frame: Any) -> Program | NeedsPandas:
    """The Dask code for ``spec`` on ``frame`` (a Dask DataFrame or Series), or why it
    needs pandas and how much data that would pull into the kernel."""
    generator = GENERATORS.get(spec.op)
    found = generator(DaskBuilder(spec, frame)) if generator is not None else None
    if isinstance(found, Program):
        return found
    name = frame_name(spec.frame)
    why = (
        found.reason if isinstance(found, NeedsPandas) else f"Dask has no {spec.op} on the cluster"
    )
    return NeedsPandas(
        f"{name} is a Dask DataFrame, and this question needs pandas: {why}. "
        f"Pandas would pull all of {name} into the kernel ({_size(frame)}). If that fits, "
        f"`{name}_pd = {name}.compute()` and ask about {name}_pd; otherwise narrow it on the "
        f"cluster first (filter the rows, keep the columns you need) or sample it: "
        f"`{name}.sample(frac=0.01).compute()`."
    )


def _needs(reason: str) -> NeedsPandas:
    return NeedsPandas(reason)


def _scalar(b: DaskBuilder, series: str, agg: str, q: float | None) -> str:
    """``agg`` of one column as a lazy Dask scalar (``agg`` one of :data:`COLUMN_STATS`)."""
    if agg in EXACT:
        return f"{series}.{agg}()"
    if agg == "kurt":
        return f"{series}.kurtosis()"
    if agg in ("median", "quantile", "iqr"):
        b.note = ESTIMATED
        if agg == "iqr":
            return f"({series}.quantile(0.75) - {series}.quantile(0.25))"
        return f"{series}.quantile({q if agg == 'quantile' and q is not None else 0.5!r})"
    if agg == "range":
        return f"({series}.max() - {series}.min())"
    assert agg == "cv", agg
    return f"({series}.std() / {series}.mean())"


def statistic(b: DaskBuilder) -> Program | NeedsPandas:
    s = b.spec
    aggs, cols = list(s.aggs), list(s.columns)
    if s.variant == "all":
        if aggs[0] not in EXACT - {"skew"}:
            return _needs(f"the {aggs[0]} of every column is not one Dask computes exactly")
    elif len(cols) == 1:
        missing = [a for a in aggs if a not in COLUMN_STATS]
        if missing:
            return _needs(f"Dask has no {', '.join(missing)} of a column")
    elif aggs[0] not in EXACT:
        return _needs(f"Dask has no exact {aggs[0]} of several columns")
    return ops.statistic(b, DASK)


def groupby(b: DaskBuilder) -> Program | NeedsPandas:
    agg = b.spec.aggs[0] if b.spec.aggs else "sum"
    if agg not in GROUP_AGGS:
        return _needs(f"Dask has no {agg} of each group")
    return ops.groupby(b, DASK)


def resample(b: DaskBuilder) -> Program | NeedsPandas:
    s = b.spec
    agg = s.aggs[0] if s.aggs else "sum"
    if s.date_column != b.index_name or not b.known_divisions:
        return _needs(
            f"Dask resamples only by a sorted datetime index, and {s.date_column!r} is not "
            f"{frame_name(s.frame)}'s: `{frame_name(s.frame)} = {frame_name(s.frame)}"
            f".set_index({s.date_column!r})` sorts it on the cluster (then ask again)"
        )
    if s.group_by or not s.columns or agg not in GROUP_AGGS - {"nunique", "size"}:
        return _needs("Dask resamples one column by one statistic, with no group")
    return ops.resample(b, DASK)


def compare(b: DaskBuilder) -> Program | NeedsPandas:
    s = b.spec
    agg = s.aggs[0] if s.aggs else "sum"
    if not s.measure and agg not in GROUP_AGGS:
        return _needs(f"Dask has no {agg} of each group")
    return ops.compare(b, DASK)


def summary(b: DaskBuilder) -> Program | NeedsPandas:
    if b.spec.group_by:
        return _needs("Dask does not describe each group")
    b.note = "Dask estimates the quartiles from each partition, so they are approximate."
    return ops.summary(b, DASK)


def _everywhere(op: Callable[[Builder, Engine], Program]) -> DaskGenerator:
    """``op`` as Dask writes it (an operation Dask does whatever the spec)."""
    return lambda b: op(b, DASK)


def plot(b: DaskBuilder) -> Program | NeedsPandas:
    """A plot of an aggregate (by group, or by period of a dated index): computed, then drawn."""
    s = b.spec
    agg = s.aggs[0] if s.aggs else "sum"
    if s.plot not in ("line", "bar", "pie") or agg not in GROUP_AGGS:
        return _needs("Dask draws only plots of a total, mean or count by group or period")
    if s.group_by:
        grouped = ops.grouped_expr(b, f"{b.rows}.groupby({s.group_by[0]!r})", DASK)
        b.add(f"result = {DASK.computed(grouped)}")
        x = s.group_by[0]
    elif s.freq and s.date_column == b.index_name and b.known_divisions and s.columns:
        b.add(f"result = {ops.resampled(b, DASK)}")
        x = {"D": "day", "W": "week", "M": "month", "Q": "quarter", "Y": "year"}[s.freq]
    else:
        return _needs("a plot of every row would draw the whole frame")
    target = s.columns[0] if s.columns else ""
    what = (
        "number of rows" if agg == "size" or not target else f"{AGG_WORDS.get(agg, agg)} {target}"
    )
    # Drawn with matplotlib's Figure API, not pyplot (nor pandas' .plot, which uses it):
    # the analysis runs on a worker thread (see dask_run.py), where pyplot's global
    # figure state is not safe; a Figure of its own is, and is shown as an image.
    labels = "result.index.astype(str)"
    draw = {"line": f'ax.plot({labels}, result.to_numpy(), marker="o")',
            "bar": f"ax.bar({labels}, result.to_numpy())",
            "pie": f'ax.pie(result.to_numpy(), labels={labels}, autopct="%1.1f%%")'}[s.plot]  # fmt: skip
    title = f"{what[0].upper()}{what[1:]} by {x}"
    b.add("from matplotlib.figure import Figure", "fig = Figure(figsize=(7, 4))")
    b.add("ax = fig.subplots()", draw, f"ax.set_title({title!r})", f"ax.set_xlabel({x!r})")
    if s.plot == "bar":
        b.add('ax.tick_params(axis="x", labelrotation=45)')
    b.add(f"ax.set_ylabel({'' if s.plot == 'pie' else what!r})", "fig.tight_layout()")
    return b.program("figure")


def _size(frame: Any) -> str:
    """``about 20,000,000 rows × 5 columns, about 800.0 MB in memory``: pandas' share."""
    table = frame if hasattr(frame, "columns") else frame.to_frame()
    sample = partition_sample(table)
    return size_text(sample.rows, len(table.columns), sample.memory_bytes())


def size_text(rows: int | None, columns: int, memory: int | None) -> str:
    """``about 20,000,000 rows × 5 columns, about 800.0 MB in memory``."""
    shape = f"about {fmt(rows)} rows × {columns} columns" if rows else f"{columns} columns"
    if memory is None:
        return shape
    units = (("GB", 1e9), ("MB", 1e6), ("kB", 1e3))
    amount = next(
        (f"{memory / size:,.1f} {unit}" for unit, size in units if memory >= size),
        f"{memory} bytes",
    )
    return f"{shape}, about {amount} in memory"


GENERATORS: dict[str, DaskGenerator] = {
    "statistic": statistic, "groupby": groupby, "resample": resample, "compare": compare,
    "summary": summary, "plot": plot,
    **{op.__name__: _everywhere(op) for op in (
        ops.count, ops.percentage, ops.value_counts, ops.unique, ops.share, ops.missing,
        ops.shape, ops.rows, ratio_of_totals,
    )},
}  # fmt: skip
