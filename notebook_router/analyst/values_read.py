"""Whether a word for a value said another way ("females", "deaths") was read.

A question says "women" where a column holds "F", "deaths" where it holds "dead"
(``language/data/value_words.toml``). Such a word is read when a condition of the answer
uses the value it stands for; on a table with no such value it is a word nothing read,
and the checks of words left over must still name it ("the average age of *dead*
patients" of a table with no outcome column).
"""

from __future__ import annotations

from notebook_router.analyst.schema import Schema
from notebook_router.analyst.sex_codes import SEXES, sex_pair
from notebook_router.analyst.spec import Spec
from notebook_router.language.value_words import other_side, value_group


def read_as_a_value(word: str, spec: Spec, schema: Schema | None = None) -> bool:
    """Whether ``word`` ("females") is a word for a value that a condition of ``spec`` reads:
    its value as the table spells it ("female", or its initial "F"), or (``schema`` given)
    another value of the column the condition is on ("not women" read as ``sex == "M"``)."""
    group = value_group(word)
    if group is None:
        return False
    for f in (*spec.filters, *spec.measure):
        values = [
            v for v in (f.value if isinstance(f.value, tuple) else (f.value,)) if isinstance(v, str)
        ]
        if schema is not None and f.column in schema.names():
            values += [v for v in schema.column(f.column).values if isinstance(v, str)]
        said = {v.casefold() for v in values}
        if said & group or _coded(group, said, f.column):
            return True
    return False


def _coded(group: frozenset[str], values: set[str], column: str) -> bool:
    """Whether ``values`` are one-letter codes of ``group`` and the group paired with it
    ("F" and "M" of female and male); "A" and "B" of wards code nothing."""
    if not values or any(len(v) != 1 for v in values):
        return False
    if len(values) < 2:
        return False
    sexes = {sex for sex in SEXES if value_group(sex) == group}
    if sexes:  # a sex only as a pair of codes a sex column may hold ("B" and "W": races)
        codes = sex_pair(column, tuple(values))
        return codes is not None and bool(sexes & set(codes.values()))
    own = {w[0] for w in group}
    pair = {w[0] for w in other_side(group)}
    # both sides' initials; "G" is a girl's and also a gentleman's, so a value may be
    # either side's, as long as the two values are not both only this side's
    return bool(values & own) and bool(values - own or values & pair) and values <= own | pair
