"""A count's condition that names nothing the table holds: "how many SKUs have zero stock".

Counting rows is the simplest answer the analyst can give, so a condition it could not
read ("zero stock", "out of stock" where no column is called stock) must not vanish
into a count of every row. The content words said after the verb that joins the counted
noun to its condition, and known to no column, value or operation, are named as left out,
when no condition was read at all: the answer is then a count of every row.
"""

from __future__ import annotations

import re

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_TABLE = table("counted_conditions")
_JOINS = re.compile(rf"\b(?:{alternation(_TABLE['joins']['words'])})\b")
_PARTICIPLES: tuple[str, ...] = tuple(_TABLE["participles"]["endings"])
_COUNTING_OPS = frozenset({"count", "unique"})


def counted_conditions(r: Reading, spec: Spec) -> list[LeftOut]:
    """The words of a count's condition that no column holds (see the module's notes)."""
    if spec.op not in _COUNTING_OPS or spec.filters or spec.measure:
        return []  # some condition was read: the words left are its verbs and units
    joined = _JOINS.search(r.skeleton)
    if joined is None:
        return []
    unknown = set(r.unknown_words())
    rest = r.skeleton[joined.end() :]
    said = [
        w
        for w in re.findall(r"[a-z][a-z_]{2,}", rest)
        if w in unknown and not w.endswith(_PARTICIPLES)
    ]
    why = "a condition on the rows counted, which no column of the table holds"
    return [LeftOut(w, why) for w in dict.fromkeys(said)]
