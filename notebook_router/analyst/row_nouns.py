"""A value's word that may name what every row is, not a condition on a column.

In a table of deaths whose ``type`` column also holds the value "Death", "how many deaths
were homicides?" was read as ``type in [Death, Homicide]``: the counted noun became a
condition, and the count was of a few rows, not of the deaths (every row). A plural word
said for a category value ("deaths" for "Death") in a count of rows reads as what the rows
are when another column or the table is named for it (``death_date``, ``death_age``, a
table ``deaths``): its condition is dropped, and the answer names the other reading. So is
a word whose column another condition of the question also holds a value of ("deaths were
homicides": no row holds both). Otherwise the value is a condition as said ("how many
homicides in May"), as it is in a statistic ("average windspeed of hurricanes").
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from notebook_router.analyst.linking import opening_word
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut, Scalar, Spec
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words, word_spans

_WORDS = table("condition_words")


def row_nouns(r: Reading, spec: Spec) -> Spec:
    """``spec`` without the condition a row noun made, with a note naming the other reading
    (and naming a short code said in lower case that no condition used)."""
    spec = _lower_case_codes(r, spec)
    if not _counts_rows(spec):
        return spec  # "average windspeed of hurricanes": the rows' kind, said as a condition
    notes: list[LeftOut] = []
    said = _plural_values(r)
    for column in dict.fromkeys(c for _, c, _ in said):
        held = [(w, v) for w, c, v in said if c == column and _held(spec, column, v)]
        named = [(w, v) for w, v in held if _names_rows(r, w, column)]
        if named:
            word, value = named[0]
        elif held and _two_values(spec, column) and not _listed(r, column):
            # "deaths were homicides": no row holds both values, so the first is the rows
            word, value = held[0]
        else:
            continue
        spec = replace(spec, filters=_without(spec.filters, column, value))
        why = f"read as what every row is, not the condition {column} = {value}"
        notes.append(LeftOut(word, why))
    if not notes:
        return spec
    words = {n.said for n in notes}
    others = tuple(g for g in spec.left_out if g.said not in words)
    return replace(spec, left_out=(*others, *notes))


def _lower_case_codes(r: Reading, spec: Spec) -> Spec:
    """``spec`` with a note for each word left unread that a text column holds as a short
    upper-case code ("hr" for the department HR, "ca" for the state CA). Such a code is
    read only as written, so "average salary for hr" was the mean of every row with the
    department dropped unsaid: now the answer says the value was not applied."""
    index = r.schema.values
    if index is None:
        return spec
    used: set[str] = set()
    for f in spec.filters:
        used.update(map(str, f.value if isinstance(f.value, tuple) else (f.value,)))
    noted = {n.said for n in spec.left_out}
    notes: list[LeftOut] = []
    opener = opening_word(r.skeleton) or 0
    for word, start, _ in word_spans(r.skeleton):
        if not word.isalpha() or word in STOPWORDS or word in noted or start < opener:
            continue
        hits = [h for h in index.code(word.upper()) if str(h.value) not in used]
        if hits and len({h.column for h in hits}) == 1:
            h = hits[0]
            why = f"{h.column} holds {h.value}, read only as written: not applied"
            notes.append(LeftOut(word, why))
            noted.add(word)
    return replace(spec, left_out=(*spec.left_out, *notes)) if notes else spec


def _counts_rows(spec: Spec) -> bool:
    """``spec`` counts rows, in all or per group: what "how many deaths" counts is its noun."""
    return spec.op == "count" or (spec.op != "compare" and spec.aggs[:1] == ("size",))


def _listed(r: Reading, column: str) -> bool:
    """Two values of ``column`` said as one list ("accidents and homicides", "deaths or
    injuries"): alternatives asked for, not a noun and what it was."""
    spans = sorted((m.start, m.end) for m in r.mentions if m.is_value and m.column == column)
    joins = {*_WORDS["list_joins"], *_WORDS["list_fillers"]}
    for (_, end), (start, _) in pairwise(spans):
        between = r.text[end:start].replace(",", " , ").split()
        if all(w in joins for w in between):
            return True
    return False


def _held(spec: Spec, column: str, value: Scalar) -> bool:
    return any(_holds(f, column, value) for f in spec.filters)


def _two_values(spec: Spec, column: str) -> bool:
    """Conditions on ``column`` name more than one value (pooled, or one and not another)."""
    values: set[str] = set()
    for f in spec.filters:
        if f.column == column and f.op in ("==", "!=", "isin", "notin"):
            values.update(map(str, f.value if isinstance(f.value, tuple) else (f.value,)))
    return len(values) > 1


def _plural_values(r: Reading) -> list[tuple[str, str, Scalar]]:
    """The values said as a plural common noun of themselves ("deaths" for "Death") in a
    category column."""
    out: list[tuple[str, str, Scalar]] = []
    for m in r.mentions:
        if not m.is_value or not isinstance(m.value, str):
            continue
        word = r.text[m.start : m.end].strip()
        value = m.value.strip().lower()
        if (
            " " in word
            or not word.endswith("s")
            or word == value
            or stem(word) != stem(value)
            or r.kind(m.column) != "category"
        ):
            continue
        out.append((word, m.column, m.value))
    return out


def _holds(f: Filter, column: str, value: Scalar) -> bool:
    if f.column != column:
        return False
    if f.op == "==":
        return f.value == value
    return f.op == "isin" and isinstance(f.value, tuple) and value in f.value


def _without(filters: tuple[Filter, ...], column: str, value: Scalar) -> tuple[Filter, ...]:
    """``filters`` without ``column == value``, and without it among an isin's values."""
    out: list[Filter] = []
    for f in filters:
        if not _holds(f, column, value):
            out.append(f)
        elif f.op == "isin" and isinstance(f.value, tuple):
            rest = tuple(v for v in f.value if v != value)
            if len(rest) == 1:
                out.append(Filter(column, "==", rest[0]))
            elif rest:
                out.append(Filter(column, "isin", rest))
    return tuple(out)


def _names_rows(r: Reading, word: str, column: str) -> bool:
    """The table, or another column named for ``word`` and one attribute of it
    ("death_date", "DeathAge" for "deaths"), is named for what every row is. A longer name
    ("hurricane_force_diameter") is a measure of some rows, not what every row is."""
    root = stem(word)
    if root in {stem(w) for w in identifier_words(r.frame)}:
        return True
    for c in r.schema.columns:
        words = identifier_words(c.name)
        if c.name != column and len(words) == 2 and root in {stem(w) for w in words}:
            return True
    return False
