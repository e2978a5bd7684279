"""Code for plots: one figure, titled, with both axes labelled, data kept in ``result``."""

from __future__ import annotations

from notebook_router.analyst.codegen import PANDAS_FREQ, Builder, Program
from notebook_router.analyst.codegen_ops import grouped_expr
from notebook_router.analyst.phrases import AGG_WORDS


def plot(b: Builder) -> Program:
    s = b.spec
    b.add("fig, ax = plt.subplots(figsize=(7, 4))")
    title, xlabel, ylabel = {
        "hist": _hist,
        "scatter": _scatter,
        "box": _box,
    }.get(s.plot, _series_plot)(b)
    b.add(f"ax.set_title({title!r})", f"ax.set_xlabel({xlabel!r})", f"ax.set_ylabel({ylabel!r})")
    b.add("fig.tight_layout()")
    return b.program("figure")


def _hist(b: Builder) -> tuple[str, str, str]:
    cols = list(b.spec.columns)
    if len(cols) == 1:
        b.add(f"result = {b.col(cols[0])}.dropna()", 'ax.hist(result, bins=20, edgecolor="white")')
        return f"Histogram of {cols[0]}", cols[0], "count"
    b.add(f"result = {b.rows}[{cols!r}]", "result.plot.hist(ax=ax, bins=20, alpha=0.5)")
    return "Histogram of " + ", ".join(cols), "value", "count"


def _scatter(b: Builder) -> tuple[str, str, str]:
    x, y = b.spec.columns[:2]
    b.add(f"result = {b.rows}[{[x, y]!r}].dropna()")
    b.add(f"ax.scatter(result[{x!r}], result[{y!r}], s=14, alpha=0.6)")
    return f"{y} vs {x}", x, y


def _box(b: Builder) -> tuple[str, str, str]:
    s = b.spec
    cols = list(s.columns)
    if s.group_by:
        g = s.group_by[0]
        b.add(f"result = {b.rows}[{[cols[0], g]!r}].dropna()")
        b.add(
            f"result.boxplot(column={cols[0]!r}, by={g!r}, ax=ax, grid=False)", 'fig.suptitle("")'
        )
        return f"{cols[0]} by {g}", g, cols[0]
    b.add(f"result = {b.rows}[{cols!r}]", "result.plot.box(ax=ax)")
    return "Box plot of " + ", ".join(cols), "", "value"


def _series_plot(b: Builder) -> tuple[str, str, str]:
    s = b.spec
    agg = s.aggs[0] if s.aggs else "sum"
    target = s.columns[0] if s.columns else ""
    what = (
        "number of rows" if agg == "size" or not target else f"{AGG_WORDS.get(agg, agg)} {target}"
    )
    if s.group_by:
        b.add(f"result = {grouped_expr(b, f'{b.rows}.groupby({s.group_by[0]!r})')}")
        x = s.group_by[0]
    elif s.freq:
        freq = PANDAS_FREQ[s.freq]
        b.add(
            f"result = {grouped_expr(b, f'{b.rows}.resample({freq!r}, on={s.date_column!r})')}.to_period({s.freq!r})"
        )
        x = {"D": "day", "W": "week", "M": "month", "Q": "quarter", "Y": "year"}[s.freq]
    elif s.date_column:
        b.add(
            f"result = {b.rows}.sort_values({s.date_column!r}).set_index({s.date_column!r})[{target!r}]"
        )
        x, what = s.date_column, target
    else:
        b.add(f"result = {b.col(target)}")
        x, what = "row", target
    draw = {"line": 'result.plot(ax=ax, marker="o")', "bar": "result.plot.bar(ax=ax)",
            "pie": 'result.plot.pie(ax=ax, autopct="%1.1f%%")'}[s.plot]  # fmt: skip
    b.add(draw)
    title = f"{what[0].upper()}{what[1:]} by {x}" if x != "row" else what
    return title, x, "" if s.plot == "pie" else what
