"""The sentence that states the answer, with its numbers, method and verdict."""

from __future__ import annotations

from typing import Any

from notebook_router.analyst import ratio_text
from notebook_router.analyst.phrases import AGG_WORDS
from notebook_router.analyst.spec import Filter, Spec, condition_text
from notebook_router.analyst.values import fmt, fmt_p, listing, p_is

PERIOD = {"D": "day", "W": "week", "M": "month", "Q": "quarter", "Y": "year"}
_COUNTED_PERIOD = {**PERIOD, "h": "hour", "D": "date"}
"""How a count of distinct periods names them ("117 distinct dates")."""


def where(filters: tuple[Filter, ...]) -> str:
    """The filters in words: `` (rows where age > 60 and sex = female)``."""
    if not filters:
        return ""
    parts = []
    for f in filters:
        if f.op == "between" and isinstance(f.value, tuple):
            parts.append(f"{f.column} between {f.value[0]} and {f.value[1]}")
        elif f.op == "outside" and isinstance(f.value, tuple):
            parts.append(f"{f.column} not between {f.value[0]} and {f.value[1]}")
        elif f.op in ("isin", "notin") and isinstance(f.value, tuple):
            word = "in" if f.op == "isin" else "not in"
            parts.append(f"{f.column} {word} {', '.join(map(str, f.value))}")
        elif f.op == "years" and isinstance(f.value, tuple):
            parts.append(f"year of {f.column} between {f.value[0]} and {f.value[1]}")
        elif f.op in ("year", "month", "quarter"):
            parts.append(f"{f.op} of {f.column} = {f.value}")
        elif f.op == "hour" and isinstance(f.value, tuple):
            parts.append(f"hour of {f.column} in {', '.join(map(str, f.value))}")
        elif f.op == "hour":
            parts.append(f"hour of {f.column} = {f.value}")
        elif f.op.startswith("year"):
            parts.append(f"year of {f.column} {f.op[4:]} {f.value}")
        elif f.op == "contains":
            parts.append(f"{f.column} contains “{f.value}”")
        elif f.op in ("present", "absent"):
            parts.append(f"{f.column} {'recorded' if f.op == 'present' else 'missing'}")
        else:
            parts.append(condition_text(f.column, "=" if f.op == "==" else f.op, f.value))
        if f.or_missing:  # said, since a reader of "x <= 50" would take the gaps as out
            parts[-1] += f" or {f.column} missing"
    return " (rows where " + " and ".join(parts) + ")"


def _agg(spec: Spec) -> str:
    agg = spec.aggs[0] if spec.aggs else "sum"
    if agg == "quantile" and spec.quantile is not None:
        return f"{spec.quantile:g} quantile"
    return AGG_WORDS.get(agg, agg)


