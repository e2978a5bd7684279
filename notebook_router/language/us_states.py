"""The US states and DC by their names, demonyms and codes, read from ``data/us_states.toml``.

>>> state_gazetteer().of("Texas").code, state_gazetteer().of("TX").name
('TX', 'Texas')
>>> state_gazetteer().of("or") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from notebook_router.language.gazetteer import Gazetteer, spoken_forms
from notebook_router.language.tables import table


@dataclass(frozen=True, slots=True)
class UsState:
    """One state: its name, its USPS code, and its demonym."""

    name: str
    code: str
    others: tuple[str, ...] = ()

    @property
    def own_forms(self) -> tuple[str, ...]:
        """Its name and code: what a column of states holds (no demonym)."""
        return (self.name, self.code)


@cache
def us_states() -> tuple[UsState, ...]:
    """Every state of the table, and DC, in its order."""
    return tuple(
        UsState(name, code, tuple(others))
        for name, (code, *others) in table("us_states")["states"].items()
    )


@cache
def state_gazetteer() -> Gazetteer[UsState]:
    """The states, to find in text and in cells."""
    named = ((form, s) for s in us_states() for form in (s.name, *s.others))
    return Gazetteer(spoken_forms(named), {s.code: s for s in us_states()})
