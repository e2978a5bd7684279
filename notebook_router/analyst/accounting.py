"""Every part of a question is in the answer, or named as left out.

A confident number that answers a simpler question (the filter, the group-by or the
comparison dropped) is the worst answer a data tool can give. So once an operation is
chosen, each thing the question linked or said is checked against it:

- every value it named ("Brooklyn", "Adelie") is a condition of the operation;
- every column it named is used (measured, grouped, filtered, labelled);
- no number is left unread ("more than 1,000,000", ".300"; :mod:`.said_numbers`);
- no name is left unread (a capitalised word that names no column and no value);
- no "by <something>" is left unread (a group the question asked for);
- a comparison asked for ("compare", "vs", "difference between") is a comparison.

What is left over is said, in the user's words, with why. The analyst then answers
what it can as *partial* (the answer says what it did not apply) instead of calling
an answer to another question complete.
"""

from __future__ import annotations

import re

from notebook_router.analyst.column_names import names_owner
from notebook_router.analyst.condition_words import unapplied_condition_words
from notebook_router.analyst.conditions import compared_by_its_measure, yes_no
from notebook_router.analyst.counted import statistic_text, uncounted
from notebook_router.analyst.counted_conditions import counted_conditions
from notebook_router.analyst.distinct_rows import tells_rows_apart
from notebook_router.analyst.half_formulas import half_formulas
from notebook_router.analyst.intents import PERCENT
from notebook_router.analyst.linking import Mention
from notebook_router.analyst.number_owners import is_identifier
from notebook_router.analyst.passive_doers import names_doer
from notebook_router.analyst.reading import IGNORED, OPERATION_WORDS, Reading
from notebook_router.analyst.row_numbers import numbers_rows
from notebook_router.analyst.said_numbers import unused_numbers
from notebook_router.analyst.share_base import unread_predicate
from notebook_router.analyst.spec import ColumnRef, Filter, LeftOut, Spec
from notebook_router.analyst.unapplied import unapplied
from notebook_router.analyst.unread_modifiers import unread_modifiers
from notebook_router.analyst.values_read import read_as_a_value
from notebook_router.analyst.whose_rows import other_quantity_ranked, unread_owners
from notebook_router.language.change_words import changes_between_ends
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.operation_nouns import asks_for_a_label, names_an_operation
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import in_order, phrase_table
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words, word_spans

ALL_COLUMN_OPS = frozenset({"summary", "shape", "missing", "correlation", "normality", "outliers"})
"""Operations that may use every column without naming them."""
_GRAMMAR = table("accounting_grammar")


def _either(phrases: list[str], *, space: str = r"\s+") -> str:
    """``(?:a|b|...)`` over ``phrases`` of the grammar table, in the table's order."""
    return in_order(tuple(phrases), space=space)


_TIME_NAME = re.compile("(?i)" + _either(table("accounting_periods")["time_column"]))
_GROUP_ASKED = re.compile(
    rf"\b{_either(_GRAMMAR['groups']['asked'], space=' ')}\s+"
    r"(?:the\s+|each\s+)?(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})"
)
_MORE = _either(_GRAMMAR["comparison"]["more"])
_COMPARISON = re.compile(
    rf"\b(?:{_either(_GRAMMAR['comparison']['words'], space=' ')}|differ\w*)\b"
    rf"|\bhow (?:much|many)\s+(?:\w+\s+)?(?:{_MORE}|\w+er)\b(?=.*\bthan\b)"
)
_COUNTED_DISTINCT = re.compile(
    rf"\b{_either(table('analysis')['aggregations']['count'])}\s+"
    rf"(?:{_either(table('families_words')['count']['distinct'])})\s*$"
)
"""A count of distinct things said just before a word ("how many *different* schools")."""
PLAIN_OPS = frozenset(
    {"statistic", "count", "percentage", "groupby", "rows", "shape", "unique", "value_counts",
     "value", "ratio_of_totals"}
)  # fmt: skip
"""Operations that give one figure per group or one figure: a comparison asked of them
has lost a side. (A test, a correlation or a trend compares by its nature.)"""
_ROW_NOUN = re.compile(rf"\b{_either(_GRAMMAR['row_noun']['leads'], space=' ')}\s+$")


