""" "revenue per unit by region", "sales per employee by store": an amount per the things
another column counts, for each group.

"per <the noun of a count column>" (``units``, ``items``, ``employees``) with a group
said is the ratio of the group's totals, total revenue / total units (the definition
:mod:`.unit_ratios` gives "fare per km by city", and the answer names it), never the
mean of each row's own ratio, which a row with one unit would swing, and never a second
grouping by the count column ("by units and region"), which the few values of a small
count column invited.

Only the column's own noun links it ("per unit" → ``units``): a word that merely looks
like the name (a one-letter edit, "trip" → ``tip``) divides by nothing. With no group,
"goals per player for Ajax" keeps its reading (:mod:`.per_counts`); "revenue per unit"
whose few ``units`` values look like labels is the ratio of the totals over all rows,
never a grouping by them.

An amount that is already per one thing ("price per unit" with a ``price`` column: a
price is per unit; the words are data, ``unit_divisors.toml``) is not divided again:
the question is declined with what it could mean.
"""

from __future__ import annotations

import re

from notebook_router.analyst.asked_units import column_unit
from notebook_router.analyst.count_columns import counts_things, says_a_count
from notebook_router.analyst.intents import CLOSEST, Outcome, groups, ranking_order
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Decline
from notebook_router.analyst.unit_ratios import of_totals
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_SAID_PER = alternation(table("period_means")["ratio"]["per"])
_PER_COLUMN = re.compile(rf"\bC(?P<left>\d+)\s+(?:{_SAID_PER})\s+C(?P<right>\d+)\b")
_PER_ONE_AMOUNTS = frozenset(table("unit_divisors")["divisors"]["per_one_amounts"])
"""Words of an amount's name that say it is already per one thing (``price``)."""


def per_counted(r: Reading) -> Outcome:
    """The ratio of the totals of "<amount> per <count column's noun>" for each group
    (module docstring), or None when the shape is another."""
    m = _PER_COLUMN.search(r.skeleton)
    if m is None:
        return None
    left = r.column_at(int(m.group("left")))
    right = r.column_at(int(m.group("right")))
    if left == right or r.kind(left) != "number" or not _divides(r, right):
        return None
    said = r.mentions[int(m.group("right"))]
    word = r.text[said.start : said.end].lower().strip()
    if not _own_noun(word, right):
        return None
    if not _grouped(r, left, right) and counts_things(r, right):
        return None  # "goals per player for Ajax": :mod:`.per_counts`'s
    if _PER_ONE_AMOUNTS & {w.lower() for w in identifier_words(left)}:
        return _already_per_one(left, right, word)
    return of_totals(r, left, right, word)


def _divides(r: Reading, column: str) -> bool:
    """A number column counting things, by its values or at least by its name (a plural
    noun: on a small table a count's few values look like labels of groups)."""
    if r.kind(column) != "number" or column_unit(column) is not None:
        return False  # (a unit's column is :mod:`.unit_ratios`'s)
    if counts_things(r, column):
        return True
    described = r.schema.column(column)
    return bool(described.whole) and says_a_count(identifier_words(column))


def _own_noun(word: str, column: str) -> bool:
    """Whether the word said after "per" is one of the column's own name words in the
    singular ("unit" of ``units``: one of the things counted), not a look-alike; said
    as the plural name ("price per stars") it names the column's values, a grouping."""
    words = {w.lower() for w in identifier_words(column)}
    return word not in words and stem(word) in {stem(w) for w in words}


def _grouped(r: Reading, left: str, right: str) -> bool:
    """Whether a group other than the two columns is said ("by region", "which store"),
    read without using up its words (the ratio's reading reads them again)."""
    before = r.skeleton
    found, which = groups(r)
    r.skeleton = before
    return bool([g for g in found if g not in (left, right)]) or (
        which and ranking_order(r) is not None
    )


def _already_per_one(left: str, right: str, word: str) -> Decline:
    """The decline for dividing an amount that is already per one thing."""
    return Decline(
        f"{left} is already an amount per one {word}, so dividing it by {right} would "
        f"answer another question. Ask for the average {left} by the group, or name the "
        f"total to divide by {right} (total X / total {right}).",
        CLOSEST,
    )
