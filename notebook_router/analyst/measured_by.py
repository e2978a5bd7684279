"""A measure said by an adjective after its number and unit: "30 minutes *late*", "10 years *old*".

The unit is then no column: "arrived more than 30 minutes late" on a flights table whose
``minute`` is the minute of the hour a flight left is a condition on the arrival delay.
The adjective names the measure (``trust.toml [measured_by]``); a word said before it
("arrived", "departed") chooses between several columns named for it (``arr_delay``,
``dep_delay``), as a text-to-SQL linker scores a column by the other words of its name.
"""

from __future__ import annotations

import re

from notebook_router.analyst.asked_units import FACTORS, column_unit
from notebook_router.analyst.column_names import plural_of_its_name
from notebook_router.analyst.reading import Reading
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words as name_words

_TRUST = table("trust")
MEASURED_BY: dict[str, list[str]] = _TRUST["measured_by"]
BELOW_ZERO = frozenset(_TRUST["measured_by_below_zero"]["words"])
ADJECTIVE = rf"(?:{alternation(MEASURED_BY)})"
_UNITS = frozenset(table("analysis")["conditions"]["units"])
_SHORTEST_NAME_PART = 3
_WORD = re.compile(r"[a-z]+")
_COUNT_WORDS = (
    *table("intents_words")["asks"]["count"],
    *table("intents_words")["asks"]["most_counted"],
    *table("intents_words")["asks"]["percent"],
)
_A_NUMBER_BEFORE = re.compile(r"\d[\d,]*(?:\s+[a-z]+)?\s*$")


def measure_candidates(r: Reading, adjective: str) -> list[str]:
    """The number columns named for what ``adjective`` measures ("late": ``arr_delay``,
    ``dep_delay``)."""
    words = set(MEASURED_BY[adjective])
    return [c for c in r.schema.of_kind("number") if set(name_words(c)) & words]


def measure_column(
    r: Reading, adjective: str, unit_column: str, said_before: str, said_after: str = ""
) -> str | None:
    """The number column ``adjective`` measures, or ``None`` when no one column does.

    ``unit_column`` is the column the unit word linked to; it is the measure only where no
    column is named for the adjective and its name says an amount of the unit ("minutes",
    ``hours_worked``), not a position on a clock or a calendar (``minute``, ``year``).
    ``said_before`` is the question up to the number, lower case, and ``said_after`` the
    rest after the amount: a word before chooses first ("arrived more than 30 minutes
    late"), else one after ("delayed by more than 60 minutes on departure"). A column with
    words of its own the question says none of (``dep_delay`` for "arrived ... late") is
    not taken for sure, even alone."""
    words = set(MEASURED_BY[adjective])
    columns = measure_candidates(r, adjective)
    if not columns:
        return unit_column if _an_amount(unit_column) else None
    for text in (said_before, said_after):
        said = [w for w in _WORD.findall(text) if w not in STOPWORDS]
        named = [c for c in columns if any(said_in_words(w, said) for w in _own_words(c, words))]
        if named:
            return named[0] if len(named) == 1 else None
    if len(columns) == 1 and not _own_words(columns[0], words):
        return columns[0]  # ``delay``, ``delay_minutes``: nothing of its own to be said
    return None


def _own_words(column: str, measure: set[str]) -> set[str]:
    """The words of ``column``'s name besides its measure's and its unit's (``arr`` of
    ``arr_delay_min``)."""
    return {
        w
        for w in name_words(column)
        if w not in measure
        and w not in _UNITS
        and w not in FACTORS
        and column_unit(f"x_{w}") is None
    }


def _an_amount(column: str) -> bool:
    """Whether ``column``'s name holds a unit in the plural ("minutes", ``years_served``)."""
    return any(w in _UNITS and w.endswith("s") for w in name_words(column))


def said_in_words(name_word: str, said: list[str]) -> bool:
    """Whether a word of the question begins with ``name_word`` ("arrived" of ``arr``,
    "departure" of ``dep``), three letters at least, or is it in another form."""
    if len(name_word) < _SHORTEST_NAME_PART:
        return False
    return any(w.startswith(name_word) or stem(w) == stem(name_word) for w in said)


VERBS: dict[str, str] = _TRUST["measured_by_verbs"]
ON_TIME = rf"(?:{alternation(_TRUST['measured_by_no_amount']['words'])})"
VERB = rf"(?:{alternation(VERBS)})"


def a_unit_said(r: Reading, index: int) -> bool:
    """Whether mention ``index`` is a unit said after a number ("30 *minutes*", "2
    *hours*") that linked a column named for a place on a clock or a calendar (``minute``,
    ``hour``, ``year``): the number is an amount of time of another measure, never a
    condition on that column."""
    m = r.mentions[index]
    said = r.text[m.start : m.end].lower()
    return said in _UNITS and said.endswith("s") and not _an_amount(m.column)


def unit_unsaid(column: str, unit: str) -> bool:
    """Whether the number said in ``unit`` may not be in ``column``'s unit: its name says
    none ("30 minutes" of ``arr_delay``), or says one the said unit is not converted to
    (years of ``age_months``). A unit of the same quantity its name says (``delay_min``,
    ``duration_sec``) is converted by :func:`.unit_bounds.bounds_in_column_units`."""
    if unit in _IMPLIED.get(_head(column), ()):
        return False  # "aged over 65 years" of ``age``: ages are said in years
    own = column_unit(column)
    said = FACTORS.get(unit) or FACTORS.get(unit.rstrip("s"))
    if own is None or said is None:
        return True
    return own[1] != said[0]


_IMPLIED: dict[str, list[str]] = _TRUST["implied_units"]


def _head(column: str) -> str:
    words = name_words(column)
    return words[-1] if words else ""


def rows_named(r: Reading, index: int) -> bool:
    """Whether mention ``index`` counts the table's rows, not its column: "1000 *flights*",
    "how many *flights*" of a ``flights`` table whose ``flight`` column holds each row's
    flight number. Said with no number or count word before it ("what are their *evals*"
    of an ``evals`` table's ``eval``), it is the column."""
    m = r.mentions[index]
    said = r.text[m.start : m.end].lower()
    noun = r.frame.strip().lower().rsplit("_", 1)[-1]
    if said != noun or not plural_of_its_name(said, m.column):
        return False
    before = " ".join(r.text[: m.start].lower().split()[-3:])
    return bool(_A_NUMBER_BEFORE.search(before)) or any(
        f" {w} " in f" {before} " for w in _COUNT_WORDS
    )