def left_out(r: Reading, spec: Spec) -> tuple[LeftOut, ...]:
    """What of the question ``spec`` does not use (empty when it uses everything)."""
    found = [
        *r.unapplied,
        *_unused_values(r, spec),
        *_unused_columns(r, spec),
        *_unread_names(r),
        *_unread_groups(r, spec),
        *_unread_measures(r, spec),
        *_unread_qualifiers(r, spec),
        *_unread_ranking(r),
        *other_quantity_ranked(r, spec),
        *(unread_predicate(r, lambda w: _unknown(r, w)) if spec.op == "percentage" else ()),
        *half_formulas(r),
        *counted_conditions(
            r, spec
        ),  # "how many SKUs have zero stock": no stock column  # "qty times unit cost" with no column for qty
        *_unread_places(r),
        *_places_measured(r, spec),
        *_unread_kinds(r, spec),
        *unread_owners(r, spec, lambda word: _unknown(r, word)),
        *_unread_asked(r, spec),
        *_unmade_comparison(r, spec),
        *_unnamed_answer(r, spec),
        *_unapplied_statistic(r, spec),
        *unapplied(r, spec),
        *uncounted(r, spec),
        *unapplied_condition_words(r, spec, used_columns(spec)),
        *unread_modifiers(r, lambda word: _unknown(r, word), spec),
    ]
    told = " ".join(g.said for g in (*spec.left_out, *found))
    found += unused_numbers(r, spec, told)
    return _first_of_each(found)


def _first_of_each(found: list[LeftOut]) -> tuple[LeftOut, ...]:
    """One gap for each thing said, with the first (the most specific) reason: "Kenya"
    left out as a country two columns hold is not also a name no column holds."""
    kept: dict[str, LeftOut] = {}
    for gap in found:
        kept.setdefault(gap.said.strip().lower(), gap)
    return tuple(kept.values())


def _phrase(r: Reading, m: Mention) -> str:
    return r.text[m.start : m.end].strip()


def _conditions(spec: Spec) -> list[Filter]:
    return [*spec.filters, *spec.measure, *spec.lookup]


def _applies(f: Filter, m: Mention) -> bool:
    if f.column != m.column:
        return False
    if isinstance(f.value, tuple):
        return m.value in f.value
    if f.op == "contains" and isinstance(f.value, str) and isinstance(m.value, str):
        # "the Batman films": title contains "Batman", the words of the value "The Batman"
        return f.value.lower() in m.value.lower()
    return bool(f.value == m.value)


def _unused_values(r: Reading, spec: Spec) -> list[LeftOut]:
    out = []
    for index, m in enumerate(r.mentions):
        if index in r.restated:
            continue  # "before S03", "boys (sex M)": other words say its condition
        if index in r.negated and any(f.column == m.column for f in _conditions(spec)):
            continue  # "non-smokers": its condition names the other value
        if m.is_value and not any(_applies(f, m) for f in _conditions(spec)):
            why = f"a value of {m.column} I did not filter on"
            out.append(LeftOut(_phrase(r, m), why))
    return out


def used_columns(spec: Spec) -> set[str]:
    """Every column ``spec`` reads."""
    used = {*spec.columns, *spec.group_by, *(f.column for f in _conditions(spec))}
    used.update(f.value.name for f in _conditions(spec) if isinstance(f.value, ColumnRef))
    used.update(c for c in (spec.date_column, spec.label_column) if c)
    if spec.derived is not None:
        used.update((spec.derived.left, spec.derived.right, spec.derived.name))
    return used


def _doubted(spec: Spec, column: str) -> bool:
    """Whether ``spec`` already names its reading of ``column`` as a doubt (one left out
    said as the column itself): no second flag for the same word."""
    return any(gap.said == column for gap in spec.left_out)


