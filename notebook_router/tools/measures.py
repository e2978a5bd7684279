"""What a number's unit measures, and what a tool measures: a unit belongs with a number only
when the tool measures that kind of thing.

"split 180 between 4 *people*" counts people, but "how many psi is 2 *bar*" gives a
pressure, which a bill splitter has no use for, though it takes a count. The units
and the measures they belong to are general knowledge
(``language/data/tools_units.toml``).
"""

from __future__ import annotations

from functools import lru_cache

from notebook_router.language.lexicon import UNITS
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words
from notebook_router.tools.spec import ToolSpec

_TABLE = table("tools_units")


def _folded(text: str) -> str:
    """A unit as one spelling: lower case, abbreviations folded, a plural's "s" dropped."""
    word = " ".join(text.lower().split())
    word = UNITS.get(word, word)
    if word not in _MEASURES and word.endswith("s") and word[:-1] in _MEASURES:
        word = word[:-1]
    return word


def _measures() -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for measure, units in _TABLE["units"].items():
        for unit in units:
            word = " ".join(unit.lower().split())
            for spelling in {word, UNITS.get(word, word)}:
                found.setdefault(spelling, set()).add(measure)
    return {unit: frozenset(m) for unit, m in found.items()}


_MEASURES = _measures()
_NAMES = {word: measure for measure, words in _TABLE["names"].items() for word in words}


def unit_measures(text: str) -> frozenset[str]:
    """What ``text`` measures when it is a unit ("bar": pressure; "degrees": temperature and
    angle), or nothing when it is not one."""
    return _MEASURES.get(_folded(text), frozenset())


def parameter_measures(spec: ToolSpec) -> dict[str, frozenset[str]]:
    """What each of a tool's parameters measures: the measures of the units and measure
    words its name and description are written with ("height_cm": length; "temperature":
    temperature; "people": none)."""
    out = {}
    for name, schema in spec.properties.items():
        described = schema.get("description", "") if isinstance(schema, dict) else ""
        out[name] = _measures_of(f"{name} {described}")
    return out


@lru_cache(maxsize=4096)
def _measures_of(text: str) -> frozenset[str]:
    found: set[str] = set()
    for word in identifier_words(text):
        found |= unit_measures(word)
        if word in _NAMES:
            found.add(_NAMES[word])
    return frozenset(found)


def tool_measures(spec: ToolSpec) -> frozenset[str]:
    """Every measure a tool works in: its parameters' and those its name and description
    are written with ("Convert a length between units (m, km, mile...)": length)."""
    found = set(_measures_of(f"{spec.name} {spec.description}"))
    for measures in parameter_measures(spec).values():
        found |= measures
    return frozenset(found)
