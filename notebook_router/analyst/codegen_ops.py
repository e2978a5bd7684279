"""Code for each non-plot operation family (plots are in ``plots``)."""

from __future__ import annotations

import itertools

from notebook_router.analyst.codegen import (
    PANDAS_FREQ,
    SIMPLE_AGGS,
    Builder,
    Generator,
    Program,
    agg_call,
    mask,
    scalar_stat,
    wrap,
)  # fmt: skip


def statistic(b: Builder) -> Program:
    s = b.spec
    aggs, cols, q = list(s.aggs), list(s.columns), s.quantile
    if s.variant == "all":
        agg = aggs[0]
        numeric = "" if agg in ("count", "nunique") else "numeric_only=True"
        call = f".quantile({q!r}, numeric_only=True)" if agg == "quantile" else f".{agg}({numeric})"
        if agg not in SIMPLE_AGGS | {"quantile"}:
            call = f".select_dtypes('number'){agg_call(agg)}"
        b.add(f"result = {b.rows}{call}")
        return b.program("series")
    if len(cols) == 1 and len(aggs) == 1:
        b.add(f"result = {scalar_stat(b.col(cols[0]), aggs[0], q)}")
        if aggs[0] in ("count", "nunique"):
            return b.program("int")
        return b.program("label" if s.variant == "label" else "scalar")
    if len(cols) == 1:
        b.add(f"x = {b.col(cols[0])}")
        items = ", ".join(f"{a!r}: {scalar_stat('x', a, q)}" for a in aggs)
        b.add(f"result = pd.Series({{{items}}})")
        return b.program("series")
    b.add(f"result = {b.rows}[{cols!r}]{agg_call(aggs[0], q)}")
    return b.program("series")


def count(b: Builder) -> Program:
    if b.spec.measure:
        b.add(f"result = int({wrap(mask(b, b.spec.measure, b.rows))}.sum())")
    else:
        b.add(f"result = len({b.rows})")
    return b.program("int")


def percentage(b: Builder) -> Program:
    scale = " * 100" if b.spec.percent else ""
    b.add(f"result = {wrap(mask(b, b.spec.measure, b.rows))}.mean(){scale}")
    return b.program("scalar")


def value_counts(b: Builder) -> Program:
    col = b.col(b.spec.columns[0])
    if b.spec.variant == "normalize":
        scale = " * 100" if b.spec.percent else ""
        b.add(f"result = {col}.value_counts(normalize=True){scale}")
        return b.program("series")
    b.add(f"result = {col}.value_counts()")
    return b.program("series")


def unique(b: Builder) -> Program:
    s = b.spec
    col = s.columns[0]
    if s.group_by:
        b.add(f"result = {b.rows}.groupby({_keys(s.group_by)})[{col!r}].nunique()")
        return b.program("series")
    if s.variant == "count":
        b.add(f"result = {b.col(col)}.nunique()")
        return b.program("int")
    if s.variant == "rows":  # each row one of the things, some names shared
        b.add(f"result = len({b.rows})", f"names = {b.col(col)}.nunique()")
        return b.program("int", {"names": "names"})
    b.add(f"result = sorted({b.col(col)}.dropna().unique().tolist())")
    return b.program("values")


def _keys(group_by: tuple[str, ...]) -> str:
    return repr(group_by[0]) if len(group_by) == 1 else repr(list(group_by))


def grouped_expr(b: Builder, grouper: str) -> str:
    s = b.spec
    agg = s.aggs[0] if s.aggs else "sum"
    if agg == "size" or (agg == "count" and not s.columns):
        return f"{grouper}.size()"
    if not s.columns:
        numeric = "numeric_only=True" if agg in SIMPLE_AGGS - {"count", "nunique"} else ""
        return (
            f"{grouper}.{agg}({numeric})"
            if agg in SIMPLE_AGGS
            else f"{grouper}{agg_call(agg, s.quantile)}"
        )
    return f"{grouper}[{s.columns[0]!r}]{agg_call(agg, s.quantile)}"


def groupby(b: Builder) -> Program:
    s = b.spec
    expr = grouped_expr(b, f"{b.rows}.groupby({_keys(s.group_by)})")
    every_group = s.variant not in ("which", "top") or s.ascending  # a 0 can be the answer
    if every_group and s.filters and len(s.group_by) == 1 and s.aggs[:1] in (("size",), ("count",)):
        # "for each firm, in how many years was invest above 100?": a firm with no such
        # year is a 0, not missing from the answer (nor from "which had the fewest")
        b.add(f"counts = {expr}")
        expr = _with_zeros("counts", b.frame, s.group_by[0])
    if s.percent:
        expr += " * 100"
    if len(s.group_by) > 1:
        b.add(f"result = {expr}.unstack()")
        return b.program("frame")
    return _ranked(b, expr)


