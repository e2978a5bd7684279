"""A count of a column's values, asked as "how many <column>" of a column of counts.

"how many cases did they have?", "the number of visits in Leeds": where ``cases`` holds
whole numbers, each row says how many, and the question asks for their total. Counting
the rows that have a value gives the number of rows instead, a figure that answers
another question. The reading is not changed here (a count of values may be meant:
"how many ages are recorded"); the answer is partial and says which figure it gave and
which other one the words may ask for.
"""

from __future__ import annotations

import re

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_COUNTED = re.compile(
    rf"\b(?:{alternation(table('reading_words')['guards']['counted'])})\s+(?:the\s+)?"
    r"C(?P<index>\d+)\b"
)
"""A count asked of a column said right after "how many" / "number of"."""


def counted_values(r: Reading, spec: Spec) -> list[LeftOut]:
    """The count of a whole-number column's values, asked as "how many <column>": named,
    with the total it may mean."""
    if spec.op != "statistic" or spec.aggs != ("count",) or len(spec.columns) != 1:
        return []
    (column,) = spec.columns
    if column not in r.schema.names():
        return []
    kind = r.schema.column(column)
    if kind.kind != "number" or not kind.whole:
        return []
    for m in _COUNTED.finditer(r.skeleton):
        index = int(m.group("index"))
        if index < len(r.mentions) and r.mentions[index].column == column:
            said = r.text[r.mentions[index].start : r.mentions[index].end].strip()
            why = (
                f"I counted the rows that have a value of {column}, not the total of "
                f"{column}; if each row holds how many, ask for the total"
            )
            return [LeftOut(f"how many {said}", why)]
    return []
