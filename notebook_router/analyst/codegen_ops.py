"""Code for each non-plot operation family (plots are in ``plots``), pandas or Dask.

Each operation is written once; its ``e`` (:class:`.engine_code.Engine`) spells the
steps where Dask differs from pandas (pandas by default, the code :mod:`.codegen`
writes; Dask's engine is :mod:`.dask_code`'s, which says first which operations Dask
cannot do on a cluster).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from notebook_router.analyst.codegen import (
    PANDAS_FREQ,
    PARSED,
    SIMPLE_AGGS,
    Builder,
    Generator,
    Program,
    agg_call,
    mask,
    wrap,
)  # fmt: skip
from notebook_router.analyst.codegen_kept import kept_rows, tied_rows
from notebook_router.analyst.engine_code import PANDAS, Engine
from notebook_router.analyst.zero_groups import (
    asked_values,
    counted_yes_no,
    fewest_first,
    population,
    shows_zero_groups,
)


def statistic(b: Builder, e: Engine = PANDAS) -> Program:
    s = b.spec
    aggs, cols, q = list(s.aggs), list(s.columns), s.quantile
    if s.variant == "all":
        b.add(f"result = {e.computed(_every_column(b, e, aggs[0], q))}")
        return b.program("series")
    if len(cols) == 1:
        exprs = {a: e.statistic(b, "x" if len(aggs) > 1 else b.col(cols[0]), a, q) for a in aggs}
        if len(aggs) == 1:
            b.add(f"result = {e.computed(exprs[aggs[0]])}")
            if aggs[0] in ("count", "nunique"):
                return b.program("int")
            return b.program("label" if s.variant == "label" else "scalar")
        b.add(f"x = {b.col(cols[0])}")
        b.add(f"result = {e.gathered(', '.join(f'{a!r}: {x}' for a, x in exprs.items()))}")
        return b.program("series")
    b.add(f"result = {e.computed(f'{b.rows}[{cols!r}]{agg_call(aggs[0], q)}')}")
    return b.program("series")


def _every_column(b: Builder, e: Engine, agg: str, q: float | None) -> str:
    """``agg`` of every numeric column (Dask: the exact ones only, see :mod:`.dask_code`)."""
    if e.lazy:
        return f"{b.rows}.select_dtypes('number').{agg}()"
    numeric = "" if agg in ("count", "nunique") else "numeric_only=True"
    call = f".quantile({q!r}, numeric_only=True)" if agg == "quantile" else f".{agg}({numeric})"
    if agg not in SIMPLE_AGGS | {"quantile"}:
        call = f".select_dtypes('number'){agg_call(agg)}"
    return f"{b.rows}{call}"


def count(b: Builder, e: Engine = PANDAS) -> Program:
    if b.spec.measure:
        b.add(f"result = int({e.computed(wrap(mask(b, b.spec.measure, b.rows)) + '.sum()')})")
    else:
        b.add(f"result = {e.length(b.rows)}")
    return b.program("int")


def percentage(b: Builder, e: Engine = PANDAS) -> Program:
    scale = " * 100" if b.spec.percent else ""
    if b.spec.columns:  # a share of a column's total: "what share of revenue came from X"
        values, hit = b.col(b.spec.columns[0]), wrap(mask(b, b.spec.measure, b.rows))
        b.add(f"total = {e.computed(f'{values}.sum()')}",
              f"part = {e.computed(f'{values}[{hit}].sum()')}",
              f"result = part / total{scale} if total else float('nan')")  # fmt: skip
        return b.program("scalar", {"base": e.length(b.rows), "part": "part", "total": "total"})
    b.add(f"result = {e.computed(wrap(mask(b, b.spec.measure, b.rows)) + '.mean()')}{scale}")
    return b.program("scalar", {"base": e.length(b.rows)})  # the answer says the base's size


def value_counts(b: Builder, e: Engine = PANDAS) -> Program:
    col = b.col(b.spec.columns[0])
    normalize = b.spec.variant == "normalize"
    scale = " * 100" if normalize and b.spec.percent else ""
    counts = e.computed(f"{col}.value_counts({e.args('normalize=True' if normalize else '')})")
    b.add(f"result = {e.ordered(counts)}{scale}")
    return b.program("series")


def unique(b: Builder, e: Engine = PANDAS) -> Program:
    s = b.spec
    col = s.columns[0]
    if s.group_by:
        grouped = f"{b.rows}.groupby({keys(s.group_by)})[{col!r}].nunique({e.args()})"
        b.add(f"result = {e.computed(grouped)}")
        return b.program("series")
    if s.variant == "count" and s.freq:  # calendar periods holding a row, and their span
        # the one date column, in the kernel (Dask keeps no calendar periods lazily)
        periods = f"pd.to_datetime({e.computed(b.col(col))}, {PARSED}).dt.to_period({s.freq!r})"
        b.add(
            f"periods = {periods}",
            "result = int(periods.nunique())",
            "span = (periods.max() - periods.min()).n + 1 if len(periods.dropna()) else 0",
        )
        return b.program("int", {"span": "span"})
    if s.variant == "count":
        b.add(f"result = {e.whole(f'{b.col(col)}.nunique()')}")
        return b.program("int")
    if s.variant == "rows":  # each row one of the things, some names shared
        b.add(f"result = {e.length(b.rows)}", f"names = {e.whole(f'{b.col(col)}.nunique()')}")
        return b.program("int", {"names": "names"})
    b.add(f"result = sorted({e.computed(f'{b.col(col)}.dropna().unique()')}.tolist())")
    return b.program("values")


def keys(group_by: tuple[str, ...]) -> str:
    """The group-by columns as ``groupby`` takes them: one name, or a list of them."""
    return repr(group_by[0]) if len(group_by) == 1 else repr(list(group_by))


def grouped_expr(b: Builder, grouper: str, e: Engine = PANDAS) -> str:
    """The spec's aggregation of each group of ``grouper`` (lazy on Dask)."""
    s = b.spec
    agg = s.aggs[0] if s.aggs else "sum"
    if s.measure and not s.columns:
        return f"{grouper}['_hit'].mean({e.args()})"
    if agg == "size" or (agg == "count" and not s.columns):
        return f"{grouper}.size({e.args()})"
    if agg not in SIMPLE_AGGS:
        column = f"[{s.columns[0]!r}]" if s.columns else ""
        return f"{grouper}{column}{agg_call(agg, s.quantile)}"
    if not s.columns:
        numeric = "numeric_only=True" if agg not in ("count", "nunique") else ""
        return f"{grouper}.{agg}({e.args(numeric)})"
    if agg == "sum" and s.variant in ("which", "top"):
        # a group with no value recorded has no total: ranked as 0 it would be "the
        # lowest" (pandas sums no values to 0); with min_count it is left unranked
        return f"{grouper}[{s.columns[0]!r}].sum({e.args('min_count=1')})"
    return f"{grouper}[{s.columns[0]!r}].{agg}({e.args()})"