def _with_zeros(counts: str, frame: str, key: str) -> str:
    """``counts`` with a 0 for each group of ``frame`` none of whose rows were counted
    (after the counted groups, whatever the kinds of the keys)."""
    unseen = f"[k for k in {frame}[{key!r}].dropna().unique() if k not in {counts}.index]"
    return f"{counts}.reindex([*{counts}.index, *{unseen}], fill_value=0)"


def _ranked(b: Builder, expr: str) -> Program:
    s = b.spec
    if (s.variant == "which" and s.columns) or (s.variant == "which" and s.aggs):
        b.add(f"ranked = {expr}.sort_values(ascending={s.ascending})", "result = ranked.index[0]")
        return b.program("label", {"table": "ranked", "best": "ranked.iloc[0]"})
    if s.variant == "top" and s.n:
        how = "nsmallest" if s.ascending else "nlargest"
        b.add(f"ranked = {expr}.{how}({s.n})", "result = ranked.index.tolist()")
        return b.program("labels", {"table": "ranked"})
    if s.variant == "mean_of_groups":
        # "on average how many X per month": each period's total, then their mean
        b.add(f"totals = {expr}", "result = float(totals.mean())")
        return b.program("scalar", {"table": "totals", "periods": "int(totals.size)"})
    if s.variant == "sorted":
        b.add(f"result = {expr}.sort_values(ascending={s.ascending})")
        return b.program("series")
    b.add(f"result = {expr}")
    return b.program("series")


def resample(b: Builder) -> Program:
    s = b.spec
    freq = PANDAS_FREQ[s.freq]
    if s.group_by:
        grouper = f"{b.rows}.groupby([pd.Grouper(key={s.date_column!r}, freq={freq!r}), {s.group_by[0]!r}])"
        b.add(f"result = {grouped_expr(b, grouper)}.unstack().to_period({s.freq!r})")
        return b.program("frame")
    expr = grouped_expr(b, f"{b.rows}.resample({freq!r}, on={s.date_column!r})")
    return _ranked(b, f"{expr}.to_period({s.freq!r})")


def compare(b: Builder) -> Program:
    """Each side's figure, in the order the question named the sides, and how they differ."""
    s = b.spec
    column = s.group_by[0]
    sides = next(f.value for f in s.filters if f.column == column and f.op == "isin")
    assert isinstance(sides, tuple)  # the compare family always gives the sides as a tuple
    if s.measure:  # the share of each side's rows that meet the measured condition
        hit = mask(b, s.measure, b.rows)
        expr = f"({b.rows}.assign(_hit={wrap(hit)}).groupby({column!r})['_hit'].mean() * 100)"
    else:
        expr = grouped_expr(b, f"{b.rows}.groupby({column!r})")
    b.add(
        f"result = {expr}.reindex({list(sides)!r})",
        "difference = result.iloc[0] - result.iloc[1]",
        "ratio = result.iloc[0] / result.iloc[1] if result.iloc[1] else float('nan')",
    )
    return b.program("series", {"difference": "difference", "ratio": "ratio"})


def value(b: Builder) -> Program:
    """The value on the rows picked out: one number when one row, else the list of them."""
    column = b.spec.columns[0]
    b.add(
        f"picked = {b.col(column)}",
        "result = picked.iloc[0] if len(picked) == 1 else picked.tolist()",
    )
    return b.program("scalar", {"rows": "len(picked)"})


def share(b: Builder) -> Program:
    s = b.spec
    b.add(
        f"totals = {b.rows}.groupby({_keys(s.group_by)})[{s.columns[0]!r}].sum()",
        f"result = totals / totals.sum(){' * 100' if s.percent else ''}",
    )
    return b.program("series")


def missing(b: Builder) -> Program:
    s, d = b.spec, b.rows
    percent = s.percent
    if s.variant == "which":
        b.add(f"result = {d}.columns[{d}.isna().any()].tolist()")
        return b.program("values")
    if s.variant == "most":
        b.add(f"counts = {d}.isna().sum()", "result = counts.idxmax()")
        return b.program("label", {"table": "counts", "best": "counts.max()"})
    if s.variant in ("rows", "complete"):
        # "complete" rows are those with no missing value: the other side of "rows"
        expr = f"{d}.isna().any(axis=1)" if s.variant == "rows" else f"{d}.notna().all(axis=1)"
        b.add(f"result = {expr}.mean() * 100" if percent else f"result = int({expr}.sum())")
        return b.program("scalar" if percent else "int")
    if s.variant == "column" and len(s.columns) == 1:
        expr = f"{b.col(s.columns[0])}.isna()"
        b.add(f"result = {expr}.mean() * 100" if percent else f"result = int({expr}.sum())")
        return b.program("scalar" if percent else "int")
    if s.variant in ("column", "per_column"):
        rows = f"{d}[{list(s.columns)!r}]" if s.variant == "column" else d
        b.add(
            f"result = {rows}.isna().mean() * 100" if percent else f"result = {rows}.isna().sum()"
        )
        return b.program("series")
    b.add(
        f"result = {d}.isna().sum().sum() / {d}.size * 100"
        if percent
        else f"result = int({d}.isna().sum().sum())"
    )
    return b.program("scalar" if percent else "int")


