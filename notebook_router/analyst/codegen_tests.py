"""Code for the tests and models: outliers, correlation, normality, regression, trend, pivots."""

from __future__ import annotations

from notebook_router.analyst.codegen import PANDAS_FREQ, Builder, Generator, Program, scalar_stat
from notebook_router.analyst.codegen_ops import grouped_expr


def outliers(b: Builder) -> Program:
    s = b.spec
    bounds = _bounds_lines(s.method, s.threshold or (3.0 if s.method == "z" else 1.5))
    if len(s.columns) == 1:
        b.add(f"x = {b.col(s.columns[0])}.dropna()", *bounds)
        if s.variant == "clean_stat":
            agg = s.aggs[0] if s.aggs else "mean"
            b.add(f"result = {scalar_stat('x[~is_outlier]', agg, s.quantile)}")
            return b.program("scalar", _bound_outputs(s.method))
        b.add(f"table = {b.rows}.loc[x[is_outlier].index]")
        if s.variant == "which":  # the outlying rows by name (their index without one)
            named = f"table[{s.label_column!r}]" if s.label_column else "table.index"
            b.add(f"result = {named}.tolist()")
            return b.program("values", {"table": "table", **_bound_outputs(s.method)})
        b.add("result = int(is_outlier.sum())")
        return b.program("int", {"table": "table", **_bound_outputs(s.method)})
    b.add(
        "counts = {}", f"for column in {list(s.columns)!r}:", f"    x = {b.rows}[column].dropna()"
    )
    b.add(*("    " + line for line in bounds), "    counts[column] = int(is_outlier.sum())")
    b.add("result = pd.Series(counts)")
    return b.program("series")


def _bounds_lines(method: str, threshold: float) -> list[str]:
    if method == "z":
        return [
            "z = (x - x.mean()) / x.std(ddof=0)  # as scipy.stats.zscore",
            f"is_outlier = z.abs() > {threshold!r}",
        ]
    return [
        "q1, q3 = x.quantile(0.25), x.quantile(0.75)",
        "iqr = q3 - q1",
        f"lower, upper = q1 - {threshold!r} * iqr, q3 + {threshold!r} * iqr",
        "is_outlier = (x < lower) | (x > upper)",
    ]


def _bound_outputs(method: str) -> dict[str, str]:
    return {} if method == "z" else {"lower": "lower", "upper": "upper"}


def correlation(b: Builder) -> Program:
    s, d = b.spec, b.rows
    method = s.method or "pearson"
    if s.variant == "matrix":
        b.add(f"result = {d}.corr(method={method!r}, numeric_only=True)")
        return b.program("frame")
    col = s.columns[0]
    if s.variant in ("most", "with_all"):
        b.add(f"corr = {d}.corr(method={method!r}, numeric_only=True)[{col!r}].drop({col!r})")
        if s.variant == "with_all":
            b.add("result = corr")
            return b.program("series")
        b.add(f"ranked = corr.abs().sort_values(ascending={s.ascending})")
        if s.n and s.n > 1:  # "the top 3 features most correlated with ..."
            b.add(f"result = ranked.index[:{s.n}].tolist()")
            return b.program("labels", {"table": "corr"})
        b.add("result = ranked.index[0]")
        return b.program("label", {"table": "corr", "best": "corr[result]"})
    x, y = s.columns[:2]
    test = {"pearson": "pearsonr", "spearman": "spearmanr", "kendall": "kendalltau"}[method]
    b.add(
        f"pair = {d}[{[x, y]!r}].dropna()",
        f"r, p = stats.{test}(pair[{x!r}], pair[{y!r}])",
    )
    return _headline(b, "r", "p", "p < alpha", {"r": "r", "p_value": "p", "n": "len(pair)"})


def normality(b: Builder) -> Program:
    s = b.spec
    call = {
        "shapiro": "stats.shapiro(x)",
        "dagostino": "stats.normaltest(x)",
        "ks": 'stats.kstest(x, "norm", args=(x.mean(), x.std()))',
    }[s.method]
    if len(s.columns) == 1:
        b.add(f"x = {b.col(s.columns[0])}.dropna()", f"statistic, p = {call}")
        outputs = {"statistic": "statistic", "p_value": "p", "n": "len(x)"}
        if not s.answer:
            b.add("result = float(p)")  # a normality test is read by its p-value
            return b.program("scalar", outputs)
        return _headline(b, "statistic", "p", "p >= alpha", outputs)
    b.add(
        "p_values = {}", f"for column in {list(s.columns)!r}:", f"    x = {b.rows}[column].dropna()"
    )
    b.add(f"    p_values[column] = float({call}[1])", "result = pd.Series(p_values)")
    return b.program("series")


