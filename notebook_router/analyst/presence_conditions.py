"""A yes/no or count column said as something the rows have or lack.

"homes with a garage", "homes without garages", "women who have no children", "students
had no absences", "passengers on cancelled flights": the column names no measure, it
says which rows. On a yes/no column (0/1, booleans, two labels one of which says yes) the
condition is the yes or the no value; on a count (whole numbers, none below zero) it is
``> 0`` or ``== 0``. The words read are blanked, so the column is not also measured.

An operation that takes columns as its arguments (a regression, a correlation, a plot,
value counts, a comparison, a test) keeps a column said right after another one ("regress
charges *on smoker*", "correlation of price *with garage*") or said as its only column
("value counts *for churn*"): that column is what it works on, not which rows.
"""

from __future__ import annotations

import re

from notebook_router.analyst.conditions import excluded_from, excludes_rows, yes_no
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import in_order
from notebook_router.language.tables import table

_WORDS = table("condition_words")["presence"]
_LACKING = re.compile(rf"\b{in_order(tuple(_WORDS['lacking']))}\s+$")
_HAVING = re.compile(rf"\b{in_order(tuple(_WORDS['having']))}\s+$")
_YES_NO_ONLY = re.compile(rf"\b{in_order(tuple(_WORDS['yes_no_only']))}\s+$")
_OF_MEASURED = re.compile(rf"\b{in_order(tuple(_WORDS['of_measured']))}\s+$")
_TOKEN = re.compile(r"\bC(\d+)\b")
_ARTICLE = re.compile(rf"\b(?:{alternation(_WORDS['articles'])})\s*$")
_ARGUMENT_OPERATION = re.compile(
    rf"(?<![\w-])(?:{alternation(_WORDS['argument_operations'])})(?![\w-])"
)
_OWN_VERB = re.compile(rf"\bC(\d+)\s+(?:{alternation(_WORDS['articles'])})\s+$")
"""A word of the column's own name said as the verb before it ("paid any late fees")."""
_RECORDED_AFTER = re.compile(
    rf"\s+(?:{alternation(table('families_tests')['missing']['recorded'])})\b"
)
_AFTER_COLUMN = re.compile(r"\bC\d+\s*$")
_JOINED = re.compile(
    rf"^\s*(?P<join>{alternation(table('condition_words')['list_joins'])})\s*C(?P<index>\d+)\b"
)


def presence_conditions(r: Reading) -> list[Filter]:
    """The conditions said as having or lacking a yes/no or count column."""
    out: list[Filter] = []
    for token in list(_TOKEN.finditer(r.skeleton)):
        index = int(token.group(1))
        column = r.column_at(index)
        said_twice = sum(m.column == column and not m.is_value for m in r.mentions) > 1
        if column in r.measured and not said_twice:
            continue  # "the average children": what is measured ("the average tip of trips
            # that got a tip" says it again, as which rows)
        before = r.skeleton[: token.start()]
        lacking = _LACKING.search(before)
        lead = lacking or _HAVING.search(before)
        lacks = lacking is not None
        excluded_at: int | None = None
        if lead is not None and excludes_rows(before[: lead.start()]):
            # "excluding those without a driveway": the rows with one; "excluding houses
            # with a driveway": the rows without
            excluded_at = excluded_from(before[: lead.start()])
            lacks = not lacks
        sides = yes_no(r, column)
        if lead is None and sides is not None:
            lead = _YES_NO_ONLY.search(before)
        if lead is None and sides is not None and any(c != column for c in r.measured):
            # "the average rating of comedies", not "of comedies and dramas" (which rows?)
            listed = _JOINED.match(r.skeleton[token.end() :]) is not None
            lead = None if listed else _OF_MEASURED.search(before)
        if lead is None:  # "loans that *paid any* late fees" of ``paid_late_fees``
            verb = _OWN_VERB.search(before)
            lead = verb if verb is not None and r.column_at(int(verb[1])) == column else None
        if lead is None or _an_argument(r, before[: lead.start()], index):
            continue
        condition = _condition(
            r,
            column,
            sides,
            lacking=lacks,
            again=column in r.measured,
            recorded=_RECORDED_AFTER.match(r.skeleton, token.end()) is not None,
            article=_ARTICLE.search(lead.group(0)) is not None,
        )
        if condition is None:
            continue
        out.append(condition)
        if lacks:
            _flag_shared_negation(r, index, r.skeleton[token.end() :])
        start = lead.start() if excluded_at is None else excluded_at
        r.skeleton = r.skeleton[:start] + " " * (token.end() - start) + r.skeleton[token.end() :]
    return out


