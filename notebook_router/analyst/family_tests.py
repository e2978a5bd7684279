"""Intents for the named tests and special topics: normality, correlation, trend and
regression, outliers, missing values. Their words are specific, so they are tried first.
"""

from __future__ import annotations

import re

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.asked import headline
from notebook_router.analyst.conditions import date_column
from notebook_router.analyst.intents import (
    ALL_COLUMNS,
    CORR,
    MISSING,
    NORMAL,
    OUTLIER,
    PERCENT,
    TREND,
    Outcome,
    base,
    default_agg,
    groups,
    label_column,
    no_column,
    time_like,
)  # fmt: skip
from notebook_router.analyst.reading import Reading
from notebook_router.language.numbers import NUM, NUMBER_WORDS, number


def normality(r: Reading) -> Outcome:
    if not r.has(NORMAL):
        return None
    if r.has(r"\b(?:kolmogorov|smirnov|ks|k-s)\b"):
        method = "ks"
    elif r.has(r"\b(?:d'?agostino|normaltest|pearson)\b"):
        method = "dagostino"
    elif r.has(r"\banderson\b"):
        method = "anderson"
    else:
        method = "shapiro"
    targets = r.targets() or (r.schema.of_kind("number") if r.has(ALL_COLUMNS) else [])
    if not targets:
        return no_column(r, "the normality test")
    return base(r, "normality", columns=tuple(targets), method=method, answer=headline(r))


def correlation(r: Reading) -> Outcome:
    if not r.has(CORR):
        return None
    method = next((m for m in ("spearman", "kendall") if r.has(rf"\b{m}")), "pearson")
    targets = r.targets()
    if r.has(r"\bmatri(?:x|ces)\b|\bheatmap\b") or (not targets and not r.unknown_words()):
        return base(r, "correlation", variant="matrix", method=method)
    if not targets:
        return no_column(r, "the correlation")
    if len(targets) >= 2:
        answer = headline(r)
        if answer == "verdict" and not r.has(r"\bsignifican"):
            answer = ""  # "is there a correlation" is answered by r itself
        return base(r, "correlation", variant="pair", columns=tuple(targets[:2]), method=method,
                    answer=answer)  # fmt: skip
    most = r.has(r"\b(?:most|strongest|highest|which|what|best|least|weakest)\b")
    variant = "most" if most else "with_all"
    ascending = r.has(r"\b(?:least|weakest)\b")
    return base(
        r, "correlation", variant=variant, columns=(targets[0],), method=method,
        ascending=ascending, n=r.top if variant == "most" else None,
    )  # fmt: skip


def trend(r: Reading) -> Outcome:
    if not r.has(TREND):
        return None
    targets = r.targets()
    regression = r.has(
        r"\b(?:regress\w*|best[- ]?fit|slope|linear model|predict\w*|as a function of)\b"
    )
    step = _time_step(r, targets)
    if step is not None:  # "the trend slope of realgdp per quarter": the step, no regressor
        targets = [t for t in targets if t != step[0]]
    if regression and len(targets) >= 2:
        return _regression(r, targets)
    horizon_match = re.search(
        r"\bnext\s+(\d+|" + "|".join(NUMBER_WORDS) + r")?\s*(day|week|month|quarter|year)s?\b",
        r.text,
    )
    horizon = int(number(horizon_match.group(1))) if horizon_match and horizon_match.group(1) else 1
    freq = ph.FREQS[horizon_match.group(2)] if horizon_match else (r.freq or "M")
    if step is not None and not horizon_match and not r.freq:
        freq = step[1]
    forecast = horizon_match is not None or r.has(
        r"\b(?:forecast\w*|predict\w*|projection|extrapolat\w*)\b"
    )
    if not targets:
        return no_column(r, "the trend")
    group, _ = groups(r)
    fields: dict[str, object] = {
        "columns": (targets[0],), "horizon": horizon if forecast else None,
        "aggs": (default_agg(r, targets[0]),),
    }  # fmt: skip
    time_groups = [g for g in group if time_like(r, g) and (step is None or g != step[0])]
    if time_groups:
        return base(r, "trend", variant="group", group_by=(time_groups[0],), **fields)
    dates = date_column(r)
    if dates is None:
        return base(r, "trend", variant="index", **fields)
    return base(r, "trend", variant="resample", freq=freq, date_column=dates,
                parse_dates=r.kind(dates) == "datetext", **fields)  # fmt: skip


_PER_COLUMN = re.compile(r"\b(?:per|each|every|a)\s+C(\d+)\b")


def _time_step(r: Reading, targets: list[str]) -> tuple[str, str] | None:
    """ "slope per quarter" where ``quarter`` numbers the quarters of a year (1 to 4 over
    and over): the trend's step, said in a column's name, never a column to regress on.
    Gives the column and the period it names."""
    for m in _PER_COLUMN.finditer(r.skeleton):
        column = r.column_at(int(m.group(1)))
        values = r.schema.column(column).values
        cyclic = r.kind(column) == "number" and 1 < len(values) <= 12 < r.schema.rows
        period = next((w for w in ph.FREQS if w in column.lower()), None)
        if column in targets and cyclic and period is not None:
            return column, ph.FREQS[period]
    return None


