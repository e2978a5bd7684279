""" "how many tickets have no CSAT score?": the rows that lack a value are counted.

A count of a column's values ("how many tickets have a CSAT score?") counts the rows that
hold one. Said with a word of lacking before the column ("have no", "without"), the
question asks for the other rows: the column's missing values, which the missing-value
operation counts (with any conditions the question also said).
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_LACKING = re.compile(rf"\b(?:{alternation(table('condition_words')['presence']['lacking'])})\s+$")
_GAP = 2
"""Words allowed between the lacking phrase and the column ("no *recorded* CSAT score")."""


def lacking_counts(r: Reading, spec: Spec) -> Spec:
    """``spec`` counting the column's missing values when the count is said as lacking it."""
    if spec.op != "statistic" or spec.aggs != ("count",) or len(spec.columns) != 1:
        return spec
    column = spec.columns[0]
    if r.kind(column) == "binary":
        return spec  # a yes/no column lacked is its "no" side (presence_conditions)
    for m in r.mentions:
        if m.column != column or m.is_value:
            continue
        before = r.text[: m.start].split()
        for gap in range(_GAP + 1):
            lead = " ".join(before[: len(before) - gap]) + " "
            if _LACKING.search(lead):
                return replace(spec, op="missing", variant="column", aggs=())
    return spec
