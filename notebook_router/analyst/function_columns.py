"""Columns named like a word that says how to aggregate ("total", "sum").

A table of counts often holds them in a column called ``total``: "how many gun murders
were there in total?" then asks for the sum of that column, and "plot total murders by
region" for its sum per region. Read plainly, the word links to the column and the
aggregation it also says is lost: the answer counted the column's rows, or took the
per-row mean a plot uses when no aggregation is named. Here the word does both jobs.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import forms
from notebook_router.language.tables import table

_SUM_WORDS = frozenset(w for w in table("analysis")["aggregations"]["sum"] if " " not in w)
"""Single words that name a sum ("total", "sum"), from the analysis word table."""
_COUNTED = re.compile(
    rf"\b(?:{alternation(w for w in table('analysis')['aggregations']['count'] if ' ' in w)})"
    r"\s+([a-z][\w-]*)"
)
_WORDS = table("function_columns")
_COUNT_LEAD = re.compile(
    rf"\b(?:{alternation(w for w in table('analysis')['aggregations']['count'] if ' ' in w)}"
    rf"|{alternation(_WORDS['count_leads'])})\s+([a-z][\w-]*)"
)
"""The noun a count is of ("how many orders", "count the sales")."""
_ROW_NOUNS = frozenset(_WORDS["row_nouns"])
_ID_WORDS = frozenset(_WORDS["id_words"])


def column_aggregations(r: Reading) -> list[str]:
    """``r.aggs``, with the sum a numeric column named "total" (or "sum") also says.

    Only a mention still in the skeleton counts: a column a condition used ("states with
    a total above 100") is not the measure. A count ("how many ... in total") stays a
    count: whether the column holds counts or amounts the table does not say
    (:func:`summed_count`); with no aggregation named, the sum is the one said."""
    aggs = list(r.aggs)
    if _rows_counted(r):
        return aggs
    if _said_of_a_measure(r):
        return list(dict.fromkeys([*aggs, "sum"]))
    if _sum_columns(r) and not aggs:
        aggs = ["sum"]
    return list(dict.fromkeys(aggs))


def summed_count(r: Reading, spec: Spec) -> Spec:
    """A count of a "total" column's values, made a count of the rows ("how many gun
    murders were there in total?" over a ``total`` column): whether the column holds
    how many of them each row has (murders per state) or an amount per row (whole
    dollars per sale) nothing in the table says, so the rows are counted and
    :func:`uncounted_total` names the column that may hold the count. The count of its
    values is the row count, said as such."""
    summed = _sum_columns(r)
    if len(summed) != 1 or spec.group_by or spec.measure:
        return spec
    if spec.op == "statistic" and spec.aggs == ("count",) and spec.columns == (summed[0],):
        return replace(spec, op="count", columns=(), aggs=(), variant="")
    return spec


def _said_of_a_measure(r: Reading) -> bool:
    """The word "total" right before another number column ("the total revenue" beside a
    ``total`` column) says the sum of that column: its link to ``total`` is taken out of
    the skeleton, so the column is not also summed."""
    taken = False
    for index, mention in enumerate(r.mentions):
        if mention.is_value or mention.column.strip().lower() not in _SUM_WORDS:
            continue
        after = [
            (i, m)
            for i, m in enumerate(r.mentions)
            if not m.is_value and m.start > mention.end and m.column != mention.column
        ]
        if not after:
            continue
        i, following = min(after, key=lambda pair: pair[1].start)
        between = r.text[mention.end : following.start].strip()
        if between or r.kind(following.column) != "number":
            continue
        if not re.search(rf"\bC{i}\b", r.skeleton):
            continue
        r.skeleton = re.sub(rf"\bC{index}\b", " ", r.skeleton)
        taken = True
    return taken


def _rows_counted(r: Reading) -> bool:
    """The count is of the rows themselves ("how many rows", "how many orders" over a table
    with an ``order_id``): a "total" column beside them is an amount per row, not a count
    of them, so "in total" sums nothing. The table's variable name says nothing here: an
    answer never depends on what the frame was called."""
    said = _COUNT_LEAD.search(r.question.lower())
    if said is None:
        return False
    noun = said.group(1)
    if noun in _ROW_NOUNS:
        return True
    for column in r.schema.names():
        words = [w for w in re.split(r"[\W_]+", column.strip().lower()) if w]
        named = any(noun in forms(w) for w in words[:-1])
        if len(words) > 1 and words[-1] in _ID_WORDS and named:
            return True
    return False


def _sum_columns(r: Reading) -> list[str]:
    """Numeric columns named "total" (or "sum"), said by that word and still unread."""
    found: list[str] = []
    for index, mention in enumerate(r.mentions):
        if mention.is_value or mention.column.strip().lower() not in _SUM_WORDS:
            continue
        if r.kind(mention.column) != "number":
            continue
        if not re.search(rf"\bC{index}\b", r.skeleton):
            continue
        if r.text[mention.start : mention.end].strip().lower() in _SUM_WORDS:
            found.append(mention.column)
    return found


def uncounted_total(r: Reading, spec: Spec) -> list[LeftOut]:
    """A row count in a table that keeps its counts in a "total" column, of a noun that
    names neither a column nor what the rows are ("how many murders were there in the
    South?" over murders per state): the rows are not the things asked about, so the
    count is flagged, naming the column that may hold them."""
    if spec.op != "count" or spec.columns or spec.group_by:
        return []
    totals = [
        c.name
        for c in r.schema.columns
        if c.kind == "number" and c.whole and c.name.strip().lower() in _SUM_WORDS
    ]
    said = _COUNTED.search(r.question.lower()) or _COUNT_LEAD.search(r.question.lower())
    if (
        len(totals) != 1
        or _rows_counted(r)
        or said is None
        or any(f.column == totals[0] for f in spec.filters)
    ):
        return []
    noun = said.group(1)
    if any(noun in forms(c.strip().lower()) for c in r.schema.names()):
        return []  # "how many states ...": the rows are states
    why = f"I counted rows, and the column {totals[0]} may hold how many there are"
    return [LeftOut(noun, why)]
