"""A bound on how many rows each thing has: "how many people won more than once?".

In a table of awards (one row a win) the people who won more than once are the names on
two rows or more; counting the rows (8 wins) or the names (5 people) answers a simpler
question. The things are the values of the column the question's noun names
("customers" for ``customer``) or, for "people" and "who", of the one column of people
(:func:`.person_columns.names_people`); the bound is said as a number of times ("more
than once", "at least 3 times") or of the table's rows ("at least 3 orders", "2 or more
visits"). The answer is how many things meet it, or ("which ...") the things, with their
counts. When no column surely names the things, the question is declined: a row count
would be the simpler question again. The words are in ``language/data/entity_counts.toml``.
"""

from __future__ import annotations

import re

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.column_names import is_identifier, plural_of_its_name
from notebook_router.analyst.intents import base
from notebook_router.analyst.person_columns import names_people
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Decline, Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import forms
from notebook_router.language.tables import table

_WORDS = table("entity_counts")
_TIMES_WORDS = table("counted_times")
_TIMES: dict[str, int] = _TIMES_WORDS["times"]
_BOUNDS: dict[str, str] = _TIMES_WORDS["bounds"]
_AFTER: dict[str, str] = _WORDS["after_figure"]
_FIGURES: dict[str, int] = _WORDS["figures"]
_SMALL = alternation(_FIGURES)
"""A number said in words ("more than one order"), read as its figure."""
_ENDS = alternation(_TIMES_WORDS["bare_followed_by"]["words"])
_END = rf"(?=\s*(?:[?.!,;]|$|(?:{_ENDS})\b|[CV]\d+\b))"
"""What may follow a number of times: the end, or the next part ("twice as high" is none)."""
_NOUN_END = rf"(?:{_END}|(?=\s+(?:{alternation(_WORDS['after_row_noun'])})\b))"
"""What may follow a row noun: also a place or a thing it was with ("one visit to clinic 2")."""
_BOUND = re.compile(
    rf"\b(?:(?P<bound>{alternation(_BOUNDS)})\s+(?:(?P<word>{alternation(_TIMES)}){_END}"
    rf"|(?P<figure>\d+|{_SMALL})(?:\s+(?P<noun>[a-z]+){_NOUN_END}|{_END}))"
    rf"|(?P<first>\d+|{_SMALL})(?P<unit>\s+(?:{alternation(_TIMES_WORDS['times_unit']['words'])}))?"
    rf"\s+(?P<after>{alternation(_AFTER)})"
    rf"(?:\s+(?P<after_noun>[a-z]+){_NOUN_END}|{_END})"
    rf"|(?P<times>{alternation(_TIMES)})\s+(?P<times_after>{alternation(_AFTER)}){_END}"
    rf"|(?P<repeated>{alternation(_WORDS['repeated'])}){_END})"
)
_LEAD = re.compile(
    rf"\b(?P<lead>{alternation(_WORDS['leads'])})\s+(?:(?:{alternation(_WORDS['between'])})\s+)*"
    rf"(?:C(?P<column>\d+)\b|(?P<noun>[a-z]+))"
)
_WHO = re.compile(r"^\s*who\b")
_PEOPLE = frozenset(_WORDS["people"]["nouns"])
_ROW_NOUNS = frozenset(_WORDS["row_nouns"])
_ENTITY_KINDS = ("text", "category")
_COUNTING = frozenset({"count", "nunique"})
_COUNTING_LEADS = frozenset(_WORDS["counting_leads"])
_AFTERS = f"(?:{alternation(_AFTER)})"
_FIGURE_AFTER = re.compile(r"\s+(?:no\.?\s*|#\s*)?\d+(?![\d.,%]|\s*[a-z])")
"""A figure right after a column ("clinic 2", "store #4"), no unit or noun after it."""


def entity_counts(r: Reading) -> Spec | Decline | None:
    """The things (values of one column) whose number of rows meets a bound the question
    says, counted or listed; None when the question says no such bound."""
    found = _bound(r)
    if found is None:
        return None
    op, times, span = found
    lead = _LEAD.search(r.skeleton[: span[0]])
    if lead is None and not _WHO.match(r.skeleton):
        return None
    rest = r.skeleton[: span[0]] + " " * (span[1] - span[0]) + r.skeleton[span[1] :]
    if set(ph.aggregations(rest)) - _COUNTING or _measured(r, lead):
        return None  # "the newest on average, among those with at least 100": more than a bound
    column = _entity(r, lead)
    if column is not None and not _repeats(r, column):
        return None  # one row a state: "states with fewer than 50 murders" bounds a measure
    if column is None:
        return Decline(
            "I couldn't tell which column names the things whose rows are counted (who or "
            "what had more or fewer rows), and counting rows instead would answer another "
            "question. Name the column, e.g. 'how many <column> values appear more than once'."
        )
    r.skeleton = rest
    counting = lead is not None and lead.group("lead") in _COUNTING_LEADS
    return base(
        r, "entity_counts", variant="count" if counting else "list", columns=(column,),
        method=op, threshold=float(times),
    )  # fmt: skip


def _measured(r: Reading, lead: re.Match[str] | None) -> bool:
    """A column is said besides the things' own: the question measures more than rows."""
    own = int(lead.group("column")) if lead is not None and lead.group("column") else None
    return any(
        not m.is_value
        and i != own
        and not _row_noun_id(r, m.start, m.end, m.column)
        and not _names_its_value(r, i)
        for i, m in enumerate(r.mentions)
    )