def groupby(b: Builder, e: Engine = PANDAS) -> Program:
    s = b.spec
    rows = b.rows
    if s.measure:  # each group's share of rows meeting the condition: "return rate by region"
        # as numbers: Dask cannot average a boolean column by group
        rows = f"{b.rows}.assign(_hit={wrap(mask(b, s.measure, b.rows))}.astype(float))"
    expr = e.computed(grouped_expr(b, f"{rows}.groupby({keys(s.group_by)})", e))
    every_group = s.variant not in ("which", "top") or s.ascending  # a 0 can be the answer
    asked = asked_values(s)
    if shows_zero_groups(s):
        # "for each firm, in how many years was invest above 100?": a firm with no such
        # year is a 0, not missing from the answer (nor from "which had the fewest")
        b.add(f"counts = {expr}")
        if asked:  # only the values asked ("for A and for B"), 0 where none
            expr = f"counts.reindex({asked!r}, fill_value=0)"
        else:
            expr = _with_zeros(b, e, "counts", s.group_by[0])
    elif every_group and asked and (s.variant == "" or (s.variant == "mapping" and s.measure)):
        # a value asked with no rows is shown: a sum or count of no rows is 0, any other
        # statistic of no rows is undefined (NaN)
        fill = ", fill_value=0" if (s.aggs[:1] or ("sum",))[0] in _ZERO_OF_NO_ROWS else ""
        expr = f"{expr}.reindex({asked!r}{fill})"
    if s.percent:
        expr = f"({expr} * 100)"
    if len(s.group_by) > 1:
        b.add(f"result = {expr}.unstack()")
        return b.program("frame")
    return ranked(b, expr)