def bins(b: Builder) -> Program:
    s = b.spec
    col = s.columns[0]
    if s.bins:
        edges = ", ".join("np.inf" if e == float("inf") else repr(_tidy(e)) for e in s.bins)
        labels = _bin_labels(s.bins)
        b.add(
            f"groups = pd.cut({b.col(col)}, bins=[{edges}], labels={labels!r}, include_lowest=True)"
        )
    else:
        b.add(f"groups = pd.cut({b.col(col)}, bins={s.bin_count})")
    if len(s.columns) > 1:
        agg = s.aggs[0] if s.aggs else "mean"
        b.add(f"result = {b.rows}.groupby(groups, observed=False)[{s.columns[1]!r}]{agg_call(agg)}")
    elif s.percent:
        b.add("result = groups.value_counts(normalize=True, sort=False) * 100")
    else:
        b.add("result = groups.value_counts(sort=False)")
    return b.program("series")


def _tidy(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def _bin_labels(edges: tuple[float, ...]) -> list[str]:
    labels = []
    whole = all(float(e).is_integer() for e in edges if e != float("inf"))
    for i, (low, high) in enumerate(itertools.pairwise(edges)):
        start = _tidy(low) if i == 0 or not whole else _tidy(low + 1)
        labels.append(f"{start}+" if high == float("inf") else f"{start}-{_tidy(high)}")
    return labels


def summary(b: Builder) -> Program:
    s = b.spec
    cols = list(s.columns)
    if s.group_by and cols:
        b.add(f"result = {b.rows}.groupby({_keys(s.group_by)})[{cols[0]!r}].describe()")
    elif len(cols) == 1:
        b.add(f"result = {b.col(cols[0])}.describe()")
    elif cols:
        b.add(f"result = {b.rows}[{cols!r}].describe(include='all')")
    else:
        b.add(f"result = {b.rows}.describe()")
    return b.program("frame" if not (len(cols) == 1 and not s.group_by) else "series")


def shape(b: Builder) -> Program:
    s, d = b.spec, b.rows
    code = {
        "rows": (f"result = len({d})", "int"),
        "columns": (f"result = {d}.shape[1]" if not s.is_series else "result = 1", "int"),
        "shape": (f"result = list({d}.shape)", "values"),
        "dtypes": (f"result = {d}.dtypes.astype(str)", "series"),
        "columns_list": (f"result = {d}.columns.tolist()", "values"),
        "head": (f"result = {d}.head({s.n or 5})", "frame_only"),
    }[s.variant]
    b.add(code[0])
    return b.program(code[1])


def rows(b: Builder) -> Program:
    s = b.spec
    col = s.columns[0]
    how = "nsmallest" if s.ascending else "nlargest"
    if s.variant == "values":
        b.add(f"result = {b.col(col)}.{how}({s.n}).tolist()")
        return b.program("list")
    if s.variant == "labels":
        b.add(f"top = {b.rows}.{how}({s.n}, {col!r})", f"result = top[{s.label_column!r}].tolist()")
        return b.program("labels", {"table": "top"})
    idx = "idxmin" if s.ascending else "idxmax"
    b.add(f"row = {b.rows}.loc[{b.col(col)}.{idx}()]")
    b.add(
        f"result = row[{s.label_column!r}]" if s.label_column else f"result = {b.col(col)}.{idx}()"
    )
    return b.program("label", {"table": "row.to_frame().T", "best": f"row[{col!r}]"})


def derived(b: Builder) -> Program:
    b.add(f"result = {b.col(b.spec.columns[0])}")
    return b.program("series")


GENERATORS: dict[str, Generator] = {
    "statistic": statistic, "count": count, "percentage": percentage, "value_counts": value_counts,
    "unique": unique, "groupby": groupby, "resample": resample, "share": share, "missing": missing,
    "compare": compare, "value": value,
    "bins": bins, "summary": summary, "shape": shape, "rows": rows, "derived": derived,
}  # fmt: skip
