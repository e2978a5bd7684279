"""An id column taken as the measure: its rows are counted, never its ids added up.

"which hotel has the most bookings?", "total sales in August": a plural noun that begins
an id column's name ("bookings" of ``BookingID``, "sales" of ``sale_id``) names the rows
that column identifies, so a rule that reads the noun as the column measured sums ids
(8,303,650 "total BookingID"). A sum or mean of ids is never an answer unless the user
names that column itself ("total booking id"). So:

- an unnamed id beside other measured columns is dropped from them;
- a total of an unnamed id is the number of rows (of distinct ids, where an id repeats),
  said without comment when a count word comes before the noun ("how many", "the most")
  or no other number column could hold an amount, and otherwise named as a reading the
  answer made ("total sales" may mean an amount), with the columns that could hold it;
- any other statistic of an unnamed id (a mean, a maximum) is declined, with why.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.number_owners import is_identifier
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Decline, LeftOut, Spec
from notebook_router.language.stems import forms
from notebook_router.language.tables import table

_WORDS = table("id_measures")
_COUNTING: tuple[str, ...] = tuple(_WORDS["counting"]["words"])
_GAP: int = _WORDS["gap"]["words"]
_NAMED = frozenset({"name", "words"})
"""How a mention says the column itself ("sale_id", "booking id"), not its rows."""
_MEASURING_OPS = frozenset({"statistic", "groupby"})
_TOTALS = frozenset({"sum"})
_COUNTS = frozenset({"count", "size", "nunique"})
"""Statistics that count rows or ids: never an amount of ids, so left alone."""
_WORDS_OF = re.compile(r"[a-z]+", re.IGNORECASE)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def id_measures(r: Reading, outcome: Spec | Decline) -> Spec | Decline:
    """``outcome`` with an unnamed id column no longer measured (see the module's notes)."""
    if not isinstance(outcome, Spec) or outcome.op not in _MEASURING_OPS or not outcome.aggs:
        return outcome
    spec = outcome
    if spec.op == "groupby" and not spec.columns:
        rows_of = rows_said(r)  # "total orders by city" over a table called orders
        if rows_of is None or set(spec.aggs) <= _COUNTS:
            return spec
        spec = replace(spec, columns=(rows_of,))
    ids = [c for c in spec.columns if is_identifier(c) and not named_column(r, c)]
    if not ids or set(spec.aggs) <= _COUNTS:
        return spec
    if len(ids) < len(spec.columns):
        return replace(spec, columns=tuple(c for c in spec.columns if c not in ids))
    key = ids[0]
    if not set(spec.aggs) <= _TOTALS:
        said = ", ".join(spec.aggs)
        return Decline(
            f"{key} identifies the rows, so its {said} is no amount. Ask how many rows "
            f"(or distinct {key}) there are, or name the number column to measure."
        )
    counted = _counted(r, spec, key)
    amounts = [c for c in r.schema.of_kind("number") if not is_identifier(c)]
    if _count_said(r, key) or not amounts:
        return counted  # a count asked, or no amount the total could be of
    why = (
        f"{key} identifies the rows, so its total is no amount: counted them instead; "
        f"to total an amount, name its column ({', '.join(amounts)})"
    )
    r.unapplied.append(LeftOut(_said(r, key), why))  # the accounting names it
    return counted


def _counted(r: Reading, spec: Spec, key: str) -> Spec:
    """``spec`` counting the rows ``key`` identifies (its distinct values where one
    stands on several rows)."""
    distinct, fewest = r.schema.spread(key)
    per_row = distinct == r.schema.rows and fewest == 1
    if spec.op == "groupby":
        if per_row:
            return replace(spec, columns=(), aggs=("size",))
        return replace(spec, columns=(key,), aggs=("nunique",))
    if per_row:
        return replace(spec, op="count", variant="", columns=(), aggs=())
    return replace(spec, op="unique", variant="count", columns=(key,), aggs=())


def rows_said(r: Reading) -> str | None:
    """An id column whose rows the question names in the plural though no word was linked
    to it (the table's own name, "orders", is read as the table): ``order_id`` for
    "total orders by city". A statistic of every column would add up its ids."""
    said = set(_WORDS_OF.findall(r.question.lower()))
    for column in r.schema.of_kind("number"):
        words = [w.lower() for w in _WORDS_OF.findall(_CAMEL.sub(" ", column))]
        if is_identifier(column) and len(words) >= 2 and _plural(words[-2]) & said:
            return column
    return None


def _plural(word: str) -> frozenset[str]:
    return forms(word) - {word}


def named_column(r: Reading, column: str) -> bool:
    """Whether the question names ``column`` itself ("sale_id", "booking id"), not its rows."""
    return any(m.column == column and not m.is_value and m.how in _NAMED for m in r.mentions)


def _count_said(r: Reading, column: str) -> bool:
    """Whether a count word comes shortly before a word for ``column``'s rows ("the most
    bookings", "how many online sales")."""
    lower = r.text.lower()
    for m in r.mentions:
        if m.column != column or m.is_value:
            continue
        before = lower[: m.start].split()
        for gap in range(_GAP + 1):
            lead = " ".join(before[: len(before) - gap] if gap else before)
            if any(f" {lead} ".endswith(f" {w} ") for w in _COUNTING):
                return True
    return False


def _said(r: Reading, column: str) -> str:
    """The words that named ``column``'s rows."""
    for m in r.mentions:
        if m.column == column and not m.is_value:
            return r.text[m.start : m.end].strip()
    words = [w.lower() for w in _WORDS_OF.findall(_CAMEL.sub(" ", column))]
    plurals = _plural(words[-2]) if len(words) >= 2 else set()
    return next((w for w in _WORDS_OF.findall(r.question) if w.lower() in plurals), column)