_ZERO_OF_NO_ROWS = frozenset({"sum", "count", "size", "nunique"})
"""Aggregations whose value over no rows is 0 (pandas gives 0 for an empty sum too)."""


def _with_zeros(b: Builder, e: Engine, counts: str, key: str) -> str:
    """``counts`` with a 0 for each group none of whose rows were counted (after the
    counted groups, whatever the kinds of the keys): each group of the population the
    conditions draw (:mod:`.zero_groups`), or of the table when they draw none."""
    drawn = population(b.spec)
    if not drawn:
        spellings = dict(b.spec.relabelled).get(key)
        joined = f".replace({dict(spellings)!r})" if spellings else ""  # as the groups read it
        b.add(f"keys = [*{e.computed(f'{b.frame}[{key!r}]{joined}.dropna().unique()')}]")
    elif fewest_first(b.spec) or any(counted_yes_no(b.spec, f) for f in drawn):
        # "which city has the fewest cancelled orders?", "how many smokers per clinician?":
        # every group, one with none a 0; "which area within the South has the fewest?":
        # only the South's areas, as every area lies in one region (decided over the whole
        # table, not per area)
        nested = " & ".join(
            wrap(f"whole.groupby({key!r})[{c!r}].nunique().le(1).all()")
            for c in dict.fromkeys(f.column for f in drawn)
        )
        inside = f"whole.loc[{mask(b, drawn, 'whole')}, {key!r}].dropna().unique()"
        every = f"whole[{key!r}].dropna().unique()"
        b.add(
            f"nested = {e.computed(nested)}",
            f"keys = [*{e.computed(inside)}] if nested else [*{e.computed(every)}]",
        )
    else:  # "for each firm in the north, in how many years ...": the north's firms
        keys = f"whole.loc[{mask(b, drawn, 'whole')}, {key!r}].dropna().unique()"
        b.add(f"keys = [*{e.computed(keys)}]")
    unseen = f"[k for k in dict.fromkeys(keys) if k not in {counts}.index]"
    return f"{counts}.reindex([*{counts}.index, *{unseen}], fill_value=0)"


def ranked(b: Builder, expr: str) -> Program:
    """``expr`` (a figure per group or period) as the spec asks: the first of its ranking,
    its top N, its mean, sorted, or as it is."""
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


def resample(b: Builder, e: Engine = PANDAS) -> Program:
    s = b.spec
    freq = PANDAS_FREQ[s.freq]
    if s.group_by:  # pandas only (see dask_code)
        grouper = f"{b.rows}.groupby([pd.Grouper(key={s.date_column!r}, freq={freq!r}), {s.group_by[0]!r}])"
        b.add(f"result = {grouped_expr(b, grouper)}.unstack().to_period({s.freq!r})")
        return b.program("frame")
    return ranked(b, resampled(b, e))


def resampled(b: Builder, e: Engine = PANDAS) -> str:
    """The spec's aggregation of each period, as periods (Dask: of one column, by the
    frame's sorted datetime index)."""
    s = b.spec
    freq = PANDAS_FREQ[s.freq]
    if e.lazy:
        agg = s.aggs[0] if s.aggs else "sum"
        expr = f"{b.rows}[{s.columns[0]!r}].resample({freq!r}).{agg}()"
    else:
        expr = grouped_expr(b, f"{b.rows}.resample({freq!r}, on={s.date_column!r})")
    return f"{e.computed(expr)}.to_period({s.freq!r})"


