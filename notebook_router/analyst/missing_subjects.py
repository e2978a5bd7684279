"""The columns a missing-value count is about, without the noun that names the rows.

"how many patients have no insurance recorded?": "patients" links to ``patient_id`` (the
rows are patients) and "insurance" to ``insurance``; the count asked for is the rows
missing an insurance, not a count per column for both. The noun right after a counting
phrase ("how many patients", "number of customers"), or an identifier the question never
named in full, is the thing counted: it is no column to look for gaps in. Named alone
("how many patients have missing values?"), it says the rows are counted: those with a gap.
"""

from __future__ import annotations

import re

from notebook_router.analyst.number_owners import is_identifier
from notebook_router.analyst.reading import Reading
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_COUNTED_NOUN = re.compile(
    rf"\b(?:{alternation(table('reading_words')['understand']['counting'])})\s+C(?P<i>\d+)\b"
)
_NAMED = frozenset({"name", "words"})
"""How a mention says the column itself ("patient_id", "patient id"), not its rows."""


def gap_columns(r: Reading, targets: list[str]) -> list[str]:
    """``targets`` without the columns that only name what is counted: none left when
    only the counted noun was named ("how many patients have missing values?" counts the
    rows with a gap, see :func:`rows_counted`), else ``targets`` as they were."""
    counted = _counted(r)
    unnamed_ids = {c for c in targets if is_identifier(c) and not _named_in_full(r, c)}
    # "in ward Y": a column whose value picks the rows holds a value in each of them
    picked = {m.column for m in r.mentions if m.is_value}
    kept = [c for c in targets if c not in counted | unnamed_ids | picked]
    return kept if kept or (counted | picked) & set(targets) else targets


def measured_among(r: Reading, gaps: list[str]) -> list[str]:
    """The number columns among ``gaps`` that a statistic was said of ("*average age* of
    patients with no insurance recorded"), when another column is left for the gaps: the
    statistic's column over the rows with a gap, which a count of gaps does not answer."""
    measured = [c for c in gaps if c in r.measured and r.kind(c) == "number"]
    return measured if len(measured) < len(gaps) else []


def rows_counted(r: Reading) -> bool:
    """Whether a counting phrase is said of a noun that names the rows ("how many
    patients"), not of a column named in full ("how many patient ids")."""
    return bool(_counted(r))


def _counted(r: Reading) -> set[str]:
    return {
        r.column_at(int(m["i"]))
        for m in _COUNTED_NOUN.finditer(r.skeleton)
        if r.mentions[int(m["i"])].how not in _NAMED
    }


def _named_in_full(r: Reading, column: str) -> bool:
    return any(m.column == column and not m.is_value and m.how in _NAMED for m in r.mentions)
