"""A value said as an adverb of its column: "students who smoke heavily" is
``Smoke == "Heavy"``, "exercise frequently" is ``Exer == "Freq"``.

A column named by a verb ("Smoke", "Exer") holds how much or how often, often cut short
("Heavy", "Occas", "Regul"). The adverb next to the column's word names one of them:
its adjective ("heavily" → heavy, "occasionally" → occasional) equals a value or begins
with it. Without this the condition was dropped and every row counted.
"""

from __future__ import annotations

import re

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter

_NEXT_TO = re.compile(
    r"\bC(?P<a>\d+)\s+(?P<adverb>[a-z]{3,}ly)\b|\b(?P<adverb2>[a-z]{3,}ly)\s+C(?P<b>\d+)\b"
)
_SHORTEST = 4
"""A shortened value must keep this many letters to stand for a word ("Occas")."""


def adverb_conditions(r: Reading) -> list[Filter]:
    """Each column word with an adverb naming one of its values, blanked from the skeleton."""
    found: list[Filter] = []
    for m in list(_NEXT_TO.finditer(r.skeleton)):
        index = int(m.group("a") or m.group("b"))
        adverb = m.group("adverb") or m.group("adverb2")
        column = r.column_at(index)
        value = _value_named(r, column, adverb)
        if value is not None:
            found.append(Filter(column, "==", value))
            r.skeleton = ph.blank(r.skeleton, m)
    return found


def _value_named(r: Reading, column: str, adverb: str) -> str | None:
    adjective = adverb[:-3] + "y" if adverb.endswith("ily") else adverb[:-2]
    matches = [
        v
        for v in r.schema.column(column).values
        if isinstance(v, str)
        and (v.lower() == adjective or (len(v) >= _SHORTEST and adjective.startswith(v.lower())))
    ]
    return matches[0] if len(matches) == 1 else None