def _flag_shared_negation(r: Reading, index: int, after: str) -> None:
    """ "no diabetes and hypertension" may mean neither: when a lacked yes/no or count
    column is joined to another such column said with no lead of its own, the answer
    reads the second as had and says that it did."""
    joined = _JOINED.search(after)
    if joined is None:
        return
    other = r.column_at(int(joined.group("index")))
    if yes_no(r, other) is None and not _counts(r, other):
        return
    first, second = r.mentions[index], r.mentions[int(joined.group("index"))]
    said = r.text[first.start : second.end]
    lead = _LACKING.search(r.text[: first.start])
    if lead is not None:
        said = r.text[lead.start() : second.end]
    why = (
        f"it may mean neither {first.column} nor {other}; I read it as no {first.column} "
        f"with {other}"
    )
    r.unapplied.append(LeftOut(said.strip(), why))


def _an_argument(r: Reading, before_lead: str, index: int) -> bool:
    """Whether the column at ``index`` is an argument of the operation asked for: said
    right after another column ("charges on smoker") or the only column said ("value
    counts for churn"), in a question asking an operation that takes columns."""
    if not _ARGUMENT_OPERATION.search(r.text.lower()):
        return False
    if _AFTER_COLUMN.search(before_lead):
        return True
    return all(int(t.group(1)) == index for t in _TOKEN.finditer(r.skeleton))


def _condition(
    r: Reading,
    column: str,
    sides: tuple[object, object] | None,
    *,
    lacking: bool,
    again: bool = False,
    article: bool = False,
    recorded: bool = False,
) -> Filter | None:
    """``again``: the column is measured and said a second time after the lead ("the
    average tip of trips that got a tip"): any amount of it that is sometimes zero is had
    or lacked, not only a count. ``article``: the lead says "a", "any" or "no" ("with a
    discount code"): a column that is only sometimes recorded is had or lacked too.
    ``recorded``: "recorded" (or "given", ...) follows the column ("no tvhours recorded"):
    a value there or not, before a count's 0 or a yes/no column's no side ("no link
    status recorded" of a 0/1 ``linkstatus`` with gaps)."""
    if recorded and _sometimes_missing(r, column):
        return Filter(column, "absent" if lacking else "present")
    if sides is not None:
        falsy, truthy = sides
        return Filter(column, "==", falsy if lacking else truthy)  # type: ignore[arg-type]
    if _counts(r, column) or (again and _sometimes_zero(r, column)):
        return Filter(column, "==", 0) if lacking else Filter(column, ">", 0)
    if article and _sometimes_missing(r, column):
        # "orders that used a discount code", "with no review": a value recorded or not
        return Filter(column, "absent" if lacking else "present")
    return None


def _sometimes_missing(r: Reading, column: str) -> bool:
    """Some rows hold a value of ``column`` and some hold none."""
    frame = r.schema.frame
    if frame is None or column not in frame.columns:
        return False
    missing = frame[column].isna()
    return bool(missing.any()) and not bool(missing.all())


_MOST_COUNTS = 32
"""A count of things a row has (children, garages, absences) takes few values; a measure
with a zero somewhere ("revenue", "sales") takes many, and "with revenue by month" is no
condition on it."""


def _sometimes_zero(r: Reading, column: str) -> bool:
    """An amount never below zero and zero on some rows (a tip, a discount)."""
    frame = r.schema.frame
    if r.kind(column) != "number" or frame is None or column not in frame.columns:
        return False
    try:
        values = frame[column].dropna()
        return bool(len(values)) and bool((values >= 0).all()) and bool((values == 0).any())
    except (TypeError, ValueError):
        return False


def _counts(r: Reading, column: str) -> bool:
    """Whole numbers, none below zero, some zero, few of them: how many of something each
    row has."""
    frame = r.schema.frame
    if r.kind(column) != "number" or frame is None or column not in frame.columns:
        return False
    try:
        values = frame[column].dropna()
        return (
            bool(len(values))
            and bool((values >= 0).all())
            and bool((values == 0).any())
            and bool((values == values.round()).all())
            and values.nunique() <= _MOST_COUNTS
        )
    except (TypeError, ValueError):
        return False
