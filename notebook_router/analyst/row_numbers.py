""" "how many respondents ..." on a ``respondent`` column that numbers the rows 1..n, and
"number of flights" on each row's ``flight`` number.

A whole-number column counted by name ("how many murders") is summed: it holds how many
of them each row has. A column that only numbers the rows (an id, or unique whole
numbers from 0 or 1 to n) holds no amount, so its sum (275 for three respondents
numbered 80, 95, 100) answers nothing asked: "how many" of the things it numbers is the
count of the rows.
"""

from __future__ import annotations

from dataclasses import replace

from notebook_router.analyst.column_names import plural_of_its_name
from notebook_router.analyst.number_owners import is_identifier
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.language.tables import table

_COUNT_WORDS: tuple[str, ...] = tuple(table("intents_words")["asks"]["count"])
_MOST_WORDS: tuple[str, ...] = tuple(table("intents_words")["asks"]["most_counted"])


_FEWEST_ROWS = 20
"""Below this, a few counts may run on by chance (goals 5, 6, 7, 8): only a column named as
an id is taken for row numbers there."""


def rows_numbered(r: Reading, spec: Spec) -> Spec:
    """``spec`` counting rows where it would sum a column that numbers them, overall or
    in groups ("top 3 carriers by number of flights" of each row's ``flight`` number)."""
    grouped = spec.op == "groupby" and bool(spec.group_by)
    if spec.op != "statistic" and not grouped:
        return spec
    if spec.aggs != ("sum",) or len(spec.columns) != 1 or spec.derived is not None:
        return spec
    if spec.group_by and not grouped:
        return spec
    column = spec.columns[0]
    if not _counted_by_name(r, column):
        return spec  # "total amount": a sum asked in so many words
    sure = is_identifier(column) or numbers_rows(r, column)
    if not (sure or _named_in_the_plural(r, column)):
        return spec
    counted = (
        replace(spec, columns=(), aggs=("size",))
        if grouped
        else replace(spec, op="count", columns=(), aggs=())
    )
    if sure:
        return counted
    # "number of flights" of a ``flight`` column: each row's flight number, or how many
    # flights each row holds (a ``death`` column of counts)? Rows are counted, and the
    # other reading is named, so neither is passed off as sure.
    doubt = LeftOut(
        column,
        f"I counted rows, each one of them; if the column {column} holds how many each row "
        f"has, ask for the total of {column}",
    )
    return replace(counted, left_out=(*counted.left_out, doubt))


def _named_in_the_plural(r: Reading, column: str) -> bool:
    """Whether the question counts ``column``'s things by its one-word name in the plural
    ("number of flights" of ``flight``)."""
    return any(
        m.column == column
        and not m.is_value
        and plural_of_its_name(r.text[m.start : m.end], column)
        for m in r.mentions
    )


def _counted_by_name(r: Reading, column: str) -> bool:
    """Whether a count word comes right before a word naming ``column`` ("how many Sales
    respondents", "the number of respondents"), or a ranking by count before its name in
    the plural ("the most flights" of ``flight``)."""
    lower = r.text.lower()
    for m in r.mentions:
        if m.column != column or m.is_value:
            continue
        before = " ".join(lower[: m.start].split()[-3:])
        if any(f" {w} " in f" {before} " for w in _COUNT_WORDS):
            return True
        plural = plural_of_its_name(r.text[m.start : m.end], column)
        if plural and any(f" {w} " in f" {before} " for w in _MOST_WORDS):
            return True
    return False


def numbers_rows(r: Reading, column: str) -> bool:
    """Whether ``column`` holds unique whole numbers running 0 or 1 to n: row numbers."""
    frame = r.schema.frame
    if frame is None or column not in frame.columns or len(frame) < _FEWEST_ROWS:
        return False
    values = frame[column]
    try:
        if values.isna().any() or not bool((values == values.round()).all()):
            return False
        unique = values.nunique()
        starts = values.min() in (0, 1)  # a count rising one a day (120, 121 ...) is no row number
        return bool(
            starts and unique == len(values) and values.max() - values.min() + 1 == len(values)
        )
    except (TypeError, ValueError):
        return False