def _names_its_value(r: Reading, index: int) -> bool:
    """A column said just before one of its values ("visited *clinic* N"): a condition on
    the rows counted, not a measure."""
    m = r.mentions[index]
    figure = _FIGURE_AFTER.match(r.text, m.end)
    if r.kind(m.column) == "number" and figure:
        return True  # "visit to clinic 2": a number column's values are no mentions
    if r.kind(m.column) == "number" and _figure_filtered(r, m.column, m.end):
        return True  # "visited clinic 2 more than once": clinic == 2 is already a condition
    after = [n for n in r.mentions if n.start >= m.end]
    following = min(after, key=lambda n: n.start, default=None)
    before = [n for n in r.mentions if n.end <= m.start]
    preceding = max(before, key=lambda n: n.end, default=None)  # "the North store"
    return any(
        n is not None
        and n.is_value
        and n.column == m.column
        and not r.text[min(n.end, m.end) : max(n.start, m.start)].strip()
        for n in (following, preceding)
    )


def _figure_filtered(r: Reading, column: str, end: int) -> bool:
    """The figure right after a number column's name is the value a condition on that
    column keeps ("clinic 2 more than once" with ``clinic == 2`` read)."""
    said = re.match(r"\s+(?:no\.?\s*|#\s*)?(\d+(?:\.\d+)?)\b", r.text[end:])
    if said is None:
        return False
    value = float(said.group(1))
    return any(
        f.column == column and f.op == "==" and isinstance(f.value, (int, float))
        and not isinstance(f.value, bool) and float(f.value) == value
        for f in r.filters
    )  # fmt: skip


def _row_noun_id(r: Reading, start: int, end: int, column: str) -> bool:
    """A row noun said as such that linked to the rows' identifier ("more than one visit"
    to ``visit_id``, "1000 flights" to each row's ``flight`` number): it names the rows
    counted, no measure."""
    said = r.text[start:end].lower().strip()
    if said in forms(_frame_noun(r)) and plural_of_its_name(said, column):
        return True  # "at least 1000 flights" of a ``flights`` table's ``flight`` numbers
    return is_identifier(column) and said in _ROW_NOUNS | forms(_frame_noun(r))


def _repeats(r: Reading, column: str) -> bool:
    """Some value of ``column`` stands on several rows, so its rows can be counted."""
    distinct, _ = r.schema.spread(column)
    return 0 < distinct < r.schema.rows


def _bound(r: Reading) -> tuple[str, int, tuple[int, int]] | None:
    """The comparison, the number of rows and where the bound stands in the skeleton."""
    for m in _BOUND.finditer(r.skeleton):
        if m.group("repeated"):
            return ">", 1, m.span()
        if m.group("word"):
            return _BOUNDS[_spaced(m.group("bound"))], _TIMES[m.group("word")], m.span()
        if m.group("times"):  # "twice or more"
            return _AFTER[_spaced(m.group("times_after"))], _TIMES[m.group("times")], m.span()
        noun = m.group("noun") if m.group("figure") else m.group("after_noun")
        if not m.group("figure") and m.group("unit"):  # "3 times or more": rows, however said
            return _AFTER[_spaced(m.group("after"))], _number(m.group("first")), m.span()
        if not _rows_said(r, m, noun):
            continue
        if m.group("figure"):
            return _BOUNDS[_spaced(m.group("bound"))], _number(m.group("figure")), m.span()
        return _AFTER[_spaced(m.group("after"))], _number(m.group("first")), m.span()
    return None


def _number(said: str) -> int:
    return _FIGURES[said] if said in _FIGURES else int(said)


def _rows_said(r: Reading, m: re.Match[str], noun: str | None) -> bool:
    """The figure counts rows: a noun a row may be follows it ("3 orders", "2 times"), or
    the table's own name did and was blanked from the skeleton ("at least 3 orders" of a
    table ``orders``), the figure perhaps said in words in the question ("two orders")."""
    rows = _ROW_NOUNS | forms(_frame_noun(r))
    if noun is not None:
        return noun in rows
    number = _number(m.group("figure") or m.group("first"))
    said = alternation([str(number), *(w for w, n in _FIGURES.items() if n == number)])
    after = re.findall(rf"(?<![\w.])(?:{said})\s+(?:{_AFTERS}\s+)?([a-z]+)", r.question.lower())
    return any(word in rows for word in after)


def _frame_noun(r: Reading) -> str:
    name = r.frame.strip().lower().rsplit("_", 1)[-1]
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


def _spaced(words: str) -> str:
    return re.sub(r"\s+", " ", words)


def _entity(r: Reading, lead: re.Match[str] | None) -> str | None:
    """The column whose values are the things: the column the noun after the lead names,
    or for "people" and "who" the one column of people."""
    if lead is not None and lead.group("column") is not None:
        index = int(lead.group("column"))
        if index < len(r.mentions) and not r.mentions[index].is_value:
            column = r.mentions[index].column
            if r.kind(column) in _ENTITY_KINDS or _names_things(r, column):
                return column
            return None
        return None
    if lead is not None and lead.group("noun") not in _PEOPLE:
        return _noun_column(r, lead.group("noun"))
    people = [c for c in r.schema.names() if r.kind(c) in _ENTITY_KINDS and names_people(c)]
    return people[0] if len(people) == 1 else None


def _names_things(r: Reading, column: str) -> bool:
    """A number column of identifiers that repeat ("patients" for ``patient_id`` in a
    table of visits): each value one thing, its rows counted."""
    return r.kind(column) == "number" and is_identifier(column) and _repeats(r, column)


def _noun_column(r: Reading, noun: str) -> str | None:
    """The text column whose name's word is ``noun`` in the singular or plural."""
    named = [
        c
        for c in r.schema.names()
        if r.kind(c) in _ENTITY_KINDS and noun in forms(c.strip().lower())
    ]
    return named[0] if len(named) == 1 else None