def _unused_columns(r: Reading, spec: Spec) -> list[LeftOut]:
    if spec.op in ALL_COLUMN_OPS and not spec.columns and not _row_count(spec):
        return []  # "describe the data", "what's missing": every column is used
    used = used_columns(spec)
    out = []
    for index, m in enumerate(r.mentions):
        if m.is_value or m.column in used:
            continue
        if not re.search(rf"\bC{index}\b", r.skeleton):
            continue  # read by a rule that used it up ("in quarters where ...": the row unit)
        if _TIME_NAME.search(m.column) and _uses_time(spec):
            continue  # "the year 1985", "by quarter": read as the period
        if _row_noun(r, m):
            continue  # "how many states ...": what a row is, not a column to measure
        if m.how != "name" and is_identifier(m.column):
            continue  # "cars over 3000 lbs" of ``car_id``: the noun names the rows
        if any(
            names_owner(_phrase(r, m), f.column) and compared_by_its_measure(r, f.column)
            for f in _conditions(spec)
        ):
            continue  # "children taller than 70" of ``childHeight``: each row is a child
        if _doubted(spec, m.column):
            continue  # "number of flights" of ``flight``: counted as rows, the doubt named
        if spec.op == "count" and numbers_rows(r, m.column):
            continue  # "how many respondents" of a ``respondent`` column numbering the rows
        said = _phrase(r, m).lower()
        if _row_count(spec) and (said == r.frame.lower() or said in OPERATION_WORDS):
            # "how many days are in weather?": the table counted, said by its name; "how
            # many rows are there in total?": a word of the count, which a column shares
            continue
        out.append(LeftOut(_phrase(r, m), f"the column {m.column}, which the answer does not use"))
    return out


def _row_count(spec: Spec) -> bool:
    """The table's row count: it reads no column, so a column named ("how many babies
    were low birth weight?") is one it left out."""
    return spec.op == "shape" and spec.variant == "rows"


def _uses_time(spec: Spec) -> bool:
    periods = ("year", "years", "month", "quarter")
    return bool(spec.freq or spec.date_column) or any(
        f.op in periods or _TIME_NAME.search(f.column) for f in _conditions(spec)
    )


def _row_noun(r: Reading, m: Mention) -> bool:
    """A plural naming what the rows are: after "how many", "across", "each"..., or a
    label column (one distinct value a row, however few rows) said in the plural ("the
    states", "bc occupations")."""
    said = r.text[m.start : m.end].strip()
    if not said.endswith("s"):
        return False
    column = r.schema.column(m.column)
    if column.kind == "number" and not m.is_value and not _TIME_NAME.search(m.column):
        return False  # "how many stars do they have": a figure of each row, not the rows
    if _ROW_NOUN.search(r.text[: m.start]):
        return True
    if column.kind == "category":  # few rows, each its own value: a label all the same
        return len(set(column.values)) == r.schema.rows > 1
    return column.kind == "text" and (not column.values or not column.repeats)


def _name_like(written: str) -> bool:
    """Capitalised ("Paris"), or in a script with no capitals ("東京", "القاهرة"), where
    any word may be a name: one no column is linked to is never dropped in silence."""
    first = written[:1]
    return first.isupper() or (first.isalpha() and not first.islower())


def _unread_names(r: Reading) -> list[LeftOut]:
    """Capitalised words of the question (not opening a sentence) that no mention covers."""
    if not r.written or len(r.written) != len(r.text):
        return []
    out = []
    covered = [(m.start, m.end) for m in r.mentions]
    names = {n.lower() for n in r.schema.names()} | {r.frame.lower()}
    remaining = {w for w, _, _ in word_spans(r.skeleton)}
    for word, start, end in word_spans(r.written):
        written = r.written[start:end]
        if not _name_like(written) or _opens_sentence(r.written, start):
            continue
        if any(s <= start < e for s, e in covered) or word not in remaining:
            continue  # linked, or used up by a reading (a month, a rounding)
        if word in IGNORED or word in OPERATION_WORDS or word in names or len(word) < 2:
            continue
        if any(c.isdigit() for c in word):
            continue  # "Q3", "K2": a code of a method or a period, not a name
        out.append(LeftOut(written, "a name no column of the table holds"))
    return out


def _opens_sentence(text: str, start: int) -> bool:
    before = text[:start].rstrip()
    return not before or before[-1] in ".!?:;\"'(“"


_AGG_ALTERNATION = "|".join(
    sorted(
        {
            w
            for agg, words in table("analysis")["aggregations"].items()
            if agg not in ("min", "max", "count", "nunique", "mode")  # "the heaviest car"
            for w in words
            if " " not in w
        },
        key=len,
        reverse=True,
    )
)
_MEASURE_AFTER = re.compile(
    rf"\b(?:{_AGG_ALTERNATION})\s+(?:the\s+|of\s+(?:the\s+)?)?(?P<word>[a-z][a-z'-]+)\b"
)
_MEASURE_BEFORE = re.compile(
    rf"\b(?P<word>[a-z][a-z'-]+)\s+{_either(_GRAMMAR['measures']['after_word'])}\b"
)
_METHOD_WORDS = frozenset(table("analysis")["methods"]["words"]) | frozenset(
    table("analysis")["units"]["words"]
)
_PLACE = re.compile(
    rf"\b{_either(_GRAMMAR['places']['leads'])}\s+(?:the\s+)?(?P<word>[a-z][a-z'-]+)\b"
)