def describe(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    """The plain-language answer for ``spec`` whose value is ``value``."""
    teller = globals().get(f"_{spec.op}")
    text: str = teller(spec, value, outputs) if teller else f"Result: {value}."
    return text


def _statistic(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    d = spec.rounding
    w = where(spec.filters)
    if spec.variant == "all":
        return f"The {_agg(spec)} of each numeric column{w}: {listing(value, d)}."
    if isinstance(value, dict):
        subject = spec.columns[0] if len(spec.columns) == 1 else _agg(spec)
        return f"For {subject}{w}: {listing(value, d)}."
    return f"The {_agg(spec)} of {spec.columns[0]}{w} is {fmt(value, d)}."


def _count(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    conds = where(spec.filters + spec.measure).replace(" (rows where ", " where ").rstrip(")")
    if value == 1:
        return f"There is 1 row{conds}."
    return f"There are {fmt(value)} rows{conds}."


def _percentage(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    measure = where(spec.measure).replace(" (rows where ", "").rstrip(")")
    base = (
        where(spec.filters).replace(" (rows where ", " of the rows where ").rstrip(")")
        or " of the rows"
    )
    unit = "%" if spec.percent else ""
    kind = "percentage" if spec.percent else "proportion"
    rows = outputs.get("base")
    if spec.columns and measure:  # "Of the total amount (1200 over 8 rows), 75% (900) ..."
        over = f" over {fmt(rows)} rows" if isinstance(rows, int) else ""
        share = (
            f"{fmt(value, spec.rounding)}{unit}"
            if spec.percent
            else f"a share of {fmt(value, spec.rounding)}"
        )
        return (f"Of the total {spec.columns[0]}{base if spec.filters else ''} "
                f"({fmt(outputs.get('total'))}{over}), {share} ({fmt(outputs.get('part'))}) "
                f"comes from rows with {measure}.")  # fmt: skip
    if isinstance(rows, int) and measure:
        # the rows the share is of, and how many: "of the 3 rows where dept = eng, 67% ..."
        picked = where(spec.filters).replace(" (rows where ", "").rstrip(")")
        noun = "row" if rows == 1 else "rows"
        of = f"the {fmt(rows)} {noun} where {picked}" if picked else f"all {fmt(rows)} {noun}"
        share = fmt(value, spec.rounding)
        share = f"{share}%" if spec.percent else f"a proportion of {share}"
        return f"Of {of}, {share} have {measure}."
    return f"The {kind}{base} with {measure} is {fmt(value, spec.rounding)}{unit}."


def _value_counts(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    what = "Percentage" if spec.percent else ("Proportion" if spec.variant else "Counts")
    col = spec.columns[0]
    if spec.variant and spec.filters:  # a composition: which way round the share is, said
        rows = where(spec.filters).strip()[1:-1]
        whole = "100%" if spec.percent else "1"
        return (
            f"Of the {rows}, the {what.lower()} from each {col} (how those rows split "
            f"across {col}, adding up to {whole}; not the share within each {col}): "
            f"{listing(value, spec.rounding)}."
        )
    return f"{what} of each {col}{where(spec.filters)}: {listing(value, spec.rounding)}."


def _unique(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    col = spec.columns[0]
    if isinstance(value, dict):
        return f"Distinct {col} values per {spec.group_by[0]}: {listing(value, None)}."
    if isinstance(value, list):
        shown = ", ".join(map(str, value[:30])) + (", ..." if len(value) > 30 else "")
        return f"{col} has {len(value)} distinct values{where(spec.filters)}: {shown}."
    if spec.variant == "rows":
        names = outputs.get("names")
        return (
            f"There are {fmt(value)} rows{where(spec.filters)}, one {col} each; their names "
            f"repeat ({fmt(names)} distinct {col} values), so the rows are counted."
        )
    if spec.freq:
        said = _COUNTED_PERIOD.get(spec.freq, "period")
        unit = {**PERIOD, "h": "hour"}.get(spec.freq, said)
        span = outputs.get("span")
        spans = f"; from its first to its last {said} is {fmt(span)} {unit}s" if span else ""
        return (
            f"{col} holds {fmt(value)} distinct {said}s{where(spec.filters)} (each counted "
            f"once however many rows it has){spans}."
        )
    return f"{col} has {fmt(value)} distinct values{where(spec.filters)}."


def _grouped_subject(spec: Spec) -> str:
    if spec.measure and not spec.columns:  # the definition, said: a rate within each group
        said = where(spec.measure).replace(" (rows where ", "").rstrip(")")
        kind = "percentage" if spec.percent else "share"
        return f"{kind} of rows with {said} within each {' and '.join(spec.group_by)}"
    if not spec.aggs or spec.aggs[0] == "size" or not spec.columns:
        return "number of rows" if not spec.columns else f"{_agg(spec)} {spec.columns[0]}"
    if spec.aggs[0] == "nunique":
        return f"number of distinct {spec.columns[0]} values"
    scale = " (%)" if spec.percent else ""
    return f"{_agg(spec)} {spec.columns[0]}{scale}"


def _groupby(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    d = spec.rounding
    subject = _grouped_subject(spec)
    by = " and ".join(spec.group_by) or PERIOD.get(spec.freq, spec.freq)
    w = where(spec.filters)
    if spec.variant == "mean_of_groups":
        total = "number of rows" if not spec.columns else f"total {spec.columns[0]}"
        periods = outputs.get("periods")
        over = f" over {fmt(periods)} {by} groups" if periods is not None else ""
        return (
            f"On average, the {total} per {by}{w} is {fmt(value, d)} (the mean of each "
            f"{by}'s {total}{over}; each {by}'s figure is in the table)."
        )
    if spec.variant == "which":
        order = "lowest" if spec.ascending else "highest"
        best = outputs.get("best")
        tied = _tied_with_first(outputs.get("table"))
        also = f" (tied with {', '.join(map(str, tied))})" if tied else ""
        return (
            f"{value}{also} has the {order} {subject}{w}: {fmt(best, d)} "
            "(the full ranking is in the table)."
        )
    if spec.variant == "top" and isinstance(value, list):
        table = outputs.get("table")
        pairs = [f"{k} ({fmt(v, d)})" for k, v in (table.items() if table is not None else [])]
        order = "Bottom" if spec.ascending else "Top"
        return f"{order} {len(value)} {by} by {subject}{w}: {', '.join(pairs)}."
    if isinstance(value, dict) and value and isinstance(next(iter(value.values())), dict):
        return f"{subject[0].upper()}{subject[1:]} by {by}{w} is in the table."
    by = "" if spec.measure else f" by {by}"
    return f"{subject[0].upper()}{subject[1:]}{by}{w}: {listing(value, d)}."


_resample = _groupby


def _tied_with_first(table: Any) -> list[Any]:
    """The other groups of a ranking whose figure equals the first one's: "which X has
    the most" with a tie has more than one answer, and the answer says so."""
    if table is None or not hasattr(table, "iloc") or len(table) < 2:
        return []
    try:
        first = table.iloc[0]
        return [k for k, v in list(table.items())[1:] if v == first]
    except (TypeError, ValueError):
        return []


def _share(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    unit = " (%)" if spec.percent else ""
    # the rows the total is of: "for web orders" gives web revenue's split, said as such
    of = where(spec.filters)
    return (
        f"Share of total {spec.columns[0]} by {spec.group_by[0]}{of}{unit}: "
        f"{listing(value, spec.rounding)}."
    )


def _missing(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    d = spec.rounding
    unit = "%" if spec.percent else ""
    if spec.variant == "which":
        return (
            ("Columns with missing values: " + ", ".join(value) + ".")
            if value
            else "No column has missing values."
        )
    if spec.variant == "most":
        return f"{value} has the most missing values ({fmt(outputs.get('best'))})."
    if spec.variant in ("rows", "complete"):
        what = "percentage of rows" if spec.percent else "number of rows"
        which = "at least one missing value" if spec.variant == "rows" else "no missing value"
        return f"The {what} with {which} is {fmt(value, d)}{unit}."
    if isinstance(value, dict) and spec.group_by:
        what = "Percentage of missing values" if spec.percent else "Number of missing values"
        of = f"{spec.columns[0]} by {spec.group_by[0]}{where(spec.filters)}"
        return f"{what} of {of}: {listing(value, d, limit=30)}."
    if isinstance(value, dict):
        what = "Percentage of missing values" if spec.percent else "Missing values"
        return f"{what} per column: {listing(value, d, limit=30)}."
    subject = f"in {spec.columns[0]}" if spec.columns else "in the whole frame"
    what = "percentage of missing values" if spec.percent else "number of missing values"
    return f"The {what} {subject} is {fmt(value, d)}{unit}."


def _outliers(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    d = spec.rounding
    if spec.method == "z":
        rule = f"the z-score rule (|z| > {spec.threshold:g}, z from the mean and population std)"
    else:
        rule = (
            f"the IQR rule (below Q1 - {spec.threshold:g}·IQR or above Q3 + {spec.threshold:g}·IQR"
        )
        if "lower" in outputs:
            rule += f", i.e. outside [{fmt(outputs['lower'], d)}, {fmt(outputs['upper'], d)}]"
        rule += ")"
    if isinstance(value, dict):
        return f"Outliers per column by {rule}: {listing(value, None)}."
    if spec.variant == "which":
        named = ", ".join(map(str, value)) if value else "none"
        if value and not spec.label_column:
            named = f"the rows labelled {named}"
        return f"Outliers of {spec.columns[0]}{where(spec.filters)} by {rule}: {named}."
    if spec.variant == "clean_stat":
        return f"Without the outliers of {spec.columns[0]} by {rule}, its {_agg(spec)} is {fmt(value, d)}."
    return f"By {rule}, {spec.columns[0]}{where(spec.filters)} has {value} outliers."


def _strength(r: float) -> str:
    size = abs(r)
    word = (
        "negligible"
        if size < 0.1
        else "weak"
        if size < 0.3
        else "moderate"
        if size < 0.5
        else "strong"
    )
    return f"{word} {'positive' if r > 0 else 'negative'}"


def _correlation(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    d = spec.rounding
    name = spec.method.capitalize() if spec.method else "Pearson"
    if spec.variant == "matrix":
        return f"The {name} correlation matrix of the numeric columns is in the table."
    if spec.variant == "with_all":
        return f"{name} correlation of {spec.columns[0]} with the other numeric columns: {listing(value, d)}."
    if spec.variant == "most" and isinstance(value, list):
        order = "least" if spec.ascending else "most"
        return f"The {len(value)} columns {order} correlated with {spec.columns[0]} ({name} r, by size): {', '.join(map(str, value))}."
    if spec.variant == "most":
        order = "least" if spec.ascending else "most"
        return f"{value} is the column {order} correlated with {spec.columns[0]} ({name} r = {fmt(outputs['best'], d)})."
    p = float(outputs["p_value"])
    value = float(outputs.get("r", value))
    verdict = "statistically significant" if p < spec.alpha else "not statistically significant"
    symbol = {"pearson": "r", "spearman": "rho", "kendall": "tau"}[spec.method or "pearson"]
    x, y = spec.columns[:2]
    return (
        f"The {name} correlation between {x} and {y}{where(spec.filters)} is {symbol} = {fmt(value, d)} "
        f"({p_is(p, d)}, n = {outputs['n']}): a {_strength(value)} correlation, "
        f"{verdict} at the {spec.alpha:.0%} level.{_asked(spec, outputs)}"
    )


TEST_NAMES = {"shapiro": ("Shapiro-Wilk", "W"), "dagostino": ("D'Agostino-Pearson", "K²"),
              "ks": ("Kolmogorov-Smirnov (against a normal with the sample's mean and std)", "D")}  # fmt: skip


def _normality(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    d = spec.rounding
    name, symbol = TEST_NAMES[spec.method]
    level = f"{spec.alpha:.0%}"
    if isinstance(value, dict):
        normal = [c for c, p in value.items() if p >= spec.alpha]
        return (f"{name} p-values: {listing(value, d)}. At the {level} level, "
                f"{', '.join(normal) if normal else 'none'} look normally distributed.")  # fmt: skip
    p = float(outputs.get("p_value", value))
    verdict = (
        f"at the {level} level there is no evidence against normality (the data look normally distributed)"
        if p >= spec.alpha
        else f"at the {level} level the data do not look normally distributed"
    )
    stat = (
        fmt(outputs["statistic"], d if d is not None else 3)
        if d is not None
        else f"{float(outputs['statistic']):.3f}"
    )
    return (
        f"{name} test of {spec.columns[0]}: {symbol} = {stat}, {p_is(p, d)} "
        f"(n = {outputs['n']}): {verdict}.{_asked(spec, outputs)}"
    )


def _asked(spec: Spec, outputs: dict[str, Any]) -> str:
    """The sentence naming which number is the answer, when it is not the usual one."""
    if spec.answer == "p_value":
        return f" The p-value asked for is {fmt_p(float(outputs['p_value']), spec.rounding)}."
    if spec.answer == "statistic":
        return f" The test statistic asked for is {fmt(outputs.get('statistic', outputs.get('r')), spec.rounding)}."
    return ""


def _regression(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    d = spec.rounding
    y, x = spec.columns[:2]
    fit = (f"slope = {fmt(outputs['slope'], d)}, intercept = {fmt(outputs['intercept'], d)}, "
           f"r² = {fmt(outputs['r_squared'], d)}, {p_is(outputs['p_value'], d)}")  # fmt: skip
    text = f"Linear regression of {y} on {x}: {fit}."
    if spec.at is not None:
        text += f" At {x} = {spec.at:g} the fitted line predicts {y} = {fmt(value, d)}."
    return text


def _trend(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    d = spec.rounding
    step = (
        PERIOD.get(spec.freq, "step")
        if spec.variant == "resample"
        else (spec.group_by[0] if spec.group_by else "row")
    )
    subject = _grouped_subject(spec) if spec.variant != "index" else spec.columns[0]
    text = (f"Linear trend of {subject}: slope = {fmt(outputs['slope'], d)} per {step} "
            f"(r² = {fmt(outputs['r_squared'], d)}, {p_is(outputs['p_value'], d)}).")  # fmt: skip
    if spec.horizon:
        values = value if isinstance(value, list) else [value]
        text += f" Forecast for the next {spec.horizon} {step}(s): {', '.join(fmt(v, d) for v in values)}."
    return text


def _bins(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    col = spec.columns[0]
    if len(spec.columns) > 1:
        return f"{_agg(spec).capitalize()} {spec.columns[1]} per {col} bin: {listing(value, spec.rounding)}."
    what = "Percentage of rows" if spec.percent else "Rows"
    return f"{what} per {col} bin: {listing(value, spec.rounding)}."


def _summary(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    if len(spec.columns) == 1 and not spec.group_by and isinstance(value, dict):
        keys = [
            k for k in ("count", "mean", "std", "min", "50%", "max", "unique", "top") if k in value
        ]
        items = {("median" if k == "50%" else k): value[k] for k in keys}
        return (
            f"Summary of {spec.columns[0]}{where(spec.filters)}: {listing(items, spec.rounding)}."
        )
    what = ", ".join(spec.columns) if spec.columns else f"the numeric columns of {spec.frame}"
    by = f" by {spec.group_by[0]}" if spec.group_by else ""
    return f"Summary statistics of {what}{by}{where(spec.filters)} are in the table (count, mean, std, min, quartiles, max)."


def _shape(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    f, v = spec.frame, spec.variant
    if v == "rows":
        return f"{f}{where(spec.filters)} has {fmt(value)} rows."
    if v == "columns":
        return f"{f} has {value} columns."
    if v == "shape":
        return f"{f} has {value[0]} rows and {value[1]} columns."
    if v == "dtypes":
        return f"Column types of {f}: {listing(value, None, limit=30)}."
    if v == "columns_list":
        return f"{f} has columns: {', '.join(map(str, value))}."
    return f"The first {spec.n or 5} rows of {f}{where(spec.filters)} are in the table."


def _rows(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    col = spec.columns[0]
    order = "lowest" if spec.ascending else "highest"
    basis = ratio_text.picked_basis(spec, outputs)  # "fare per km": of which rows
    w = where(spec.filters)  # the rows ranked are said, as every other answer says them
    if spec.variant == "argmax":
        tied = ratio_text.tied(outputs)
        return f"The row{w} with the {order} {col} is {value}{tied} ({col} = {fmt(outputs.get('best'), spec.rounding)}).{basis}"
    if spec.variant == "labels":
        return f"The {spec.n} rows{w} with the {order} {col}: {', '.join(map(str, value))}.{basis}"
    return f"The {spec.n} {order} values of {col}{w}: {', '.join(fmt(v, spec.rounding) for v in value)}."


def _ratio_of_totals(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    tied = _tied_with_first(outputs.get("table")) if spec.variant == "which" else []
    return ratio_text.of_totals(spec, value, outputs, where(spec.filters), tied)


def _pivot(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    a, b = spec.group_by[:2]
    if spec.lookup:
        cell = ", ".join(f"{f.column} = {f.value}" for f in spec.lookup)
        kind = (
            "cross-tabulation"
            if spec.variant == "crosstab"
            else f"pivot of {_agg(spec)} {spec.columns[0]}"
        )
        shown = (
            listing(value, spec.rounding) if isinstance(value, dict) else fmt(value, spec.rounding)
        )
        return f"In the {kind} of {a} (rows) by {b} (columns), the cell for {cell} is {shown}."
    if spec.variant == "crosstab" and spec.method:
        # shares: say what each adds up to, so no one reads a cell as a share of the whole
        whole = "100%" if spec.percent else "1"
        shares = "Percentage" if spec.percent else "Share"
        said = {
            "index": f"{shares} of each {b} within each {a} (each row adds up to {whole})",
            "columns": f"{shares} of each {a} within each {b} (each column adds up to {whole})",
            "all": f"{shares} of all the rows in each {a} and {b} (the cells add up to {whole})",
        }[spec.method]
        return f"{said}{where(spec.filters)} is in the table."
    if spec.variant == "crosstab":
        return (
            f"Cross-tabulation of {a} (rows) by {b} (columns){where(spec.filters)} is in the table."
        )
    return f"Pivot table of {_agg(spec)} {spec.columns[0]} by {a} (rows) and {b} (columns) is in the table."


def _plot(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    kinds = {"hist": "histogram", "scatter": "scatter plot", "box": "box plot", "bar": "bar chart",
             "line": "line chart", "pie": "pie chart"}  # fmt: skip
    cols = ", ".join(spec.columns) or "row counts"
    by = (
        f" by {spec.group_by[0]}"
        if spec.group_by
        else (f" by {PERIOD[spec.freq]}" if spec.freq else "")
    )
    aggregated = spec.plot in ("line", "bar", "pie") and by and spec.columns and spec.aggs
    if aggregated:  # the statistic each bar or point shows, always named
        cols = f"the {AGG_WORDS.get(spec.aggs[0], spec.aggs[0])} {cols}"
    shown = _plotted(outputs.get("table")) if aggregated or not spec.columns else ""
    return (
        f"A {kinds[spec.plot]} of {cols}{by}{where(spec.filters)}{shown} "
        "(figure below; its data are in the table)."
    )


def _plotted(table: Any) -> str:
    """The plotted figures, when they are few enough to read in a sentence."""
    if table is None or not hasattr(table, "iloc") or len(table) > 8 or table.shape[1] != 1:
        return ""
    column = table.iloc[:, 0]
    return ": " + "; ".join(f"{label}: {fmt(v)}" for label, v in column.items())


def _derived(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    dv = spec.derived
    sign = {"sum": "+", "difference": "-", "ratio": "/", "product": "*"}[dv.kind] if dv else "?"
    first = list(value.values())[:5] if isinstance(value, dict) else []
    shown = ", ".join(fmt(v, spec.rounding) for v in first)
    what = f"{dv.left} {sign} {dv.right}" if dv else spec.columns[0]
    return f"New column {spec.columns[0]} = {what}{where(spec.filters)}; first values: {shown} (all in the table)."


def _compare(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    d = spec.rounding
    column = spec.group_by[0]
    what = f"{_agg(spec)} {spec.columns[0]}" if spec.columns else "number of rows"
    if spec.measure:
        what = "percentage of rows" + where(spec.measure).replace(" (rows", "").rstrip(")")
    others = tuple(f for f in spec.filters if not (f.column == column and f.op == "isin"))
    sides = [(k, v) for k, v in (value or {}).items() if k not in ("difference", "ratio")]
    figures = "; ".join(f"{side}: {fmt(v, d)}" for side, v in sides)
    text = f"The {what} by {column}{where(others)}: {figures}."
    if len(sides) >= 2:
        a, b = sides[0][0], sides[1][0]
        diff, ratio = outputs.get("difference"), outputs.get("ratio")
        if isinstance(diff, (int, float)) and diff == diff:
            word = "higher" if diff > 0 else "lower" if diff < 0 else "the same as"
            text += f" {a} is {word}" + (f" than {b}" if diff else f" {b}")
            if diff:
                text += f" by {fmt(abs(diff), d)}"
            if isinstance(ratio, (int, float)) and ratio == ratio and diff:
                text += f" ({fmt(ratio, 2)} times {b})"
            text += "."
    return text


def _value(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    column, w = spec.columns[0], where(spec.filters)
    if isinstance(value, list):
        shown = ", ".join(fmt(v) for v in value[:10]) + (" ..." if len(value) > 10 else "")
        return f"{len(value)} rows match{w}; their {column}: {shown}."
    return f"The {column}{w} is {fmt(value, spec.rounding)}."


def _entity_counts(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    from notebook_router.analyst.narrate_counts import tell_entity_counts

    return tell_entity_counts(spec, value, outputs)


def _nth(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    from notebook_router.analyst.narrate_counts import tell_nth

    return tell_nth(spec, value, outputs)
