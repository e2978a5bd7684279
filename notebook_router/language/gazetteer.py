"""Places said by their names or their codes: the one matcher for every list of places.

A table may hold a place as a code ("KEN", "TX") or as a name ("Kenya", "Texas") while a
question says it the other way. Names and demonyms are matched as words in any case (with
their plural: "Kenyans", "Texans"); codes only as written in capitals, so that "in", "or"
and "me" never name India, Oregon or Maine. :mod:`.countries` and :mod:`.us_states` each
build one from their word table.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Generic, TypeVar

P = TypeVar("P")


def is_code(form: str) -> bool:
    """A code or an abbreviation ("KEN", "UK", "U.S.", "TX"): matched only as written."""
    letters = form.replace(".", "")
    return letters.isalpha() and letters.isupper() and len(letters) <= 4


def spoken_forms(named: Iterable[tuple[str, P]]) -> dict[str, P]:
    """Names and demonyms lower-case → their place, each with its plural ("Kenyans");
    the first place to claim a form keeps it."""
    out: dict[str, P] = {}
    for form, place in named:
        if is_code(form):
            continue
        out.setdefault(form.lower(), place)
        if form[-1].isalpha() and not form.endswith(("s", "sh", "ch", "ese", "i")):
            out.setdefault(form.lower() + "s", place)
    return out


class Gazetteer(Generic[P]):
    """Finds the places of one list in text: by spoken form in any case, by code as written."""

    def __init__(self, by_word: dict[str, P], by_code: dict[str, P]) -> None:
        self.by_word = by_word
        self.by_code = by_code
        self._spoken = _alternation(by_word)
        self._coded = _alternation(by_code)

    def of(self, said: str) -> P | None:
        """The place ``said`` names: a name or demonym in any case, a code as written."""
        return self.by_code.get(said.strip()) or self.by_word.get(said.strip().lower())

    def held_as(self, value: object) -> P | None:
        """The place a table's cell holds ("KEN", "Kenya", "kenya"; a short code in any case,
        since a cell is no sentence)."""
        if not isinstance(value, str):
            return None
        text = value.strip()
        return self.by_code.get(text.upper() if len(text) <= 3 else text) or self.by_word.get(
            text.lower()
        )

    def said(self, text: str, written: str | None) -> list[tuple[int, int, P]]:
        """Where ``text`` (lower-case) names a place by name or demonym, and where
        ``written`` (the same text as typed, aligned with it) names one by a code in
        capitals; longest first where two overlap."""
        found = [(m.start(), m.end(), self.by_word[m.group()]) for m in self._spoken.finditer(text)]
        if written is not None and len(written) == len(text):
            for m in self._coded.finditer(written):
                if not any(s < m.end() and m.start() < e for s, e, _ in found):
                    found.append((m.start(), m.end(), self.by_code[m.group()]))
        return sorted(found, key=lambda hit: (hit[0], hit[1]))


def _alternation(forms: dict[str, P]) -> re.Pattern[str]:
    """One pattern for every form, longest first, each a whole word."""
    ordered = sorted(forms, key=len, reverse=True)
    return re.compile(r"(?<![\w.])(?:" + "|".join(map(re.escape, ordered)) + r")(?![\w'])")
