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
    COUNT,
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
from notebook_router.analyst.missing_subjects import gap_columns, measured_among, rows_counted
from notebook_router.analyst.prefixed_names import no_side
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Decline
from notebook_router.language.numbers import NUM, NUMBER_WORDS, number
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import phrase_table
from notebook_router.language.tables import table

_SAID = phrase_table("families_tests")


def _bare(group: str, space: str = " ") -> str:
    """The group's phrases as the alternatives of an enclosing group, in the table's order."""
    return _SAID.either(group, space=space)[3:-1]


def _words(group: str) -> str:
    """The group's words, each a whole word, as alternatives of the whole pattern."""
    return "|".join(rf"\b{re.escape(word)}\b" for word in _SAID.words(group))


_MOST_CORRELATED = rf"\b(?:{_bare('correlation.most')})\b"
_REGRESSION = rf"\b(?:regress\w*|best[- ]?fit|predict\w*|{_bare('trend.regression')})\b"
_HORIZON = re.compile(
    r"\bnext\s+(\d+|" + "|".join(NUMBER_WORDS) + rf")?\s*({_bare('trend.horizon_units')})s?\b"
)
_EXPLAINS = (
    rf"\b(?:{_bare('trend.effect')}) of C\d+ on\b|\busing C\d+ to predict\b|\bC\d+ predicts?\b"
)
_AT = re.compile(
    rf"\b(?:{_bare('trend.at')})\s+(?:an?\s+)?(?:C\d+\s*)?(?:{_bare('trend.is')})?\s*({NUM})"
)
_Z_THRESHOLD = re.compile(
    rf"(?:{_bare('outliers.above')}|exceed\w*)\s*(?:of\s+)?(?:an?\s+)?(?:absolute\s+)?"
    r"(?:z[- ]?score\s+(?:of\s+)?)?(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*(?:standard deviations|sigma|std)"
)
_NAMED_OUTLIERS = rf"\b(?:{_bare('outliers.which')})\b"


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
    most = r.has(_MOST_CORRELATED)
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
    regression = r.has(_REGRESSION)
    step = _time_step(r, targets)
    if step is not None:  # "the trend slope of realgdp per quarter": the step, no regressor
        targets = [t for t in targets if t != step[0]]
    if regression and len(targets) >= 2:
        return _regression(r, targets)
    horizon_match = _HORIZON.search(r.text)
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


_PER_COLUMN = re.compile(rf"\b(?:{_bare('trend.per')})\s+C(\d+)\b")


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
    if r.has(_EXPLAINS):
        y, x = x, y
    at = None
    kept = []
    for f in r.filters:
        if f.column == x and f.op == "==" and isinstance(f.value, (int, float)):
            at = float(f.value)
        else:
            kept.append(f)
    m = _AT.search(r.skeleton)
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
        m = _Z_THRESHOLD.search(r.skeleton)
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
    named = r.has(_NAMED_OUTLIERS) and not r.has(COUNT)
    if variant == "count" and len(targets) == 1 and named:
        # "which states are outliers in violent crime?": the states, not how many
        said = r.remaining("category", "text")
        variant, label = "which", (said[0] if said else label_column(r))
    return base(r, "outliers", variant=variant, columns=tuple(targets), method="z" if z else "iqr",
                threshold=threshold, aggs=tuple(aggs[:1]), label_column=label)  # fmt: skip


# "have no sex recorded", "whose age is unknown": a missing value said of one column.
# "have no phone number recorded": one word may say what of the column is recorded.
NOT_RECORDED = (
    rf"\b(?:no|without(?:\s+an?)?)\s+C\d+\s+(?:[a-z]+\s+)?(?:{_bare('missing.recorded')})\b"
    rf"|\bC\d+\s+(?:{_bare('missing.is')})\s+(?:not\s+(?:{_bare('missing.not_recorded')})"
    r"|unknown|unrecorded)\b"
)
_GAPS = table("gap_phrases")
# "do not have insurance", "didn't give a rating" (the question ends there): no value in
# the column, unless the column is a yes/no one, whose "no" says it ("do not have
# children" on ``children`` Y/N).
_NOT_HAVE = (
    rf"\b(?:{alternation(_GAPS['lack_auxiliaries'])})\s*(?:{alternation(_GAPS['lack_negations'])})"
    rf"\s+(?:{alternation(_GAPS['lack_verbs'])})\s+(?:(?:{alternation(_GAPS['lack_determiners'])})\s+)?"
    rf"C(\d+)(?:\s+(?:{alternation(_GAPS['lack_nouns'])}))?\s*\??\s*$"
)
# "have insurance recorded", "with a phone on file": a value said to be there, which a
# count of gaps does not answer.
_RECORDED = (
    rf"\b(?:{alternation(_GAPS['having'])})\s+(?:an?\s+|any\s+)?C\d+\s+(?:[a-z]+\s+)?"
    rf"(?:{_bare('missing.not_recorded')}|{alternation(_GAPS['on_record'])})\b"
)