def compare(b: Builder, e: Engine = PANDAS) -> Program:
    """Each side's figure, in the order the question named the sides, and how they differ."""
    s = b.spec
    column = s.group_by[0]
    sides = next(f.value for f in s.filters if f.column == column and f.op == "isin")
    assert isinstance(sides, tuple)  # the compare family always gives the sides as a tuple
    if s.measure:  # the share of each side's rows that meet the measured condition
        hit = mask(b, s.measure, b.rows)
        grouped = f"{b.rows}.assign(_hit={wrap(hit)}).groupby({column!r})['_hit'].mean({e.args()})"
        expr = f"({e.computed(grouped)} * 100)"
    else:
        expr = e.computed(grouped_expr(b, f"{b.rows}.groupby({column!r})", e))
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


def share(b: Builder, e: Engine = PANDAS) -> Program:
    s = b.spec
    totals = f"{b.rows}.groupby({keys(s.group_by)})[{s.columns[0]!r}].sum({e.args()})"
    b.add(
        f"totals = {e.computed(totals)}",
        f"result = totals / totals.sum(){' * 100' if s.percent else ''}",
    )
    return b.program("series")


def missing(b: Builder, e: Engine = PANDAS) -> Program:
    s, d = b.spec, b.rows
    percent = s.percent
    if s.variant == "which":
        if e.lazy:
            b.add(
                f"flags = {e.computed(f'{d}.isna().any()')}", "result = flags[flags].index.tolist()"
            )
        else:
            b.add(f"result = {d}.columns[{d}.isna().any()].tolist()")
        return b.program("values")
    if s.variant == "most":
        b.add(f"counts = {e.computed(f'{d}.isna().sum()')}", "result = counts.idxmax()")
        return b.program("label", {"table": "counts", "best": "counts.max()"})
    if s.variant == "column" and s.group_by:
        # the gaps of one column, per group: a share in % or a count for each
        gaps = f"{b.col(s.columns[0])}.isna().groupby({b.col(s.group_by[0])})"
        how = "mean() * 100" if percent else "sum()"
        b.add(f"result = {e.computed(f'{gaps}.{how}')}")
        return b.program("series")
    if s.variant in ("rows", "complete") or (s.variant == "column" and len(s.columns) == 1):
        # "complete" rows are those with no missing value: the other side of "rows"
        complete = f"(~{d}.isna().any(axis=1))" if e.lazy else f"{d}.notna().all(axis=1)"
        expr = {"rows": f"{d}.isna().any(axis=1)", "complete": complete}.get(s.variant)
        expr = expr or f"{b.col(s.columns[0])}.isna()"
        b.add(
            f"result = {e.computed(f'{expr}.mean()')} * 100"
            if percent
            else f"result = int({e.computed(f'{expr}.sum()')})"
        )
        return b.program("scalar" if percent else "int")
    if s.variant in ("column", "per_column"):
        rows = f"{d}[{list(s.columns)!r}]" if s.variant == "column" else d
        how = "mean" if percent else "sum"
        b.add(f"result = {e.computed(f'{rows}.isna().{how}()')}{' * 100' if percent else ''}")
        return b.program("series")
    b.add(*_missing_cells(d, e, percent))
    return b.program("scalar" if percent else "int")


def _missing_cells(d: str, e: Engine, percent: bool) -> tuple[str, ...]:
    """How many of ``d``'s cells are missing (or what share of them, in %)."""
    if e.lazy:  # the count and the length, in one computation
        return (
            f"missing, rows = dask.compute({d}.isna().sum().sum(), {d}.shape[0])",
            f"result = missing / (rows * len({d}.columns)) * 100"
            if percent
            else "result = int(missing)",
        )
    if percent:
        return (f"result = {d}.isna().sum().sum() / {d}.size * 100",)
    return (f"result = int({d}.isna().sum().sum())",)


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


