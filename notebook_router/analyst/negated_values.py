"""Negated values of a yes/no or two-valued column: "unmarried", "non-smokers", "aren't married".

The reading links "married" to the column ``married`` and "smokers" to the value
``smoker``; a negation glued to the word ("un", "non-") or said just before it ("not",
"n't") turns the condition round: the other of two values, the "no" of a yes/no column,
a value spelt with the negation itself ("nonsmoker", "not white") where the column holds
one, and otherwise ``!=``. The words live in ``language/data/negation.toml``.
"""

from __future__ import annotations

import re

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut, Scalar
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import stem
from notebook_router.language.tables import table

_TABLE = table("negation")
_PREFIXES: list[str] = _TABLE["prefixes"]
_NAME_ONLY: frozenset[str] = frozenset(_TABLE["name_only_prefixes"])
_ANALYSIS = table("analysis")["conditions"]
_YES = frozenset(_ANALYSIS["yes"])
_NO = frozenset(_ANALYSIS["no"])
_MARKER = re.compile(
    rf"(?:\b|(?<=\w))(?:{alternation(_TABLE['markers'])})(?:\s+(?:{alternation(_TABLE['between'])})\b)*\s*$"
)
"""A negation ending just before a column or value ("aren't ", "not the ", "non-")."""
_PREFIXED = re.compile(rf"\b(?:{alternation(_PREFIXES)})[a-z]{{3,}}\b")
_SLOT = re.compile(r"\b([CV])(\d+)\b")


def negated_conditions(r: Reading) -> list[Filter]:
    """The negated conditions of ``r`` (blanked from its skeleton), prefixed words first.

    A column whose other side the question also names ("married and unmarried", "smokers
    and non-smokers") asks for both sides: no negated condition is read on it, and the
    rest of the reading (a comparison, a breakdown, or a partial answer) takes it."""
    return [*_prefixed_words(r), *_negated_slots(r)]


def _said_plainly_elsewhere(r: Reading, column: str, skip: tuple[int, int]) -> bool:
    """Whether the skeleton still names ``column`` (its name or a value) outside ``skip``."""
    for m in _SLOT.finditer(r.skeleton):
        if skip[0] <= m.start() < skip[1]:
            continue
        if r.mentions[int(m.group(2))].column == column:
            return True
    return False


def _values(r: Reading, column: str) -> list[Scalar]:
    return list(r.schema.column(column).values)


def _no_side(r: Reading, column: str) -> Scalar | None:
    """A yes/no column's "no" value (0, False, "no", "N"...), or None for any other column."""
    values = _values(r, column)
    if len(values) != 2:
        return None
    if r.kind(column) == "binary":
        return values[0]
    said = [str(v).strip().lower() for v in values]
    for i, word in enumerate(said):
        if word in _YES and said[1 - i] in _NO:
            return values[1 - i]
    return None


def _spelt_negated(r: Reading, column: str, value: Scalar) -> Scalar | None:
    """A value of ``column`` that is ``value`` with a negation in front ("nonsmoker", "not white")."""
    if not isinstance(value, str):
        return None
    wanted = {_squash(p + value) for p in [*_PREFIXES, *_TABLE["markers"]] if p not in _NAME_ONLY}
    for v in _values(r, column):
        if isinstance(v, str) and _squash(v) in wanted:
            return v
    return None


def _squash(text: str) -> str:
    return re.sub(r"[\s\-']+", "", text.lower())


def _other(r: Reading, column: str, value: Scalar) -> Filter:
    """The condition for "not ``value``" on ``column``."""
    spelt = _spelt_negated(r, column, value)
    if spelt is not None:
        return Filter(column, "==", spelt)
    others = [v for v in _values(r, column) if v != value]
    if len(others) == 1 and len(_values(r, column)) == 2:
        return Filter(column, "==", others[0])
    return Filter(column, "!=", value)


def _blank(r: Reading, start: int, end: int) -> None:
    r.skeleton = r.skeleton[:start] + " " * (end - start) + r.skeleton[end:]


def _negated_slots(r: Reading) -> list[Filter]:
    """ "non- V1", "aren't C1", "not the V2": a linked value or yes/no column just after a negation."""
    out: list[Filter] = []
    for m in list(_SLOT.finditer(r.skeleton)):
        lead = _MARKER.search(r.skeleton[max(0, m.start() - 30) : m.start()])
        if lead is None:
            continue
        start = m.start() - (len(r.skeleton[max(0, m.start() - 30) : m.start()]) - lead.start())
        if _said_plainly_elsewhere(r, r.mentions[int(m.group(2))].column, (start, m.end())):
            continue
        if m.group(1) == "C":
            column = r.column_at(int(m.group(2)))
            no = _no_side(r, column)
            if no is None:
                continue
            out.append(Filter(column, "==", no))
        else:
            mention = r.mentions[int(m.group(2))]
            if mention.how == "contains" or mention.column is None:
                continue
            if (
                len(_values(r, mention.column)) != 2
                and _spelt_negated(r, mention.column, mention.value) is None
            ):
                continue  # more than two values and none spelt negated: conditions reads it as !=
            out.append(_other(r, mention.column, mention.value))
            r.negated.add(int(m.group(2)))
        _blank(r, start, m.end())
    return out


def _prefixed_words(r: Reading) -> list[Filter]:
    """ "unmarried", "nonsmokers": one word, a negating prefix on a column's name or a value."""
    out: list[Filter] = []
    for m in list(_PREFIXED.finditer(r.skeleton)):
        found = _prefixed(r, m.group(0))
        if found is not None and _said_plainly_elsewhere(r, found.column, (m.start(), m.end())):
            why = f"both sides of {found.column} are named: ask for it by {found.column}"
            r.unapplied.append(LeftOut(m.group(0), why))
            continue
        if found is not None:
            out.append(found)
            _blank(r, m.start(), m.end())
    return out


def _prefixed(r: Reading, word: str) -> Filter | None:
    for prefix in _PREFIXES:
        if not word.startswith(prefix) or len(word) - len(prefix) < 3:
            continue
        rest = stem(word[len(prefix) :])
        for col in r.schema.columns:
            name = col.name
            no = _no_side(r, name)
            if no is not None and stem(name.lower()) == rest:
                return Filter(name, "==", no)
            if prefix in _NAME_ONLY or col.kind != "category" or len(col.values) > 50:
                continue
            for value in col.values:
                if isinstance(value, str) and stem(_squash(value)) == stem(_squash(word)):
                    return Filter(name, "==", value)  # the negated value itself: "nonsmoker"
            for value in col.values:
                if isinstance(value, str) and stem(value.lower()) == rest:
                    return _other(r, name, value)
    return None
