"""Counting the things a question names, not the rows that mention them.

In a table of repeated measurements (a chick weighed on every day, a patient seen at
every visit) each thing has many rows: "how many chicks were on diet 4?" asks for the
number of distinct chicks, not of weighings, and certainly not the sum of their id
numbers. When the counted noun is the plural of a column's name ("chicks" for
``Chick``) and that column's values stand on several rows each, the count is of its
distinct values under the same conditions.
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.column_names import is_identifier, name_words, plural_of_its_name
from notebook_router.analyst.linking import Mention, shortened_identifier
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import in_order
from notebook_router.language.stems import forms
from notebook_router.language.tables import table

_COUNTING = [w for w in table("analysis")["aggregations"]["count"] if " " in w]
"""The phrases that ask for a count of things ("how many", "number of")."""
_DISTINCT = table("families_words")["count"]["distinct"]
_PERIODS = frozenset(table("analysis")["unapplied"]["period_words"])
"""Periods ("how many quarters ..."): the rows are the periods, a column only part of one."""
_PERIOD_PARTS = frozenset(table("period_means")["periods"])
"""Parts of a date a column may hold ("hour" of day): "how many hours had ..." counts the
rows (each an hour), not the distinct hours of the day."""
_IDS = table("distinct_counts")
_ID_WORDS = frozenset(table("number_owners")["identifier_words"])
_MEASURES = frozenset(_IDS["measure_names"])
"""Names of measures ("rating", "age"): repeated whole numbers, yet never identifiers."""
_FEWEST_IDS: int = _IDS["fewest_ids"]
_NAMED_REPEATS: float = _IDS["named_repeats"]
_LISTED = re.compile(r"^\s*(?:and|or|&|,)\b|(?:\band|\bor|&|,)\s*$")
_DESCRIBED = re.compile(
    rf"\bof(?:\s+{in_order(tuple(table('accounting_grammar')['distinct']['described']), space=' ')})?\s*$"
)
_COUNTED = re.compile(
    rf"\b(?:{alternation(_COUNTING)})\s+(?:(?:{alternation(_DISTINCT)})\s+)?([a-z][\w-]*)"
)


def counted_entities(r: Reading, spec: Spec) -> Spec:
    """``spec`` counting distinct values of the column its counted noun names: an id
    column (:func:`identifies`), or a column of names whose values stand on several rows
    each (:func:`named_entities`) in a table whose rows are something else."""
    named = named_entities(r, spec)
    if named is not None and spec.measure and not spec.group_by:
        # "how many customers bought a Widget?": the measured rows are the ones whose
        # customers are counted
        spec = replace(spec, filters=(*spec.filters, *spec.measure), measure=())
    column = _counted_column(r, certain=True) or named
    if column is None or spec.group_by or spec.measure:
        return spec
    if any(f.column == column for f in spec.filters):
        return spec  # "how many responses were Agree?": the rows with that response
    rows = spec.op == "count" and not spec.columns
    summed = spec.op == "statistic" and spec.columns == (column,)
    if not rows and not (summed and spec.aggs in (("sum",), ("count",))):
        return spec
    return replace(spec, op="unique", variant="count", columns=(column,), aggs=())


def counted_per_group(r: Reading, spec: Spec) -> Spec:
    """``spec`` counting each group's distinct things when its counted noun names a column
    of names whose values stand on several rows ("number of contestants per season" over
    one row per contestant and episode): the rows of a season are its episodes' results,
    its contestants are fewer."""
    said = _COUNTED.search(r.question.lower())
    if said is None or spec.op not in ("groupby", "resample") or spec.aggs != ("size",):
        return spec
    if spec.columns or spec.measure:
        return spec
    # only names in words: a flight number ("BA101") names a route flown every day, whose
    # rows are each a flight counted
    column = _names_column(r, said.group(1))
    if column is None or _id_like(r, column) or column in spec.group_by:
        return spec
    if any(f.column == column for f in spec.filters):
        return spec
    return replace(spec, columns=(column,), aggs=("nunique",))


def ids_not_measured(r: Reading, spec: Spec) -> Spec:
    """``spec`` without the id column its described noun names ("the average weight of
    the chicks" over ``weight`` and ``Chick``): the chicks are whose weight is averaged,
    their id numbers no measure, when another column is measured. Only a noun said as
    whose values these are ("of the chicks"), never one listed beside the measure ("the
    average ratings and prices"); :func:`surely_whose` says whether the drop is sure."""
    if spec.op != "statistic" or len(spec.columns) < 2:
        return spec
    plural = {
        m.column
        for m in r.mentions
        if not m.is_value
        and r.text[m.start : m.end].strip().lower() != m.column.strip().lower()
        and r.text[m.start : m.end].strip().lower() in forms(m.column.strip().lower())
        and not _LISTED.match(r.text[m.end :])
        and not _LISTED.search(r.text[: m.start])
    }
    ids = {
        c
        for c in spec.columns
        if c in plural
        and r.kind(c) == "number"
        and not _measure(c)
        and _repeated(r, c)
        and _id_like(r, c)
    }
    kept = tuple(c for c in spec.columns if c not in ids)
    if not ids or not any(r.kind(c) == "number" for c in kept):
        return spec
    return replace(spec, columns=kept)


def uncertain_entities(r: Reading, spec: Spec) -> list[LeftOut]:
    """A row count (or a count or sum of a column's values) of things a column may
    identify, though too few of its values stand on several rows to be sure ("how many
    chicks ..." over four chicks): flagged, naming the column whose distinct values may
    be the count."""
    if spec.group_by or spec.measure:
        return []
    column = _counted_column(r, certain=False)
    if column is None or _counted_column(r, certain=True) is not None:
        return []
    if any(f.column == column for f in spec.filters):
        return []
    said = _COUNTED.search(r.question.lower())
    noun = said.group(1) if said else column
    may = f"the column {column} may name each of them, over several rows"
    if spec.op == "count" and not spec.columns:
        return [LeftOut(noun, f"I counted rows; {may}")]
    if spec.op == "statistic" and spec.columns == (column,) and spec.aggs in (("sum",), ("count",)):
        return [LeftOut(noun, f"I took the {spec.aggs[0]} of its values; {may}")]
    return []


def _counted_column(r: Reading, *, certain: bool) -> str | None:
    """The column whose name, in the plural, follows "how many" in the question: one
    that surely identifies them, or (``certain`` False) one that may."""
    said = _COUNTED.search(r.question.lower())
    if said is None:
        return None
    noun = said.group(1)
    for column in r.schema.names():
        name = column.strip().lower()
        if name in _PERIODS | _PERIOD_PARTS or r.kind(column) in ("datetime", "datetext"):
            continue
        # "patients" of ``patient_id``: an identifier is named by its words before the id
        head = " ".join(w for w in name_words(column) if w not in _ID_WORDS)
        names = {name} | ({head} if is_identifier(column) and head else set())
        # "schools" of ``schidkn``: the noun shortened before an identifier ending
        shortened = shortened_identifier(name, noun, r.schema.column(column))
        if not shortened and (
            any(noun == n for n in names) or not any(noun in forms(n) for n in names)
        ):
            continue
        if _measure(column):
            continue
        if shortened or noun not in forms(name):  # said by the words before its id word
            distinct, _ = r.schema.spread(column)
            if not 0 < distinct < r.schema.rows:
                continue  # one row each (or unread): the rows are the things counted
            if certain and distinct < _FEWEST_IDS and r.kind(column) != "number":
                continue  # ``test_id`` of "covid" and "flu" over 15,000 tests: maybe a kind
            # its name says whose id it is: its values repeating, the things are fewer
            return column
        if identifies(r, column) if certain else _repeated(r, column) and _id_like(r, column):
            return column
    return None


def named_entities(r: Reading, spec: Spec) -> str | None:
    """The column of names ("customer", "player") the plural after "how many" names, in a
    filtered count of rows that are something else ("how many customers ordered
    Sprockets?" over orders): a customer stands on several rows, so the rows where a
    Sprocket was ordered are not the customers who did. Its values repeat enough that
    the rows cannot be the things: an average of ``named_repeats`` rows or more each (a
    few shared names, such as two restaurants' "Chicken Sandwich", are different things
    of the same name, and the rows are counted unflagged, as before). A table named for
    the noun ("customers"), or a text column most of whose names are its own (counties,
    a few sharing a name; menu items, two restaurants' "Chicken Sandwich"), counts its
    rows."""
    said = _COUNTED.search(r.question.lower())
    if said is None or spec.op != "count" or spec.columns or not (spec.filters or spec.measure):
        return None
    return _names_column(r, said.group(1))


def _names_column(r: Reading, noun: str) -> str | None:
    """The column of names whose plural ``noun`` is, when its names stand on several rows
    each (:func:`named_entities`), unless the table is named for the noun."""
    if noun in forms(r.frame.strip().lower()) or r.frame.strip().lower() in forms(noun):
        return None
    for column in r.schema.names():
        name = column.strip().lower()
        if noun == name or noun not in forms(name) or r.kind(column) not in ("text", "category"):
            continue
        distinct, _ = r.schema.spread(column)
        if not distinct or distinct >= r.schema.rows:
            return None  # each row its own name: the rows are the things
        if r.kind(column) == "text" and distinct > r.schema.rows // 2:
            return None  # most names their own row's (counties): the rows
        return column if r.schema.rows >= _NAMED_REPEATS * distinct else None
    return None


def _measure(column: str) -> bool:
    """``column`` is named as a measure ("rating", "age_years"), never an identifier."""
    return any(w in _MEASURES for w in re.split(r"[\W_]+", column.strip().lower()) if w)


def surely_whose(r: Reading, mention: Mention) -> bool:
    """The column ``mention`` links surely identifies things and was said as whose
    values these are ("of the chicks"), so dropping it as a measure needs no word."""
    said = r.text[mention.start : mention.end].lower()
    if said == r.frame.lower() and plural_of_its_name(said, mention.column):
        return True  # "flights to LAX" of a table named ``flights``: its rows
    before = r.text[: mention.start].lower()
    return identifies(r, mention.column) and bool(_DESCRIBED.search(before))


def identifies(r: Reading, column: str) -> bool:
    """``column`` surely identifies things measured again and again: not named as a
    measure, whole numbers or codes with a digit, and many values each on several rows."""
    if _measure(column) or not _id_like(r, column):
        return False
    distinct, fewest = r.schema.spread(column)
    return distinct >= _FEWEST_IDS and fewest >= 2


def _repeated(r: Reading, column: str) -> bool:
    """Each value of ``column`` stands on several rows, as an id of things measured again
    and again does (a chick weighed every day), unlike a list of items whose few repeated
    names are different things (two restaurants' "Chicken Sandwich")."""
    held = r.schema.column(column)
    distinct = held.distinct or len(set(held.values))
    if distinct:
        return r.schema.rows >= 2 * distinct
    return held.kind == "number" and held.repeats


def _id_like(r: Reading, column: str) -> bool:
    """``column`` holds identifiers: whole numbers (chick 1, 2, 3) or codes with a digit
    ("p1", "A-07"), not a measure, a rating scale or a category named in words ("Agree",
    "W"), whose rows are each a thing of their own."""
    held = r.schema.column(column)
    if held.kind == "number":
        return held.whole and not any(isinstance(v, float) and v % 1 for v in held.values)
    if held.kind not in ("text", "category"):
        return False
    # a text column of many values keeps none in the schema: its commonest labels say
    labelled = r.schema.labels(column)
    values = held.values or (tuple(v for v, _ in labelled.counts) if labelled else ())
    return bool(values) and all(any(ch.isdigit() for ch in str(v)) for v in values)
