"""A bound on each group's rows, said after the groups: "among carriers with at least 1000 flights".

It is a condition on the groups (SQL's ``HAVING COUNT(*) >= 1000``), not on any row: on a
flights table with a ``flight`` number it is never ``flight >= 1000``. The analyst does not
filter groups by their size, so the bound is named as left out, and the words are taken
so no row condition is read from them. The nouns that may be rows are the table's own
name, a one-word column's name in the plural ("flights" of ``flight``: each row is one)
and the row nouns of ``entity_counts.toml``.
"""

from __future__ import annotations

import re

from notebook_router.analyst.column_gaps import as_written
from notebook_router.analyst.column_names import plural_of_its_name
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import in_order
from notebook_router.language.stems import forms
from notebook_router.language.tables import table

_WORDS = table("entity_counts")
_ROW_NOUNS = frozenset(_WORDS["row_nouns"])
_BOUND_WORDS = [w for words in table("analysis")["comparisons"]["before"].values() for w in words]
_GROUP_ROWS = re.compile(
    rf"\b(?:{in_order(tuple(_WORDS['group_rows']['leads']))})\s+"
    rf"(?:(?:{in_order(tuple(_WORDS['group_rows']['determiners']))})\s+)?C(?P<group>\d+)\s+"
    rf"(?:{in_order(tuple(_WORDS['group_rows']['links']))})\s+(?:{alternation(_BOUND_WORDS)})\s+"
    rf"(?P<n>\d[\d,]*(?:\.\d+)?)(?:\s+(?:C(?P<rows>\d+)|(?P<noun>[a-z]+))\b|(?=\s*(?:[?.!,;]|$)))"
)
_GROUP_KINDS = ("text", "category")


def group_row_bounds(r: Reading) -> None:
    """Name each bound on the groups' rows as left out, and blank it from the skeleton."""
    for m in list(_GROUP_ROWS.finditer(r.skeleton)):
        if not _groups(r, r.column_at(int(m.group("group")))):
            continue
        if not _names_rows(r, m):
            continue
        said = as_written(r, m.group(0)).strip()
        if m.group("rows") is None and m.group("noun") is None:
            said = f"{said} {_noun_after(r, m.group('n'))}".strip()  # its blanked noun
        r.unapplied.append(
            LeftOut(said, "a bound on each group's number of rows: I do not filter groups by size")
        )
        start = m.end("group")
        r.skeleton = r.skeleton[:start] + " " * (m.end() - start) + r.skeleton[m.end() :]


def _groups(r: Reading, column: str) -> bool:
    """Whether ``column`` may be what the rows are grouped by: labels, or whole numbers
    (a school's number on each of its pupils; a bound said after any other column names
    no group's rows either way, so a year or a whole price only flags more)."""
    if r.kind(column) in _GROUP_KINDS:
        return True
    described = r.schema.column(column)
    return r.kind(column) == "number" and described.whole and described.repeats


def _names_rows(r: Reading, m: re.Match[str]) -> bool:
    """Whether the noun after the bound is what each row is ("flights" on ``flights``)."""
    if m.group("noun"):
        return m.group("noun") in _ROW_NOUNS or m.group("noun") in forms(r.frame.lower())
    if m.group("rows") is None:  # the table's name said after the number, blanked
        return _noun_after(r, m.group("n")) in forms(r.frame.lower())
    mention = r.mentions[int(m.group("rows"))]
    said = r.text[mention.start : mention.end].lower()
    return said in forms(r.frame.lower()) or plural_of_its_name(said, mention.column)


def _noun_after(r: Reading, number: str) -> str:
    """The word the question says right after ``number``, "" when none."""
    said = re.search(rf"(?<![\w.]){re.escape(number)}\s+([a-z]+)", r.question.lower())
    return said.group(1) if said else ""