def summary(b: Builder, e: Engine = PANDAS) -> Program:
    s = b.spec
    cols = list(s.columns)
    if s.group_by and cols:  # pandas only (see dask_code)
        b.add(f"result = {b.rows}.groupby({keys(s.group_by)})[{cols[0]!r}].describe()")
    elif len(cols) == 1:
        b.add(f"result = {e.computed(f'{b.col(cols[0])}.describe()')}")
    elif cols:
        every = "" if e.lazy else "include='all'"  # Dask describes the numeric columns
        b.add(f"result = {e.computed(f'{b.rows}[{cols!r}].describe({every})')}")
    else:
        b.add(f"result = {e.computed(f'{b.rows}.describe()')}")
    return b.program("frame" if not (len(cols) == 1 and not s.group_by) else "series")


def shape(b: Builder, e: Engine = PANDAS) -> Program:
    s, d = b.spec, b.rows
    width = f"len({d}.columns)" if e.lazy else f"{d}.shape[1]"
    size = f"[{e.length(d)}, {width}]" if e.lazy else f"list({d}.shape)"
    code = {
        "rows": (f"result = {e.length(d)}", "int"),
        "columns": (f"result = {width}" if not s.is_series else "result = 1", "int"),
        "shape": (f"result = {size}", "values"),
        "dtypes": (f"result = {d}.dtypes.astype(str)", "series"),
        "columns_list": (f"result = {d}.columns.tolist()", "values"),
        "head": (f"result = {d}.head({s.n or 5})", "frame_only"),
    }[s.variant]
    b.add(code[0])
    return b.program(code[1])


def rows(b: Builder, e: Engine = PANDAS) -> Program:
    s = b.spec
    if s.measure and s.derived is not None and s.derived.kind == "ratio":
        # "the ride with the highest fare per km": ranked where its ratio is defined, the
        # rows dropped counted for the answer
        b.rows = kept_rows(b, e, s.derived.left, s.derived.right)
        program = _rows(b, e)
        outputs = {**program.outputs, "counts": "counts"}
        if s.variant == "argmax":  # two rides of the same fare per km: both named
            tied_rows(b, e, s.columns[0])  # (after the pick: the label program rounds nothing)
            outputs["tied"] = "tied"
            return replace(program, code="\n".join(b.lines), outputs=outputs)
        return replace(program, outputs=outputs)
    return _rows(b, e)


def _rows(b: Builder, e: Engine) -> Program:
    s = b.spec
    col = s.columns[0]
    how = "nsmallest" if s.ascending else "nlargest"
    if s.variant == "values":
        b.add(f"result = {e.computed(f'{b.col(col)}.{how}({s.n})')}.tolist()")
        return b.program("list")
    if s.variant == "labels":
        b.add(
            f"top = {e.computed(f'{b.rows}.{how}({s.n}, {col!r})')}",
            f"result = top[{s.label_column!r}].tolist()",
        )
        return b.program("labels", {"table": "top"})
    if e.lazy:  # Dask has no row by label: the one top row, computed
        b.add(f"row = {e.computed(f'{b.rows}.{how}(1, {col!r})')}.iloc[0]")
        b.add(f"result = row[{s.label_column!r}]" if s.label_column else "result = row.name")
        return b.program("label", {"table": "row.to_frame().T", "best": f"row[{col!r}]"})
    idx = "idxmin" if s.ascending else "idxmax"
    b.add(f"row = {b.rows}.loc[{b.col(col)}.{idx}()]")
    # (the label read from its own column: a row of mixed columns turns an id into a float)
    b.add(
        f"result = {b.rows}[{s.label_column!r}].loc[row.name]"
        if s.label_column
        else f"result = {b.col(col)}.{idx}()"
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