def _regression(r: Reading, targets: list[str]) -> Outcome:
    y, x = targets[0], targets[1]
    if r.has(
        r"\b(?:effect|impact|influence) of C\d+ on\b|\busing C\d+ to predict\b|\bC\d+ predicts?\b"
    ):
        y, x = x, y
    at = None
    kept = []
    for f in r.filters:
        if f.column == x and f.op == "==" and isinstance(f.value, (int, float)):
            at = float(f.value)
        else:
            kept.append(f)
    m = re.search(
        rf"\b(?:when|if|for|at|given|with)\s+(?:an?\s+)?(?:C\d+\s*)?(?:is|=|of|equals?)?\s*({NUM})",
        r.skeleton,
    )
    if at is None and m and r.has(r"\bpredict"):
        at = number(m.group(1))
    r.filters = kept
    return base(r, "regression", columns=(y, x), at=at)


def outliers(r: Reading) -> Outcome:
    if not r.has(OUTLIER):
        return None
    z = r.has(r"\bz[- ]?scores?\b|\bstandard deviations?\b|\bsigma\b|\bstd\b|\bzscore")
    threshold: float
    if z:
        m = re.search(
            r"(?:threshold|greater than|above|beyond|more than|exceed\w*|over|of|>|outside)\s*(?:of\s+)?(?:an?\s+)?(?:absolute\s+)?(?:z[- ]?score\s+(?:of\s+)?)?(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*(?:standard deviations|sigma|std)",
            r.skeleton,
        )
        threshold = float(m.group(1) or m.group(2)) if m else 3.0
    else:
        m = re.search(r"(\d+(?:\.\d+)?)\s*(?:\*|x|times)?\s*(?:the\s+)?iqr", r.skeleton)
        threshold = float(m.group(1)) if m else 1.5
    targets = r.targets()
    if not targets:
        if r.unknown_words() and not r.has(ALL_COLUMNS):
            return no_column(r, "the outlier check")
        targets = r.schema.of_kind("number")
    cleaned = r.has(r"\b(?:remov\w*|exclud\w*|without|drop\w*|filter\w* out|after)\b")
    aggs = [a for a in r.aggs if a not in ("count",)]
    variant = "clean_stat" if cleaned and aggs else "count"
    label = ""
    named = r.has(r"\b(?:which|who|list)\b") and not r.has(r"\b(?:how many|number of|count)\b")
    if variant == "count" and len(targets) == 1 and named:
        # "which states are outliers in violent crime?": the states, not how many
        said = r.remaining("category", "text")
        variant, label = "which", (said[0] if said else label_column(r))
    return base(r, "outliers", variant=variant, columns=tuple(targets), method="z" if z else "iqr",
                threshold=threshold, aggs=tuple(aggs[:1]), label_column=label)  # fmt: skip


# "have no sex recorded", "whose age is unknown": a missing value said of one column.
NOT_RECORDED = (
    r"\b(?:no|without(?:\s+an?)?)\s+C\d+\s+(?:recorded|given|listed|known|entered|reported|"
    r"values?|data|information)\b|\bC\d+\s+(?:is|was|are|were)\s+(?:not\s+(?:recorded|known|"
    r"given|listed)|unknown|unrecorded)\b"
)


COMPLETE = (
    r"\b(?:rows?|records?|entries|observations)\s+(?:\w+\s+)?complete\b|\bcomplete\s+(?:rows?|records?|entries|observations|cases)\b"
    r"|\b(?:no|without|zero|free\s+of|not\s+\w+\s+any)\s+(?:\w+\s+)?(?:missing|null|nan|empty|blank)"
    r"|\bnothing\s+(?:is\s+)?missing|\bno\s+\w+\s+(?:is|are)\s+(?:missing|null|empty|blank)"
    r"|\bnot\s+missing\s+any"
)
"""Rows with no missing value asked for ("complete rows", "rows where no column is missing")."""


def missing(r: Reading) -> Outcome:
    if not r.has(MISSING) and not r.has(NOT_RECORDED) and not r.has(COMPLETE):
        return None
    percent = r.has(PERCENT)
    targets = r.remaining()
    if r.has(
        r"\bwhich\s+(?:\w+\s+)?(?:columns?|variables?|features?|fields?)\b.*\b(?:most|highest|largest)\b"
    ):
        variant = "most"
    elif r.has(
        r"\b(?:which|what|list)\s+(?:\w+\s+)?(?:columns?|variables?|features?|fields?)\b|\bcolumns? (?:that |which )?(?:have|has|contain|with)\b"
    ):
        variant = "which"
    elif r.has(r"\brows?\b|\brecords?\b|\bentries\b|\bobservations\b") and not targets:
        # "rows with no missing values", "complete rows": the rows that have none
        with_missing = r.has(
            r"\b(?:with|have|has|having|contain\w*)\s+(?!(?:no|nothing|zero|not)\b)"
            r"(?:(?!(?:no|nothing|zero|not)\b)\w+\s+)?(?:missing|null|nan)"
        )
        variant = "complete" if r.has(COMPLETE) and not with_missing else "rows"
    elif targets:
        variant = "column"
    elif r.has(ALL_COLUMNS) or r.has(r"\bcolumns?\b|\bfeatures?\b|\bvariables?\b|\bfields?\b"):
        variant = "per_column"
    else:
        variant = "total"
    return base(r, "missing", variant=variant, columns=tuple(targets), percent=percent)
