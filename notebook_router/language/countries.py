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

from dataclasses import dataclass
from functools import cache

from notebook_router.language.gazetteer import Gazetteer, is_code, spoken_forms
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
    def own_forms(self) -> tuple[str, ...]:
        """Its name and codes: what a column of countries holds (no demonym)."""
        return (self.name, self.alpha2, self.alpha3, self.ioc)


@cache
def countries() -> tuple[Country, ...]:
    """Every country of the table, in its order."""
    return tuple(
        Country(name, alpha2, alpha3, ioc, tuple(others))
        for name, (alpha2, alpha3, ioc, *others) in table("countries")["countries"].items()
    )


@cache
def _gazetteer() -> Gazetteer[Country]:
    by_code: dict[str, Country] = {}
    for c in countries():  # an ISO code before an IOC one
        for form in (c.alpha3, c.alpha2, *c.others):
            if is_code(form):
                by_code.setdefault(form, c)
    for c in countries():
        by_code.setdefault(c.ioc, c)
    named = ((form, c) for c in countries() for form in (c.name, *c.others))
    return Gazetteer(spoken_forms(named), by_code)


def country_of(said: str) -> Country | None:
    """The country ``said`` names: a name or demonym in any case, a code as written."""
    return _gazetteer().of(said)


def held_as(value: object) -> Country | None:
    """The country a table's cell holds ("KEN", "Kenya", "kenya"; a code in capitals)."""
    return _gazetteer().held_as(value)


def country_gazetteer() -> Gazetteer[Country]:
    """The countries, to find in text and in cells."""
    return _gazetteer()


def countries_said(text: str, written: str | None) -> list[tuple[int, int, Country]]:
    """Where ``text`` (lower-case) names a country by name or demonym, and where
    ``written`` (the same text as typed, aligned with it) names one by a code in
    capitals."""
    return _gazetteer().said(text, written)
