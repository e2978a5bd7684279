"""Countries by their names, demonyms and codes, read from ``data/countries.toml``.

A table may hold a country as a code (ISO 3166 alpha-3 "KEN", alpha-2 "KE", the IOC's
"NED") or as a name ("United States") while a question says it another way ("Kenya",
"Kenyan runners", "USA"). Names and demonyms are matched as words in any case; codes
only as written in capitals, so that "in", "it" or "us" never name India, Italy or the
United States.

>>> country_of("Kenyans").alpha3
'KEN'
>>> country_of("NED").name, country_of("ned")
('Netherlands', None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from notebook_router.language.tables import table


@dataclass(frozen=True, slots=True)
class Country:
    """One country: its name, its codes, and the other words it goes by."""

    name: str
    alpha2: str
    alpha3: str
    ioc: str
    others: tuple[str, ...] = ()

    @property
    def forms(self) -> tuple[str, ...]:
        """Every way a table may hold it: codes, name, and the other names."""
        return (self.alpha3, self.alpha2, self.ioc, self.name, *self.others)


@cache
def countries() -> tuple[Country, ...]:
    """Every country of the table, in its order."""
    return tuple(
        Country(name, alpha2, alpha3, ioc, tuple(others))
        for name, (alpha2, alpha3, ioc, *others) in table("countries")["countries"].items()
    )


def _is_code(form: str) -> bool:
    """A code or an abbreviation ("KEN", "UK", "U.S."): matched only as written."""
    letters = form.replace(".", "")
    return letters.isalpha() and letters.isupper() and len(letters) <= 4


@cache
def _by_word() -> dict[str, Country]:
    """Names, demonyms and their plurals, lower-case → country."""
    out: dict[str, Country] = {}
    for c in countries():
        for form in (c.name, *c.others):
            if not _is_code(form):
                out.setdefault(form.lower(), c)
                if form[-1].isalpha() and not form.endswith(("s", "sh", "ch", "ese", "i")):
                    out.setdefault(form.lower() + "s", c)  # "Kenyans", "Americans"
    return out


@cache
def _by_code() -> dict[str, Country]:
    """Codes and abbreviations, as written → country (an ISO code before an IOC one)."""
    out: dict[str, Country] = {}
    for c in countries():
        for form in (c.alpha3, c.alpha2, *c.others):
            if _is_code(form):
                out.setdefault(form, c)
    for c in countries():
        out.setdefault(c.ioc, c)
    return out


def country_of(said: str) -> Country | None:
    """The country ``said`` names: a name or demonym in any case, a code as written."""
    return _by_code().get(said.strip()) or _by_word().get(said.strip().lower())


def held_as(value: object) -> Country | None:
    """The country a table's cell holds ("KEN", "Kenya", "kenya"; a code in capitals)."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    return _by_code().get(text.upper() if len(text) <= 3 else text) or _by_word().get(text.lower())


@cache
def _spoken() -> re.Pattern[str]:
    words = sorted(_by_word(), key=len, reverse=True)
    return re.compile(r"(?<![\w.])(?:" + "|".join(map(re.escape, words)) + r")(?![\w'])")


@cache
def _coded() -> re.Pattern[str]:
    codes = sorted(_by_code(), key=len, reverse=True)
    return re.compile(r"(?<![\w.])(?:" + "|".join(map(re.escape, codes)) + r")(?![\w'])")


def countries_said(text: str, written: str | None) -> list[tuple[int, int, Country]]:
    """Where ``text`` (lower-case) names a country by name or demonym, and where
    ``written`` (the same text as typed, aligned with it) names one by a code in
    capitals; longest first where two overlap."""
    found = [(m.start(), m.end(), _by_word()[m.group()]) for m in _spoken().finditer(text)]
    if written is not None and len(written) == len(text):
        for m in _coded().finditer(written):
            if not any(s < m.end() and m.start() < e for s, e, _ in found):
                found.append((m.start(), m.end(), _by_code()[m.group()]))
    return sorted(found)