def _unknown(r: Reading, word: str) -> bool:
    """A content word that names nothing the reading knows (no column, value, operation,
    method or unit), and is not explained by a column named in parentheses after it."""
    if word not in r.unknown_words() or word in IGNORED:
        return False  # (an operation word is unknown only where it names things)
    if word in _METHOD_WORDS:
        return False
    if re.search(
        rf"\b{re.escape(word)}\b[^=.?]*=|\b(?:called|named)\s+(?:\w+\s+)?{re.escape(word)}\b",
        r.text,
    ):
        return False  # the name a question gives a new column ("consumption share = ...")
    at = r.skeleton.find(word)
    explained = re.match(r"[^()]{0,40}\([^)]*\bC\d+\b", r.skeleton[at:]) if at >= 0 else None
    return explained is None


def _unread_measures(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "their average lifespan", "the literacy rate": a measure named that no column holds.
    Where the answer is the statistic of every column, any measure named that links no
    column is one ("their mean *test score*": "test" is also a method's word)."""
    every_column = spec.op == "statistic" and spec.variant == "all"
    out = []
    told: list[tuple[int, int]] = []
    for pattern in (_MEASURE_BEFORE, _MEASURE_AFTER):
        for m in pattern.finditer(r.text):
            word = m.group("word")
            at = m.start("word")
            if any(s <= at < e for s, e in told):
                continue
            if _unknown(r, word) and not word.endswith("s"):
                out.append(LeftOut(word, "a measure no column of the table holds"))
            elif every_column and word not in IGNORED and not _linked_at(r, m.start(), m.end()):
                # "test score" whole, from the pattern that says the measure's noun
                said = m.group(0).strip() if pattern is _MEASURE_BEFORE else word
                out.append(LeftOut(said, "a measure no column of the table holds"))
            told.append((m.start(), m.end()))
    return out


def _unread_qualifiers(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "physician office visits" of ``ovisits`` beside ``visits``, ``nvisits`` and
    ``novisits``: a word before the measure that nothing reads, where other columns are
    named for the same thing, may be what chooses between them; named, never dropped."""
    out = []
    for m in r.mentions:
        if m.is_value or m.column not in spec.columns:
            continue
        said = _phrase(r, m).lower().split()
        head = said[-1] if said else ""
        siblings = [c for c in r.schema.names() if c != m.column and c.lower().endswith(head)]
        if len(head) < _SHORTEST_HEAD or not siblings:
            continue
        before = word_spans(r.text[: m.start])
        word = before[-1][0] if before else ""
        if word in _NO_QUALIFIERS:
            continue  # "excluding mean radius": a condition's word, no kind of radius
        if word and _unknown(r, word) and before[-1][2] + 1 >= m.start:
            why = f"which of the columns named for {head} ({m.column}, {', '.join(siblings)}) it is"
            out.append(LeftOut(f"{word} {_phrase(r, m)}", why))
    return out


_SHORTEST_HEAD = 4
"""A head word shorter than this ("id", "no") ends too many names to say they are alike."""
_NO_QUALIFIERS = STOPWORDS | frozenset(table("conditions_grammar")["exclusion_leads"])
_EXTREMES = table("analysis")["aggregations"]
_RANKED_BY = re.compile(
    rf"\b{_either(_GRAMMAR['ranked_by']['leads'])}\s+the\s+"
    rf"{_either([*_EXTREMES['min'], *_EXTREMES['max']])}\s+(?P<word>[a-z][a-z'-]+)\b"
)


def _unread_ranking(r: Reading) -> list[LeftOut]:
    """ "the district with the largest *enrollment*": a measure to rank rows by that no
    column holds (the answer was the largest of another column)."""
    return [
        LeftOut(m.group("word"), "what the rows are ranked by: no column of the table holds it")
        for m in _RANKED_BY.finditer(r.text)
        if _unknown(r, m.group("word"))
    ]


def _linked_at(r: Reading, start: int, end: int) -> bool:
    """Whether a column or value of the reading is said between ``start`` and ``end``."""
    return any(m.start < end and start < m.end for m in r.mentions)


def _unread_places(r: Reading) -> list[LeftOut]:
    """ "in the physics department": a place or group named that no column holds."""
    out = []
    for m in _PLACE.finditer(r.text):
        word = m.group("word")
        if _unknown(r, word) and (not word.endswith("s") or word.endswith(("ss", "ics"))):
            out.append(LeftOut(word, "a name no column of the table holds"))
    return out


_PLACE_ENDING = re.compile(rf"\b{_either(_GRAMMAR['places']['leads'])}\s+(?:the\s+)?$")


def _places_measured(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "dependents of workers *in the west*" answered with the total of a 0/1 ``west``:
    a yes/no column said as a place names rows, so a figure of its values answers
    another question; named, never shown complete."""
    if spec.op != "statistic":
        return []
    return [
        LeftOut(
            _phrase(r, m), f"read as the {' and '.join(spec.aggs)} of {m.column}: it names a place"
        )
        for m in r.mentions
        if not m.is_value
        and m.column in spec.columns
        and yes_no(r, m.column) is not None
        and _PLACE_ENDING.search(r.text[: m.start])
    ]


# "how many assistant professors": a word saying which kind of row, before what is counted.
_KIND_COUNTED = re.compile(
    rf"\b{_either(_GRAMMAR['kinds']['counted'], space=' ')}\s+(?:the\s+)?"
    r"(?P<kind>[a-z][a-z'-]+)\s+(?P<rows>[a-z][a-z'-]+s)\b"
)
# "average HR per team for catchers": the rows a question ends by choosing.
_KIND_CHOSEN = re.compile(
    r"\b(?:for|among|amongst)\s+(?:the\s+|all\s+)?"
    rf"(?P<rows>[a-z][a-z'-]+s|{_either(_GRAMMAR['modifiers']['irregular_plurals'])})"
    r"\s*(?:only\s*)?[?.!]?\s*$"
)
_PEOPLE = frozenset(table("analysis")["conditions"]["people"])


def _unread_kinds(r: Reading, spec: Spec) -> list[LeftOut]:
    """A kind of row said that no column holds: "how many *assistant* professors",
    "for *catchers*" (a value the table spells as a code the question cannot be tied to).
    A word for a value said another way ("for *females*" of ``Sex == "F"``) is read when
    the operation has a condition."""
    out = []
    for m in _KIND_COUNTED.finditer(r.text):
        kind = m.group("kind")
        if _unknown(r, kind) and not kind.endswith("s"):
            out.append(LeftOut(f"{kind} {m.group('rows')}", "a kind of row no column holds"))
    frame = r.frame.lower()
    for m in _KIND_CHOSEN.finditer(r.text):
        rows = m.group("rows")
        if read_as_a_value(rows, spec, r.schema):
            continue
        if _unknown(r, rows) and rows not in _PEOPLE and not frame.startswith(rows.rstrip("s")):
            out.append(LeftOut(rows, "a kind of row no column holds"))
    return out


# "which fertilizer gave ...", "the most homers", "the three most populous counties": what
# the question asks for by name, which a column must hold.
_ASKED_FOR = re.compile(
    r"\bwhich\s+(?P<which>[a-z][a-z'-]+)\b"
    rf"|\b{_either(_GRAMMAR['asked']['most'])}\s+(?!squares\b)(?:number\s+of\s+)?(?P<most>[a-z][a-z'-]+)\b"
)


_GENERIC = frozenset(table("analysis")["asked"]["generic"])
_PERIOD = re.compile(rf"{_either(table('accounting_periods')['asked'])}s?")
_COUNTING = re.compile(rf"\b(?:{_either(_GRAMMAR['asked']['counting'], space=' ')}|frequent\w*)\b")


def _unread_asked(r: Reading, spec: Spec) -> list[LeftOut]:
    """The thing a question asks for ("which *fertilizer*", "the most *homers*") when no
    column holds it: the answer would be about something else. So too any unknown word
    of a ranking by the number of rows the question never asked to count ("the three
    most *populous* counties")."""
    out = []
    counted = spec.op in ("groupby", "resample") and spec.aggs == ("size",)
    if counted and not _COUNTING.search(r.question.lower()):
        out += [LeftOut(w, "a measure no column of the table holds") for w in r.unknown_words()]
    frame = r.frame.lower().rstrip("s")
    for m in _ASKED_FOR.finditer(r.text):
        word = m.group("which") or m.group("most")
        if not _unknown(r, word) or word in _PEOPLE or (frame and word.startswith(frame)):
            continue
        if _PERIOD.fullmatch(word) or word in _GENERIC:
            continue  # "which decade" (a period of the table's dates), "which pair of ..."
        if m.group("which") and word.endswith("s") and not word.endswith("ss"):
            continue  # "which states", "which years": what the rows are, said in the plural
        if m.group("which") and _groups_rows_apart(r, spec):
            # "which director has the highest average rating?" of a film table: each title
            # is one film, so its "average" is the film's own figure, no director's
            out.append(
                LeftOut(word, f"a thing no column holds ({spec.group_by[0]} names each row)")
            )
            continue
        if m.group("which") and spec.op != "rows":
            continue  # only a row picked by its number answers "which X?" with no X at all
        if m.group("which") and (word.rstrip("s") in frame or _labels_it(spec, word)):
            continue  # "which car" of ``mtcars``, "which carrier" by ``carrier_name``
        # "which warehouse has the most revenue" with no warehouse column: the row's
        # customer is no warehouse, so the name put in its place is left out
        if m.group("most") and (not word.endswith("s") or word.endswith(("ss", "ous"))):
            continue  # "the most recent", "most likely": how, not what is counted
        if m.group("most") and "size" not in spec.aggs:
            continue  # a column is measured: the plural is what its rows are
        out.append(LeftOut(word, "a thing no column of the table holds"))
    return out


def _groups_rows_apart(r: Reading, spec: Spec) -> bool:
    """Whether the rows are grouped by a column the question did not name, whose values
    are (nearly) all different: the groups are the rows themselves."""
    if spec.op != "groupby" or len(spec.group_by) != 1:
        return False
    key = spec.group_by[0]
    return not any(m.column == key for m in r.mentions) and tells_rows_apart(r, key)


def _column_words(spec: Spec) -> set[str]:
    """The words of the names of the columns the answer uses ("km" of ``distance_km``)."""
    return {w.lower().rstrip("s") for c in used_columns(spec) for w in identifier_words(c)}


_GENERIC_LABELS = frozenset(_GRAMMAR["asked"]["generic_labels"])


def _labels_it(spec: Spec, word: str) -> bool:
    """Whether the column naming the picked row is named for ``word`` ("carrier_name"), is
    the rows' own id ("which trip" of a rides table answered by ``ride_id``) or names the
    rows themselves (``name``): a name column of some other thing (the customer for
    "which warehouse") is none of these."""
    label = spec.label_column or ""
    if not label:
        return False
    generic = not set(w.lower() for w in identifier_words(label)) - _GENERIC_LABELS
    return generic or is_identifier(label) or word.rstrip("s") in label.lower()


def _unread_groups(r: Reading, spec: Spec) -> list[LeftOut]:
    out = []
    grouped = bool(spec.group_by or spec.freq or spec.op in ("pivot", "bins", "resample"))
    # "tip per person by day": "by day" was read, "per person" was not. A grouping word
    # before a word no column holds is left out whether or not another grouping was read.
    for m in _GROUP_ASKED.finditer(r.skeleton):
        what = m.group("what")
        first = what.split()[0]
        if first in IGNORED:
            continue
        if first in OPERATION_WORDS and (
            names_an_operation(r.skeleton, m.start("what"))
            or asks_for_a_label(r.skeleton, m.start("what"))
        ):
            continue  # "by month", "by mean": no group; "per order" is one
        if grouped and first.rstrip("s") in _column_words(spec):
            continue  # "fare per km" read as a ratio to ``distance_km``: used
        out.append(LeftOut(m.group(0).strip(), "a grouping I could not tie to a column"))
    if not grouped:
        each = _EACH_UNNAMED.search(r.text)
        if each is not None:
            # "the number of orders in each": the groups were said elsewhere, not here
            out.append(LeftOut(each.group(0), "a grouping with no groups named: each of what?"))
    if spec.op in ("pivot", "bins"):
        return out
    grouping = _grouping_columns(spec)
    for m in _GROUP_BY_COLUMN.finditer(r.skeleton):
        # "how many rows per region": a column asked to group by, which the answer does
        # not group by. A column the answer only filters on ("by year from 2000 on") is
        # not grouped; "top 3 states by poverty" ranks by it: used.
        column = r.column_at(int(m.group("index")))
        if names_doer(r, m.start(), (column,)):
            continue  # "polls were taken by poll takers other than Gallup": who took them
        if _doubted(spec, column):
            continue  # "by number of flights" of ``flight``: counted as rows, the doubt named
        # "average depth per magnitude" answered with the mean of both: measured, not grouped
        measured_only = spec.op == "statistic" and column in spec.columns
        if (column not in grouping or measured_only) and not (
            _TIME_NAME.search(column) and _groups_by_time(spec)
        ):
            out.append(
                LeftOut(f"{m.group('how')} {column}", "a grouping the answer does not apply")
            )
    return out


def _grouping_columns(spec: Spec) -> set[str]:
    """The columns the operation that runs can split its answer by: what it groups by (a
    plot draws its first group only), measures, ranks by, labels, or compares the sides of.
    A column used only to select rows is not one of them."""
    used = used_columns(spec) - {f.column for f in spec.filters}
    used |= {f.column for f in (*spec.measure, *spec.lookup)}
    drawn = spec.columns[:1] if spec.op == "plot" and spec.plot in _SERIES_PLOTS else spec.columns
    if spec.op == "plot":
        used -= {*spec.group_by[1:], *spec.columns[len(drawn) :]}
    used |= {*drawn, spec.label_column or "", spec.date_column or ""}
    used |= set(spec.group_by[:1] if spec.op == "plot" else spec.group_by)
    return used


_SERIES_PLOTS = frozenset({"line", "bar", "pie"})
"""Plots that draw one measure (their first column) against one group or period."""


def _groups_by_time(spec: Spec) -> bool:
    """The answer is split by a period: a frequency, a date axis, a time operation, or a
    group-by column named for a period (a filter on the year is not a split by year)."""
    if spec.freq or spec.date_column or spec.op in ("resample", "trend"):
        return True
    grouped = spec.group_by[:1] if spec.op == "plot" else spec.group_by
    return any(_TIME_NAME.search(g) for g in grouped)


_EACH_UNNAMED = re.compile(
    rf"\b{phrase_table('clauses').either('each_group')}"
    rf"(?=\s*[?.!,;:]*\s*$|\s*[,:]|\s+{phrase_table('clauses').either('scope_leads')}\b)",
    re.IGNORECASE,
)
"""An "in each", "for each one" said with no groups after it: closing the question, said
first ("in each, how many ..."), or before another phrase ("the average sugars of each
for cereals on shelf 1"): groups referred to, none named."""
_GROUP_BY_COLUMN = re.compile(
    rf"\b(?P<how>{_either(_GRAMMAR['groups']['by_column'], space=' ')})\s+"
    r"(?:the\s+|each\s+)?C(?P<index>\d+)\b"
)


def _unmade_comparison(r: Reading, spec: Spec) -> list[LeftOut]:
    if spec.op not in PLAIN_OPS or spec.derived is not None:
        return []
    change = next(  # a value or a column said ("declined", ``sales_growth``) is no change
        (
            c
            for c in changes_between_ends(r.text)
            if not any(m.start <= c.start() < m.end for m in r.mentions)
        ),
        None,
    )
    if change is not None:
        # "how much did wages rise between 1700 and 1800?", "... in each region?": the
        # rows of the span, their mean or each group's total are no change between ends
        why = "a comparison of its two ends: the answer gives no change from one to the other"
        return [LeftOut(change.group(0), why)]
    difference = _DIFFERENCE.search(r.text)
    if difference and spec.op == "groupby" and spec.variant == "mapping":
        # "difference in average cost between e-bikes and regular bikes": each side's
        # figure is shown, their difference is not
        why = "a difference of the sides: the answer gives each side's figure, not the difference"
        return [LeftOut(difference.group(0), why)]
    if spec.group_by:
        return []
    m = _COMPARISON.search(r.text) or _YES_NO_COMPARISON.search(r.text)
    if m is None or (spec.op == "unique" and _COUNTED_DISTINCT.search(r.text[: m.end()])):
        return []  # "how many different schools": their distinct values, counted
    counted = m.re is _COMPARISON and m.group(0).startswith("how many")
    if counted and not _MANY_MORE.search(m.group(0)) and not _THAN.search(r.skeleton):
        # "how many storms were stronger than category 3": the "than" was read as a row
        # condition (a threshold), and no two sides are compared
        return []
    said = m.group("than") if "than" in m.groupdict() and m.group("than") else m.group(0)
    return [LeftOut(said, "a comparison: the answer gives one figure, not one per side")]


# "is GOOG's average price higher than AMZN's?": a yes/no question that compares two sides.
_COMPARATIVES = sorted(
    {
        p
        for op in (">", "<")
        for p in table("analysis")["comparisons"]["before"][op]
        if p.endswith(" than")
    }
    | set(table("analysis")["comparisons"]["judged"]["words"])
)
_THAN = re.compile(r"\bthan\b")
_DIFFERENCE = re.compile(
    rf"\b{_either(table('families_shapes')['compare']['differences'])}"
    r"(?=\s+(?:in\s+[\w\s]+?\s+)?between\b)"
)
"""A difference asked between sides ("the difference in average cost between ...")."""
_MANY_MORE = re.compile(rf"\bmany\s+{_MORE}\b")
"""\"how many more A than B\": a difference of two counts, not a threshold."""
_YES_NO_COMPARISON = re.compile(
    rf"^\s*(?:{_either(_GRAMMAR['comparison']['yes_no_joins'])}\s+)?"
    rf"{_either(_GRAMMAR['comparison']['yes_no_openers'])}\b.*?"
    rf"\b(?P<than>{alternation(_COMPARATIVES)})\b"
)
# "which ...?" asks for a name (a group, a row, a period): a statistic of a measure answers
# another question.
_WHICH_WORD = _either(_GRAMMAR["which"]["words"])
_WHICH = re.compile(rf"^\s*(?:{_either(_GRAMMAR['which']['joins'])}\s+)?{_WHICH_WORD}\b")
_WHICH_SAID = re.compile(rf"\b{_WHICH_WORD}\b(?:\s+\w+){{0,2}}")
"""What a "which" question asks to name, as said: "which three states"."""
_FIGURE_OPS = frozenset({"statistic", "count", "percentage", "shape", "summary"})


def _unnamed_answer(r: Reading, spec: Spec) -> list[LeftOut]:
    """A "which ...?" question answered by a figure, not by the name it asks for."""
    figure = (
        spec.op in _FIGURE_OPS
        or (spec.op == "rows" and spec.variant == "values")
        # "who led BOS in hits?" answered by the hit figures of BOS's rows: no one named
        or (spec.op == "value" and all(r.kind(c) == "number" for c in spec.columns))
    )
    asked = r.question.lower()  # as said: a ranking's "which 2" is blanked from the text
    if not figure or spec.variant == "label" or not _WHICH.search(asked):
        return []
    m = _WHICH_SAID.search(asked)
    said = m.group(0) if m else "which"
    return [LeftOut(said, UNNAMED_ANSWER)]


UNNAMED_ANSWER = "what the question asks to name: the answer is a figure, not a name"


# Statistics that no counting or share operation computes: "the *average* percentage of
# people below the poverty line" answered by each county's share of the rows has lost it.
_COMPUTED = ("mean", "median", "sum", "std", "var")
_STATISTIC_WORDS = {
    agg: [w for w in table("analysis")["aggregations"][agg] if " " not in w] for agg in _COMPUTED
}
_COUNTING_OPS = frozenset({"percentage", "count", "unique", "shape", "value_counts"})
_EXTREMES = ("max", "min")
_EXTREME_WORDS = {
    agg: [w for w in table("analysis")["aggregations"][agg] if " " not in w] for agg in _EXTREMES
}


def _unapplied_statistic(r: Reading, spec: Spec) -> list[LeftOut]:
    """A statistic the question asks for that the (counting) operation does not compute."""
    if spec.op not in _COUNTING_OPS:
        return []
    out = []
    text = statistic_text(r)  # "how many airports in total?" asks no sum
    for agg in dict.fromkeys(a for a in r.aggs if a in _COMPUTED):
        if agg in spec.aggs:
            continue
        m = re.search(rf"\b(?:{alternation(_STATISTIC_WORDS[agg])})\b", text)
        if m:
            out.append(LeftOut(m.group(0), "a statistic the answer does not compute"))
    shared = re.search(PERCENT, text)
    if spec.op == "percentage" and not spec.group_by and shared is not None:
        for agg in dict.fromkeys(a for a in r.aggs if a in _EXTREMES):
            # "highest hourly rate among people paid by the hour": one share of all the
            # rows has no highest; the extreme said before it asks for another figure
            m = re.search(rf"\b(?:{alternation(_EXTREME_WORDS[agg])})\b", text[: shared.start()])
            if m:
                out.append(LeftOut(m.group(0), "a ranking one share of the rows cannot answer"))
    return out
