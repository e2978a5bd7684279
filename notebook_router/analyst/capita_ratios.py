""" "gdp per capita", "income per person by state": an amount per person, divided by the
column holding the population.

"per capita" (also "per person", "per head") with one number column named as a
population (``population``, ``pop``; the words are data, ``unit_divisors.toml``) is the
ratio of the totals, total gdp / total population, for each group or over all rows
(:mod:`.unit_ratios`' definition, which the answer names). Never the amount alone: with
no population column "per capita" is declined naming the column it needs, and with
several the candidates are asked back. "per person" and "per head" say other things too
("the bill per person" of a party), so they are read only where a population column is.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.intents import CLOSEST, Outcome
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Decline, Spec
from notebook_router.analyst.unit_ratios import of_totals
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_CAPITA = table("unit_divisors")["per_capita"]
_SAID_PER = alternation(table("period_means")["ratio"]["per"])
_PER_CAPITA = re.compile(
    rf"\bC(?P<left>\d+)\s+(?:{_SAID_PER})\s+(?P<word>{alternation(_CAPITA['said'])})\b"
)
_ALWAYS = frozenset(_CAPITA["always"])
_POPULATION = frozenset(_CAPITA["population"])


def per_capita(r: Reading) -> Outcome:
    """The ratio of the totals of "<amount> per capita" (module docstring), a decline
    when no single population column holds the divisor, or None for another shape."""
    m = _PER_CAPITA.search(r.skeleton)
    if m is None:
        return None
    left = r.column_at(int(m.group("left")))
    if r.kind(left) != "number":
        return None
    word = m.group("word")
    people = [
        c for c in r.schema.of_kind("number")
        if c != left and _POPULATION & {w.lower() for w in identifier_words(c)}
    ]  # fmt: skip
    if len(people) == 1:
        return of_totals(r, left, people[0], word)
    if word not in _ALWAYS:
        return None
    if people:
        return Decline(
            f"{left} per {word}: {' or '.join(people)}? More than one column of {r.frame} "
            "holds a population; name the one to divide by.",
            tuple(f"{left} per {c}" for c in people),
        )
    return Decline(
        f"I can't answer {left} per {word}: it divides {left} by a population, and no "
        f"column of {r.frame} holds one (columns: {', '.join(r.schema.names())}). The "
        f"{left} alone would answer something else.",
        CLOSEST,
    )


def capita_ratio_told(r: Reading, spec: Spec) -> Spec:
    """``spec`` without "per capita" among what it left out when it divides by the
    population: the words are used (the accounting reads them as a group)."""
    m = _PER_CAPITA.search(r.skeleton)
    if m is None or spec.op != "ratio_of_totals":
        return spec
    if r.column_at(int(m.group("left"))) != spec.columns[0]:
        return spec
    word = m.group("word")
    kept = tuple(
        g for g in spec.left_out
        if not g.said.lower().endswith(f" {word}") and g.said.lower() != word
    )  # fmt: skip
    return spec if kept == spec.left_out else replace(spec, left_out=kept)