_NONE = _bare("missing.none", space=r"\s+")
COMPLETE = (
    rf"\b(?:{_bare('missing.rows')})\s+(?:\w+\s+)?complete\b"
    rf"|\bcomplete\s+(?:{_bare('missing.complete_rows')})\b"
    rf"|\b(?:{_NONE}|not\s+\w+\s+any)\s+(?:\w+\s+)?"
    rf"(?:{_bare('missing.values')})"
    r"|\bnothing\s+(?:is\s+)?missing"
    rf"|\bno\s+\w+\s+(?:{_bare('missing.value_is')})\s+(?:{_bare('missing.values_said')})"
    r"|\bnot\s+missing\s+any"
)
"""Rows with no missing value asked for ("complete rows", "rows where no column is missing")."""
_COLUMNS = _bare("missing.columns")
_MOST_MISSING = rf"\bwhich\s+(?:\w+\s+)?(?:{_COLUMNS})\b.*\b(?:{_bare('missing.most')})\b"
_WHICH_COLUMNS = (
    rf"\b(?:{_bare('missing.which')})\s+(?:\w+\s+)?(?:{_COLUMNS})\b"
    rf"|\bcolumns? (?:that |which )?(?:{_bare('missing.columns_have')})\b"
)
_ROW_WORDS = _words("missing.rows")
_NEGATION = _bare("missing.negations")
_WITH_MISSING = (
    rf"\b(?:{_bare('missing.having')}|contain\w*)\s+(?!(?:{_NEGATION})\b)"
    rf"(?:(?!(?:{_NEGATION})\b)\w+\s+)?(?:{_bare('missing.missing_values')})"
)
_COLUMN_WORDS = _words("missing.columns")


def _has_gaps(r: Reading, column: str) -> bool:
    """Whether some row of ``column`` holds no value (True when the rows are not known)."""
    frame = r.schema.frame
    if frame is None or column not in frame.columns:
        return True
    return bool(frame[column].isna().any())


def missing(r: Reading) -> Outcome:
    if r.has(_RECORDED) and not r.has(MISSING) and not r.has(NOT_RECORDED):
        return Decline(
            "I can count the rows where a column has no value recorded, not yet those where "
            "it has one: ask how many have no value recorded there and subtract it from the "
            "number of rows."
        )
    if not r.has(MISSING) and not r.has(NOT_RECORDED) and not r.has(COMPLETE):
        lacked = re.search(_NOT_HAVE, r.skeleton)
        if lacked is None or no_side(r.schema.column(r.column_at(int(lacked[1])))) is not None:
            return None
        if not _has_gaps(r, r.column_at(int(lacked[1]))):
            return None  # "didn't give a tip" of a tip column with no gaps: a tip of 0
    percent = r.has(PERCENT)
    # "visits with a missing rating by doctor": the gaps are counted per doctor
    group, which = groups(r)
    targets = gap_columns(r, r.remaining())  # "how many patients ...": no gaps in patient_id
    for column in measured_among(r, targets):
        # "average age of patients with no insurance recorded": the gaps are counted,
        # the column of the statistic over those rows is reported as not used
        targets.remove(column)
    if r.has(_MOST_MISSING):
        variant = "most"
    elif r.has(_WHICH_COLUMNS):
        variant = "which"
    elif (r.has(_ROW_WORDS) or rows_counted(r)) and not targets:
        # "rows with no missing values", "complete rows": the rows that have none
        with_missing = r.has(_WITH_MISSING)
        variant = "complete" if r.has(COMPLETE) and not with_missing else "rows"
    elif targets:
        variant = "column"
    elif r.has(ALL_COLUMNS) or r.has(_COLUMN_WORDS):
        variant = "per_column"
    else:
        variant = "total"
    if group:
        if variant != "column" or len(targets) != 1 or which:
            return Decline(
                f"I can count the missing values of one column for each {', '.join(group)}; "
                "name the one column whose gaps to count, e.g. 'missing <column> by "
                f"{group[0]}'."
            )
        return base(
            r, "missing", variant=variant, columns=tuple(targets), percent=percent,
            group_by=tuple(group),
        )  # fmt: skip
    return base(r, "missing", variant=variant, columns=tuple(targets), percent=percent)