def _headline(b: Builder, stat: str, p: str, yes_when: str, outputs: dict[str, str]) -> Program:
    """``result`` is the number the question asked for: the statistic, the p-value or a verdict."""
    if b.spec.answer == "verdict":
        b.add(f"alpha = {b.spec.alpha!r}", f'result = "yes" if {yes_when} else "no"')
        return b.program("label", {**outputs, "p_value": p})
    b.add(f"result = float({p if b.spec.answer == 'p_value' else stat})")
    return b.program("scalar", outputs)


def regression(b: Builder) -> Program:
    s = b.spec
    y, x = s.columns[:2]
    b.add(
        f"pair = {b.rows}[{[x, y]!r}].dropna()", f"fit = stats.linregress(pair[{x!r}], pair[{y!r}])"
    )
    b.add(
        f"result = fit.intercept + fit.slope * {s.at!r}"
        if s.at is not None
        else "result = fit.slope"
    )
    return b.program("scalar", _fit_outputs())


def _fit_outputs() -> dict[str, str]:
    return {"slope": "fit.slope", "intercept": "fit.intercept", "r_value": "fit.rvalue",
            "r_squared": "fit.rvalue ** 2", "p_value": "fit.pvalue"}  # fmt: skip


def trend(b: Builder) -> Program:
    s = b.spec
    col = s.columns[0]
    if s.variant == "resample":
        # A period with no rows is no data, not a zero (quarterly data read by month): the
        # periods that hold rows are fitted at their place in time.
        grouper = f"{b.rows}.resample({PANDAS_FREQ[s.freq]!r}, on={s.date_column!r})"
        b.add(f"rows_per_period = {grouper}.size().to_period({s.freq!r})")
        b.add(f"series = {grouped_expr(b, grouper)}.to_period({s.freq!r})[rows_per_period > 0]")
        b.add("x = np.array([(p - series.index[0]).n for p in series.index])")
    elif s.variant == "group":
        b.add(f"series = {grouped_expr(b, f'{b.rows}.groupby({s.group_by[0]!r})')}")
    else:
        b.add(f"series = {b.col(col)}.dropna().reset_index(drop=True)")
    if s.variant != "resample":
        b.add("x = np.arange(len(series))")
    b.add("fit = stats.linregress(x, series.to_numpy())")
    if s.horizon is None:
        b.add("result = fit.slope")
        return b.program("scalar", _fit_outputs())
    b.add(f"future = np.arange(x[-1] + 1, x[-1] + 1 + {s.horizon})")
    if s.variant == "resample":
        index = (
            f"pd.period_range(series.index[-1] + 1, periods={s.horizon}, freq=series.index.freq)"
        )
        b.add(f"forecast = pd.Series(fit.intercept + fit.slope * future, index={index})")
    else:
        b.add("forecast = pd.Series(fit.intercept + fit.slope * future, index=future)")
    b.add("result = forecast.tolist()" if s.horizon > 1 else "result = float(forecast.iloc[0])")
    return b.program("list" if s.horizon > 1 else "scalar", {"table": "forecast", **_fit_outputs()})


def pivot(b: Builder) -> Program:
    s = b.spec
    index, columns = s.group_by[:2]
    name = "table" if s.lookup else "result"
    if s.variant == "crosstab":
        norm = f", normalize={s.method!r}" if s.method else ""
        scale = " * 100" if s.method and s.percent else ""
        b.add(f"{name} = pd.crosstab({b.col(index)}, {b.col(columns)}{norm}){scale}")
    else:
        agg = s.aggs[0] if s.aggs else "sum"
        aggfunc = "len" if agg == "size" else repr(agg)
        b.add(
            f"{name} = {b.rows}.pivot_table(index={index!r}, columns={columns!r}, "
            f"values={s.columns[0]!r}, aggfunc={aggfunc})"
        )
    if not s.lookup:
        return b.program("frame")
    at = {f.column: f.value for f in s.lookup}
    if index in at and columns in at:
        b.add(f"result = table.loc[{at[index]!r}, {at[columns]!r}]")
        return b.program("scalar", {"table": "table"})
    where = f"table.loc[{at[index]!r}]" if index in at else f"table[{at[columns]!r}]"
    b.add(f"result = {where}")
    return b.program("series", {"table": "table"})


GENERATORS: dict[str, Generator] = {
    "outliers": outliers, "correlation": correlation, "normality": normality,
    "regression": regression, "trend": trend, "pivot": pivot,
}  # fmt: skip
