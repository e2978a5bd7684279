"""A spec becomes Dask code: lazy operations on the frame, one ``.compute()``, pandas after.

The frame never comes to the kernel whole. Filters, derived columns, group-bys and
aggregations are Dask's lazy operations; the one ``.compute()`` runs them where Dask
computes (on a cluster's workers when the kernel has a ``distributed.Client``) and
brings back only the small result, which plain pandas then ranks, rounds or draws.
The code is shown as it ran, like the pandas code of :mod:`.codegen`.

The families done this way are those in :data:`GENERATORS`: statistics, counts and
percentages, value counts and distinct values, group-bys with rankings and top-N,
shares and comparisons, missing values, summaries, shapes, top-N rows, resampling by a
sorted datetime index, and plots of an aggregated result (drawn on a matplotlib Figure of
its own, not with pyplot: the analysis runs on a worker thread). Quantiles and medians of a
whole column are Dask's estimates (said in the answer); a group's median is exact.
Anything else (tests, correlations, bins, plots of raw rows, ...) returns a
:class:`NeedsPandas`, which says so and how much data pandas would pull into the kernel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from notebook_router.analyst.codegen import (
    PANDAS_FREQ,
    Builder,
    Program,
    frame_name,
    mask,
    wrap,
)
from notebook_router.analyst.codegen_ops import _ranked
from notebook_router.analyst.dask_frames import dated_index
from notebook_router.analyst.phrases import AGG_WORDS
from notebook_router.analyst.spec import Spec
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
        assigns = []
        if spec.parse_dates and spec.date_column:
            assigns.append((spec.date_column, f"dd.to_datetime({name}[{spec.date_column!r}])"))
        if spec.derived is not None:
            dv = spec.derived
            sign = {"sum": "+", "difference": "-", "ratio": "/", "product": "*"}[dv.kind]
            assigns.append((dv.name, f"{name}[{dv.left!r}] {sign} {name}[{dv.right!r}]"))
        rows = name
        if assigns:
            args = ", ".join(
                f"{n}={e}" if n.isidentifier() else f"**{{{n!r}: {e}}}" for n, e in assigns
            )
            self.add(f"d = {name}.assign({args})")
            rows = "d"
        if spec.filters:
            self.add(f"d = {rows}[{mask(self, spec.filters, rows)}]")
            rows = "d"
        return rows

    def done(self, shape: str, outputs: dict[str, str] | None = None) -> Program:
        """The program, with its note (an estimate said as one)."""
        program = self.program(shape, outputs)
        return Program(program.code, program.shape, program.outputs, note=self.note)


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


def _scalar(b: DaskBuilder, series: str, agg: str, q: float | None) -> str | None:
    """``agg`` of one column as a lazy Dask scalar, or None when Dask has no way."""
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
    if agg == "cv":
        return f"({series}.std() / {series}.mean())"
    return None


def statistic(b: DaskBuilder) -> Program | NeedsPandas:
    s = b.spec
    aggs, cols, q = list(s.aggs), list(s.columns), s.quantile
    if s.variant == "all":
        if aggs[0] not in EXACT - {"skew"}:
            return _needs(f"the {aggs[0]} of every column is not one Dask computes exactly")
        b.add(f"result = {b.rows}.select_dtypes('number').{aggs[0]}().compute()")
        return b.done("series")
    if len(cols) == 1:
        exprs = {a: _scalar(b, "x" if len(aggs) > 1 else b.col(cols[0]), a, q) for a in aggs}
        missing = [a for a, e in exprs.items() if e is None]
        if missing:
            return _needs(f"Dask has no {', '.join(missing)} of a column")
        if len(aggs) == 1:
            b.add(f"result = {exprs[aggs[0]]}.compute()")
            if aggs[0] in ("count", "nunique"):
                return b.done("int")
            return b.done("label" if s.variant == "label" else "scalar")
        b.add(f"x = {b.col(cols[0])}")
        items = ", ".join(f"{a!r}: {e}" for a, e in exprs.items())
        b.add(f"result = pd.Series(dask.compute({{{items}}})[0])")
        return b.done("series")
    if aggs[0] not in EXACT:
        return _needs(f"Dask has no exact {aggs[0]} of several columns")
    b.add(f"result = {b.rows}[{cols!r}].{aggs[0]}().compute()")
    return b.done("series")


def count(b: DaskBuilder) -> Program:
    if b.spec.measure:
        b.add(f"result = int({wrap(mask(b, b.spec.measure, b.rows))}.sum().compute())")
    else:
        b.add(f"result = int({b.rows}.shape[0].compute())")
    return b.done("int")


def percentage(b: DaskBuilder) -> Program:
    scale = " * 100" if b.spec.percent else ""
    b.add(f"result = {wrap(mask(b, b.spec.measure, b.rows))}.mean().compute(){scale}")
    return b.done("scalar")


def value_counts(b: DaskBuilder) -> Program:
    col = b.col(b.spec.columns[0])
    normalize = b.spec.variant == "normalize"
    scale = " * 100" if normalize and b.spec.percent else ""
    how = f"normalize=True, {ONE}" if normalize else ONE
    b.add(f"result = {col}.value_counts({how}).compute().sort_values(ascending=False){scale}")
    return b.done("series")


def unique(b: DaskBuilder) -> Program:
    s = b.spec
    col = s.columns[0]
    if s.group_by:
        b.add(f"result = {b.rows}.groupby({_keys(s.group_by)})[{col!r}].nunique({ONE}).compute()")
        return b.done("series")
    if s.variant == "count":
        b.add(f"result = int({b.col(col)}.nunique().compute())")
        return b.done("int")
    b.add(f"result = sorted({b.col(col)}.dropna().unique().compute().tolist())")
    return b.done("values")


def groupby(b: DaskBuilder) -> Program | NeedsPandas:
    s = b.spec
    agg = s.aggs[0] if s.aggs else "sum"
    if agg not in GROUP_AGGS:
        return _needs(f"Dask has no {agg} of each group")
    expr = _grouped(b, f"{b.rows}.groupby({_keys(s.group_by)})", agg) + ".compute()"
    every_group = s.variant not in ("which", "top") or s.ascending  # a 0 can be the answer
    if every_group and s.filters and len(s.group_by) == 1 and agg in ("size", "count"):
        # the groups no row was counted for are 0s, as with pandas
        key = s.group_by[0]
        b.add(
            f"counts = {expr}", f"keys = {frame_name(s.frame)}[{key!r}].dropna().unique().compute()"
        )
        expr = "counts.reindex([*counts.index, *(k for k in keys if k not in counts.index)], fill_value=0)"
    if s.percent:
        expr += " * 100"
    if len(s.group_by) > 1:
        b.add(f"result = {expr}.unstack()")
        return b.done("frame")
    return _with_note(b, _ranked(b, expr))


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
    freq = PANDAS_FREQ[s.freq]
    expr = f"{b.rows}[{s.columns[0]!r}].resample({freq!r}).{agg}().compute().to_period({s.freq!r})"
    return _with_note(b, _ranked(b, expr))


def share(b: DaskBuilder) -> Program:
    s = b.spec
    b.add(
        f"totals = {b.rows}.groupby({_keys(s.group_by)})[{s.columns[0]!r}].sum({ONE}).compute()",
        f"result = totals / totals.sum(){' * 100' if s.percent else ''}",
    )
    return b.done("series")


def compare(b: DaskBuilder) -> Program | NeedsPandas:
    s = b.spec
    column = s.group_by[0]
    sides = next(f.value for f in s.filters if f.column == column and f.op == "isin")
    assert isinstance(sides, tuple)  # the compare family always gives the sides as a tuple
    agg = s.aggs[0] if s.aggs else "sum"
    if not s.measure and agg not in GROUP_AGGS:
        return _needs(f"Dask has no {agg} of each group")
    if s.measure:
        hit = mask(b, s.measure, b.rows)
        grouped = f"{b.rows}.assign(_hit={wrap(hit)}).groupby({column!r})['_hit'].mean({ONE})"
        expr = f"({grouped}.compute() * 100)"
    else:
        expr = _grouped(b, f"{b.rows}.groupby({column!r})", agg) + ".compute()"
    b.add(
        f"result = {expr}.reindex({list(sides)!r})",
        "difference = result.iloc[0] - result.iloc[1]",
        "ratio = result.iloc[0] / result.iloc[1] if result.iloc[1] else float('nan')",
    )
    return b.done("series", {"difference": "difference", "ratio": "ratio"})


def missing(b: DaskBuilder) -> Program:
    s, d = b.spec, b.rows
    scale = " * 100" if s.percent else ""
    if s.variant == "which":
        b.add(f"flags = {d}.isna().any().compute()", "result = flags[flags].index.tolist()")
        return b.done("values")
    if s.variant == "most":
        b.add(f"counts = {d}.isna().sum().compute()", "result = counts.idxmax()")
        return b.done("label", {"table": "counts", "best": "counts.max()"})
    if s.variant in ("rows", "complete", "column") and (
        s.variant != "column" or len(s.columns) == 1
    ):
        expr = {
            "rows": f"{d}.isna().any(axis=1)",
            "complete": f"(~{d}.isna().any(axis=1))",  # the rows with no missing value
        }.get(s.variant) or f"{b.col(s.columns[0])}.isna()"
        b.add(
            f"result = {expr}.mean().compute(){scale}"
            if s.percent
            else f"result = int({expr}.sum().compute())"
        )
        return b.done("scalar" if s.percent else "int")
    if s.variant in ("column", "per_column"):
        rows = f"{d}[{list(s.columns)!r}]" if s.variant == "column" else d
        how = "mean" if s.percent else "sum"
        b.add(f"result = {rows}.isna().{how}().compute(){scale}")
        return b.done("series")
    b.add(
        f"missing, rows = dask.compute({d}.isna().sum().sum(), {d}.shape[0])",
        f"result = missing / (rows * len({d}.columns)){scale}"
        if s.percent
        else "result = int(missing)",
    )
    return b.done("scalar" if s.percent else "int")


def summary(b: DaskBuilder) -> Program | NeedsPandas:
    s = b.spec
    cols = list(s.columns)
    if s.group_by:
        return _needs("Dask does not describe each group")
    b.note = "Dask estimates the quartiles from each partition, so they are approximate."
    if len(cols) == 1:
        b.add(f"result = {b.col(cols[0])}.describe().compute()")
        return b.done("series")
    rows = f"{b.rows}[{cols!r}]" if cols else b.rows
    b.add(f"result = {rows}.describe().compute()")
    return b.done("frame")


def shape(b: DaskBuilder) -> Program:
    s, d = b.spec, b.rows
    code = {
        "rows": (f"result = int({d}.shape[0].compute())", "int"),
        "columns": (f"result = len({d}.columns)" if not s.is_series else "result = 1", "int"),
        "shape": (f"result = [int({d}.shape[0].compute()), len({d}.columns)]", "values"),
        "dtypes": (f"result = {d}.dtypes.astype(str)", "series"),
        "columns_list": (f"result = {d}.columns.tolist()", "values"),
        "head": (f"result = {d}.head({s.n or 5})", "frame_only"),
    }[s.variant]
    b.add(code[0])
    return b.done(code[1])


def rows(b: DaskBuilder) -> Program:
    s = b.spec
    col = s.columns[0]
    how = "nsmallest" if s.ascending else "nlargest"
    if s.variant == "values":
        b.add(f"result = {b.col(col)}.{how}({s.n}).compute().tolist()")
        return b.done("list")
    if s.variant == "labels":
        b.add(
            f"top = {b.rows}.{how}({s.n}, {col!r}).compute()",
            f"result = top[{s.label_column!r}].tolist()",
        )
        return b.done("labels", {"table": "top"})
    b.add(f"row = {b.rows}.{how}(1, {col!r}).compute().iloc[0]")
    b.add(f"result = row[{s.label_column!r}]" if s.label_column else "result = row.name")
    return b.done("label", {"table": "row.to_frame().T", "best": f"row[{col!r}]"})


def plot(b: DaskBuilder) -> Program | NeedsPandas:
    """A plot of an aggregate (by group, or by period of a dated index): computed, then drawn."""
    s = b.spec
    agg = s.aggs[0] if s.aggs else "sum"
    if s.plot not in ("line", "bar", "pie") or agg not in GROUP_AGGS:
        return _needs("Dask draws only plots of a total, mean or count by group or period")
    if s.group_by:
        b.add(f"result = {_grouped(b, f'{b.rows}.groupby({s.group_by[0]!r})', agg)}.compute()")
        x = s.group_by[0]
    elif s.freq and s.date_column == b.index_name and b.known_divisions and s.columns:
        freq = PANDAS_FREQ[s.freq]
        b.add(
            f"result = {b.rows}[{s.columns[0]!r}].resample({freq!r}).{agg}().compute().to_period({s.freq!r})"
        )
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
    return b.done("figure")


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


def _grouped(b: DaskBuilder, grouper: str, agg: str) -> str:
    """``agg`` of each group, lazily (as :func:`.codegen_ops.grouped_expr`, in one partition)."""
    s = b.spec
    if agg == "size" or (agg == "count" and not s.columns):
        return f"{grouper}.size({ONE})"
    if not s.columns:
        numeric = "numeric_only=True, " if agg not in ("count", "nunique") else ""
        return f"{grouper}.{agg}({numeric}{ONE})"
    return f"{grouper}[{s.columns[0]!r}].{agg}({ONE})"


def _keys(group_by: tuple[str, ...]) -> str:
    return repr(group_by[0]) if len(group_by) == 1 else repr(list(group_by))


def _with_note(b: DaskBuilder, program: Program) -> Program:
    return Program(program.code, program.shape, program.outputs, note=b.note)


GENERATORS: dict[str, DaskGenerator] = {
    "statistic": statistic, "count": count, "percentage": percentage, "value_counts": value_counts,
    "unique": unique, "groupby": groupby, "resample": resample, "share": share, "missing": missing,
    "compare": compare, "summary": summary, "shape": shape, "rows": rows, "plot": plot,
}  # fmt: skip
