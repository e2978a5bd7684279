"""The number column a share is a share of the total of.

"What share of *revenue* came from Gadgets?" asks for the Gadget rows' part of the money
taken in (sum where the condition holds / sum), not for the share of rows that are
Gadgets: a few large orders can be most of the revenue and few of the rows. The share is
of a column's total when the words right after "share of" name a number column
("percentage of total amount from Gizmo"), or are an everyday word for money taken in
("revenue", "sales") and the table has one money-like number column (``amount``). When
such a word could be more than one column, or none, the question is declined with the
candidates, never answered as a share of rows. Words for rows ("what share of *orders*")
keep the share of rows.
"""

from __future__ import annotations

import re

from notebook_router.analyst.column_names import amount_of_a_noun, is_identifier, names_owner
from notebook_router.analyst.conditions import compared_by_its_measure, year_column
from notebook_router.analyst.intents import CLOSEST
from notebook_router.analyst.linking import Mention
from notebook_router.analyst.person_columns import names_people
from notebook_router.analyst.rate_columns import holds_rates
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Decline, Filter
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import phrase_table
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_SHARES = phrase_table("families_shapes")
_MEASURE = table("share_measures")["measure"]
_BEFORE = rf"(?:(?:{alternation(_MEASURE['before'])})\s+)*"
_MEASURED = re.compile(
    rf"\b{_SHARES.either('shares.share')}\s+of\s+{_BEFORE}(?:C(?P<c>\d+)|(?P<word>[a-z]+))\b"
)
_MONEY_WORDS = frozenset(_MEASURE["money_words"])
_MONEY_COLUMNS = frozenset(_MEASURE["money_columns"])


def measured_total(r: Reading, measured: list[Filter]) -> str | Decline | None:
    """The number column whose total the share is of; a Decline when the question names
    its total by a word that could be more than one column (or none); None when the share
    is of rows. A bound on the column itself ("what percentage of salaries are above
    150") counts rows: the column then says which rows, not what is added up."""
    m = _MEASURED.search(r.skeleton)
    if m is None:
        return None
    if m.group("c") is not None:
        column = r.column_at(int(m.group("c")))
        if r.kind(column) != "number" or holds_rates(r, column):
            return None
        if column == year_column(r) or is_identifier(column) or names_people(column):
            # "what percentage of years had ...", "... of students who are girls": the
            # years, the students (rows), never their numbers' sum
            return None
        said = r.mentions[int(m.group("c"))]
        if said.how == "part" and amount_of_a_noun(column, r.text[said.start : said.end]):
            return None  # "what share of loans": the rows, though "loans" begins loan_amount
        if any(
            names_owner(r.text[said.start : said.end], f.column)
            and compared_by_its_measure(r, f.column)
            for f in measured
        ):
            return None  # "what share of children are taller": of childHeight's rows
        return None if any(f.column == column for f in measured) else column
    word = m.group("word")
    if word not in _MONEY_WORDS:
        return None
    numbers = [c for c in r.schema.names() if r.kind(c) == "number"]
    if not numbers:
        return None  # "what share of sales were online" on a table of sales: its rows
    money = [c for c in numbers if _MONEY_COLUMNS.intersection(identifier_words(c))]
    if len(money) == 1:
        _read_as(r, m, money[0])
        return money[0]
    options = ", ".join(money or numbers)
    return Decline(
        f"I can't tell which column “{word}” is in {r.frame}, so I can't say what share of "
        f"it the rows make up (a share of rows would answer another question). Its number "
        f"columns: {options}. Name the column whose total the share is of.",
        CLOSEST,
        tuple(money or numbers)[:3],
    )


def _read_as(r: Reading, m: re.Match[str], column: str) -> None:
    """The word ``m`` names ``column`` from now on: "revenue" is used, not left out."""
    said = re.search(rf"\b{re.escape(m.group('word'))}\b", r.text)
    if said is None:
        return
    r.mentions.append(Mention(said.start(), said.end(), column, how="synonym"))
    at = f"C{len(r.mentions) - 1}"
    r.skeleton = r.skeleton[: m.start("word")] + at + r.skeleton[m.end("word") :]
