"""Negated values of a yes/no or two-valued column: "unmarried", "non-smokers", "aren't married".

The reading links "married" to the column ``married`` and "smokers" to the value
``smoker``; a negation glued to the word ("un", "non-") or said just before it ("not",
"n't") turns the condition round: the other of two values, the "no" of a yes/no column,
a value spelt with the negation itself ("nonsmoker", "not white") where the column holds
one, and otherwise ``!=``. A negation said with an auxiliary or "do" before a verb
phrase ("people who don't live in Paris", "revenue that isn't from store A", "customers
who didn't get a refund") negates the value or yes/no column the phrase leads to; one
whose phrase reaches a value through other words ("didn't buy anything in the North")
has no clear scope: it is named as not applied, and so is the condition it reaches,
rather than read either way. A negation before a comparison no reader turns round
("didn't score more than 20") is named too. The words live in ``language/data/negation.toml``.
"""

from __future__ import annotations

import re

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut, Scalar
from notebook_router.language.negations import CONTRACTED
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import in_order, phrase_table
from notebook_router.language.stems import stem
from notebook_router.language.tables import table

_TABLE = table("negation")
_PREFIXES: list[str] = _TABLE["prefixes"]
_NAME_ONLY: frozenset[str] = frozenset(_TABLE["name_only_prefixes"])
_ANALYSIS = table("analysis")["conditions"]
_YES = frozenset(_ANALYSIS["yes"])
_NO = frozenset(_ANALYSIS["no"])
_MARKER = re.compile(
    rf"(?:\b|(?<=\w))(?:{alternation(_TABLE['markers'])})(?:\s+(?:{alternation(_TABLE['between'])})\b)*\s*$"
)
"""A negation ending just before a column or value ("aren't ", "not the ", "non-")."""
_PREFIXED = re.compile(rf"\b(?:{alternation(_PREFIXES)})[a-z]{{3,}}\b")
_SLOT = re.compile(r"\b([CV])(\d+)\b")
_SAID = phrase_table("negation")
_SCOPE_REACH = 5
"""The most words a verb negation may stand before a value and still be taken to reach
it ("didn't buy anything in the North": four); further away it negates something else."""
_VERBAL = (
    rf"(?:{_SAID.either('do_negations')}|{_SAID.either('aux_negations')}"
    rf"|{_SAID.either('pair_negations')})"
)
_CONDITION_LEAD_IN: tuple[str, ...] = tuple(table("conditions_grammar")["negated_lead_in"])
_LEAD_IN = in_order((*_CONDITION_LEAD_IN, *_SAID.words("verb_lead_in")))
_READ_NEGATED = re.compile(rf"(?:\s+{in_order(_CONDITION_LEAD_IN)}\b)*\s+[$€£]?[\d,.]*")
"""What a condition's own reader takes as negated between the negation and its number
("weren't *in* 3rd class", "aren't 4-cylinder", "weren't *made in* 2008")."""
_VERB_NEGATED = re.compile(
    rf"\b{_VERBAL}(?![\w'])(?:\s+(?:(?![CV]\d)(?!{_LEAD_IN}\b)[a-z]+|C(?P<verb>\d+)))?"
    rf"(?:\s+{_LEAD_IN}\b)*\s+(?:C(?P<named>\d+)\s+)?(?P<slot>[CV])(?P<i>\d+)\b"
)
"""A verb phrase negated before its value: "don't live in V1", "isn't from C2 V3",
"never C4" (one verb at most, then only words that lead to the value). The verb may
spell part of a column's name ("don't *play* for the Reds" beside ``player``)."""
_BARE_NEGATED = re.compile(
    rf"\b{_SAID.either('bare_negations')}\s+(?!{_SAID.either('bare_negation_degrees')}\b)"
    rf"(?:(?![CV]\d)(?!{_LEAD_IN}\b)[a-z]+|C(?P<verb>\d+))"
    rf"(?:\s+{_LEAD_IN}\b)*\s+(?:C(?P<named>\d+)\s+)?(?P<slot>[CV])(?P<i>\d+)\b"
)
"""A participle negated without an auxiliary before its value: "movies not C1 V2" ("not
rated R"), "not classified as V1". The participle is required: "not V1" and "not in V1"
are read by the negations said just before a value."""
_NEGATED_NUMBER = re.compile(
    rf"\b(?P<negation>{_VERBAL})(?![\w'])(?:\s+(?:C\d+|[a-z]+)){{0,{_SCOPE_REACH}}}\s+[$€£]?\d(?:[\d,.]*\d)?"
)
"""A negated comparison or number: "didn't score more than 20", "aren't older than 50"."""
_LIST_JOINS = frozenset(_SAID.words("list_joins"))
_OUT_OF_LIST_JOINS = _LIST_JOINS - frozenset(_SAID.words("negating_joins"))
"""Joins that, before another column's value, leave unclear whether the negation reaches it
("don't live in Paris or smoke"); "nor" negates what follows it too."""
_JOINS = f"{_SAID.either('list_joins')}|{_SAID.either('and_joins')}"
_NEXT_SLOT = re.compile(
    rf"(?:\s*,\s*|\s+(?=(?:{_JOINS})\s))(?:(?P<join>{_JOINS})\s+)?"
    rf"(?P<lead>(?:{_LEAD_IN}\s+)*)(?:C(?P<named>\d+)\s+)?(?P<slot>[CV])(?P<i>\d+)\b"
)
"""Another value or yes/no column after a negated one, after a comma or a join: "Paris,
Rome or London", "nor in Rome", "or store B" (not "don't smoke *in Paris*", which says
where)."""
_UNCLEAR = re.compile(
    rf"\b{_VERBAL}(?![\w'])(?:\s+(?![CV]\d)[a-z'-]+){{1,{_SCOPE_REACH}}}"
    rf"\s+(?P<slot>[CV])(?P<i>\d+)\b"
)
"""A verb negation that reaches a value only through other words ("didn't buy anything
in the V1"): which part it negates is not clear."""


def negated_conditions(r: Reading) -> list[Filter]:
    """The negated conditions of ``r`` (blanked from its skeleton), prefixed words first.

    A column whose other side the question also names ("married and unmarried", "smokers
    and non-smokers") asks for both sides: no negated condition is read on it, and the
    rest of the reading (a comparison, a breakdown, or a partial answer) takes it."""
    return [
        *_prefixed_words(r),
        *_verb_negated(r),
        *_negated_lists(r),
        *_negated_slots(r),
        *_unclear_scope(r),
    ]


def _said_plainly_elsewhere(r: Reading, column: str, skip: tuple[int, int]) -> bool:
    """Whether the skeleton still names ``column`` (its name or a value) outside ``skip``."""
    for m in _SLOT.finditer(r.skeleton):
        if skip[0] <= m.start() < skip[1]:
            continue
        if r.mentions[int(m.group(2))].column == column:
            return True
    return False


def _value_said_elsewhere(r: Reading, index: int, skip: tuple[int, int]) -> bool:
    """Whether the skeleton names mention ``index``'s value again, plainly, outside ``skip``."""
    said = r.mentions[index]
    for m in _SLOT.finditer(r.skeleton):
        other = r.mentions[int(m.group(2))]
        if m.group(1) != "V" or skip[0] <= m.start() < skip[1]:
            continue
        if other.column == said.column and other.value == said.value:
            return True
    return False


def _values(r: Reading, column: str) -> list[Scalar]:
    return list(r.schema.column(column).values)


def _no_side(r: Reading, column: str) -> Scalar | None:
    """A yes/no column's "no" value (0, False, "no", "N"...), or None for any other column."""
    values = _values(r, column)
    if len(values) != 2:
        return None
    if r.kind(column) == "binary":
        return values[0]
    said = [str(v).strip().lower() for v in values]
    for i, word in enumerate(said):
        if word in _YES and said[1 - i] in _NO:
            return values[1 - i]
    return None


def spelt_negated(r: Reading, column: str, value: Scalar, said: str = "") -> Scalar | None:
    """A value of ``column`` that is ``value`` with a negation in front ("nonsmoker", "not
    white"), or with the negation ``said`` ("never" of "have never been married": the
    label "Never Married")."""
    if not isinstance(value, str):
        return None
    negations = [*_PREFIXES, *_TABLE["markers"], *([said] if said else [])]
    wanted = {squashed(p + value) for p in negations if p not in _NAME_ONLY}
    for v in _values(r, column):
        if isinstance(v, str) and squashed(v) in wanted:
            return v
    return None


def squashed(text: str) -> str:
    """``text`` lower-cased without spaces, hyphens or apostrophes ("Non-Smoker" -> "nonsmoker")."""
    return re.sub(r"[\s\-']+", "", text.lower())


def _other(r: Reading, column: str, value: Scalar, said: str = "") -> Filter:
    """The condition for "not ``value``" on ``column`` (negated by ``said``, when known)."""
    spelt = spelt_negated(r, column, value, said)
    if spelt is not None:
        return Filter(column, "==", spelt)
    others = [v for v in _values(r, column) if v != value]
    if len(others) == 1 and len(_values(r, column)) == 2:
        return Filter(column, "==", others[0])
    return Filter(column, "!=", value)


def _blank(r: Reading, start: int, end: int) -> None:
    r.skeleton = r.skeleton[:start] + " " * (end - start) + r.skeleton[end:]


def _negated_slots(r: Reading) -> list[Filter]:
    """ "non- V1", "aren't C1", "not the V2": a linked value or yes/no column just after a negation."""
    out: list[Filter] = []
    for m in list(_SLOT.finditer(r.skeleton)):
        lead = _MARKER.search(r.skeleton[max(0, m.start() - 30) : m.start()])
        if lead is None:
            continue
        start = m.start() - (len(r.skeleton[max(0, m.start() - 30) : m.start()]) - lead.start())
        if _said_plainly_elsewhere(r, r.mentions[int(m.group(2))].column, (start, m.end())):
            continue
        if m.group(1) == "C":
            column = r.column_at(int(m.group(2)))
            no = _no_side(r, column)
            if no is None:
                continue
            out.append(Filter(column, "==", no))
        else:
            mention = r.mentions[int(m.group(2))]
            if mention.how == "contains" or mention.column is None:
                continue
            if (
                len(_values(r, mention.column)) != 2
                and spelt_negated(r, mention.column, mention.value) is None
            ):
                continue  # more than two values and none spelt negated: conditions reads it as !=
            out.append(_other(r, mention.column, mention.value))
            r.negated.add(int(m.group(2)))
        _blank(r, start, m.end())
    return out


def _prefixed_words(r: Reading) -> list[Filter]:
    """ "unmarried", "nonsmokers": one word, a negating prefix on a column's name or a value."""
    out: list[Filter] = []
    for m in list(_PREFIXED.finditer(r.skeleton)):
        found = _prefixed(r, m.group(0))
        if found is not None and _said_plainly_elsewhere(r, found.column, (m.start(), m.end())):
            why = f"both sides of {found.column} are named: ask for it by {found.column}"
            r.unapplied.append(LeftOut(m.group(0), why))
            continue
        if found is not None:
            out.append(found)
            _blank(r, m.start(), m.end())
    return out


def _prefixed(r: Reading, word: str) -> Filter | None:
    for prefix in _PREFIXES:
        if not word.startswith(prefix) or len(word) - len(prefix) < 3:
            continue
        rest = stem(word[len(prefix) :])
        for col in r.schema.columns:
            name = col.name
            no = _no_side(r, name)
            if no is not None and stem(name.lower()) == rest:
                return Filter(name, "==", no)
            if prefix in _NAME_ONLY or col.kind != "category" or len(col.values) > 50:
                continue
            for value in col.values:
                if isinstance(value, str) and stem(squashed(value)) == stem(squashed(word)):
                    return Filter(name, "==", value)  # the negated value itself: "nonsmoker"
            for value in col.values:
                if isinstance(value, str) and stem(value.lower()) == rest:
                    return _other(r, name, value)
    return None


def _as_said(r: Reading, start: int, end: int) -> str:
    """The skeleton's ``start:end`` in the question's words (each slot back to its mention)."""
    part = r.skeleton[start:end]
    return " ".join(
        _SLOT.sub(
            lambda m: r.text[r.mentions[int(m[2])].start : r.mentions[int(m[2])].end], part
        ).split()
    )


def _negatable(r: Reading, slot: str, index: int) -> bool:
    """Whether mention ``index`` is a value, or a yes/no column a negation turns round."""
    mention = r.mentions[index]
    if slot == "V":
        return mention.how != "contains" and mention.column is not None
    return _no_side(r, mention.column) is not None


def _verb_negated(r: Reading) -> list[Filter]:
    """ "people who don't live in V1": the value (or yes/no column) a negated verb phrase
    leads to, turned round. Values joined by "or", "nor" or commas are all left out
    ("don't live in Paris or Rome", "don't smoke or drink"); "and" ("don't smoke and
    drink", "isn't from Paris and London") has no clear reading: named, not applied."""
    out: list[Filter] = []
    at = 0
    while (m := _negated_verb(r.skeleton, at)) is not None:
        at = m.start() + 1
        index, column = int(m["i"]), r.mentions[int(m["i"])].column
        named = m["named"] is not None and r.mentions[int(m["named"])].column != column
        if named or not _negatable(r, m["slot"], index) or not _verb_only(r, m["verb"], column):
            continue  # another column's name before the value, a number: other rules read it
        if m["slot"] == "V" and _value_said_elsewhere(r, index, (m.start(), m.end())):
            why = f"both sides of {column} are named: ask for it by {column}"
            r.unapplied.append(LeftOut(_as_said(r, m.start(), m.end()), why))
            _blank(r, m.start(), m.end())
            continue  # "rated R and not rated R": a comparison of the two, not both at once
        said = [(m["slot"], index)]
        end, unclear = m.end(), False
        while (more := _NEXT_SLOT.match(r.skeleton, end)) is not None:
            named = more["named"] is not None
            if not _negatable(r, more["slot"], int(more["i"])) or (
                named and r.mentions[int(more["named"])].column != r.mentions[int(more["i"])].column
            ):
                break
            if not _same_list(r, said[0], (more["slot"], int(more["i"])), bool(more["lead"])):
                if more["join"] not in _OUT_OF_LIST_JOINS:
                    break  # a comma or "and" before another column: a new condition
                unclear = True  # "don't live in Paris or smoke": the join's reach is not clear
            said.append((more["slot"], int(more["i"])))
            unclear = unclear or (more["join"] is not None and more["join"] not in _LIST_JOINS)
            end = more.end()
        if unclear:
            why = "whether the negation covers every part after it is not clear"
            r.unapplied.append(LeftOut(_as_said(r, m.start(), end), why))
        _blank(r, m.start(), end)
        if unclear:
            continue
        out.extend(_turned_round(r, said, m.group(0).split()[0]))
    return out


def _negated_verb(skeleton: str, at: int) -> re.Match[str] | None:
    """The first verb phrase negated at or after ``at``, with an auxiliary or without."""
    found = [m for p in (_VERB_NEGATED, _BARE_NEGATED) if (m := p.search(skeleton, at))]
    return min(found, key=lambda m: m.start(), default=None)


def _same_list(r: Reading, first: tuple[str, int], then: tuple[str, int], lead: bool) -> bool:
    """Whether ``then`` may continue the list a negation began with ``first``: another
    value of the same column ("don't live in Paris, Rome or London"), or, said without
    words that lead to it, another side of two ("don't smoke or drink": yes/no columns or
    values of two-valued columns). A value of another column ("don't smoke, in London"),
    or one led to by its own words ("don't live in Paris, by smoker"; "don't smoke and are
    in the North"), starts what the negation does not cover."""
    column = r.mentions[first[1]].column
    if first[0] == then[0] == "V" and r.mentions[then[1]].column == column:
        return True
    return not lead and _one_of_two(r, *first) and _one_of_two(r, *then)


def _one_of_two(r: Reading, slot: str, index: int) -> bool:
    """Whether mention ``index`` is a yes/no column or a value of a column of two values."""
    column = r.mentions[index].column
    return slot == "C" or (column is not None and len(_values(r, column)) == 2)


def _verb_only(r: Reading, verb: str | None, column: str) -> bool:
    """Whether a column mention in a verb's place is only the verb: a part of another
    column's name ("play" of ``player``) or the value's own column said as a participle
    ("aren't *rated* R" of ``Rated``), not a yes/no column."""
    if verb is None:
        return True
    mention = r.mentions[int(verb)]
    if mention.column == column and not mention.is_value:
        return True  # the value's own column said as its verb: "aren't *rated* R"
    return (
        mention.how == "part" and mention.column != column and _no_side(r, mention.column) is None
    )


def _turned_round(r: Reading, said: list[tuple[str, int]], negation: str) -> list[Filter]:
    """The negated conditions of the values and yes/no columns ``said`` after one
    ``negation``: several values of one column are left out together (``notin``)."""
    out: list[Filter] = []
    by_column: dict[str, list[Scalar]] = {}
    for slot, index in said:
        mention = r.mentions[index]
        if slot == "C":
            no = _no_side(r, mention.column)
            assert no is not None  # _negatable checked it
            out.append(Filter(mention.column, "==", no))
        else:
            by_column.setdefault(mention.column, []).append(mention.value)
            r.negated.add(index)
    for column, values in by_column.items():
        if len(values) > 1:
            out.append(Filter(column, "notin", tuple(values)))
        else:
            out.append(_other(r, column, values[0], negation))
    return out


_NAMED_BEFORE = re.compile(r"\bC(\d+)\s+$")


def named_start(r: Reading, start: int, column: str) -> int:
    """Where a value said after its own column's name begins: "excluding *region* North",
    "not tension H" are negated as "excluding North" is."""
    m = _NAMED_BEFORE.search(r.skeleton[:start])
    if m is not None and r.column_at(int(m.group(1))) == column:
        return m.start()
    return start


_LIST_NEGATION = re.compile(
    rf"(?:\b(?:{alternation(_ANALYSIS['negation'])})|(?:{CONTRACTED}))\b[- ]?"
    rf"(?:\s*\b{in_order(_CONDITION_LEAD_IN)}\b)*\s*$"
)
"""A negation ending just before a list of values ("not in ", "excluding ", "other than ")."""


def _negated_lists(r: Reading) -> list[Filter]:
    """ "not in Eng or HR", "excluding Eng and Ops": a negation before several values of one
    column, joined by commas, "or", "nor" or "and", leaves out every one of them (a row
    holds one value, so "not A and B" can only mean neither)."""
    out: list[Filter] = []
    for m in list(_SLOT.finditer(r.skeleton)):
        if m[1] != "V" or r.skeleton[m.start() : m.end()] != m[0]:
            continue
        mention = r.mentions[int(m[2])]
        if mention.how == "contains" or mention.column is None:
            continue
        start = named_start(r, m.start(), mention.column)  # "excluding *regions* N and S"
        before = r.skeleton[max(0, start - 40) : start]
        lead = _LIST_NEGATION.search(before)
        if lead is None:
            continue
        said, indices, end = [mention.value], [int(m[2])], m.end()
        while (more := _NEXT_SLOT.match(r.skeleton, end)) is not None:
            i = int(more["i"])
            other = r.mentions[i]
            if (
                more["slot"] != "V"
                or more["named"] is not None
                or other.column != mention.column
                or other.how == "contains"
            ):
                break
            said.append(other.value)
            indices.append(i)
            end = more.end()
        if len(said) < 2:
            continue
        _blank(r, start - (len(before) - lead.start()), end)
        r.negated.update(indices)
        out.append(Filter(mention.column, "notin", tuple(dict.fromkeys(said))))
    return out


def _unclear_scope(r: Reading) -> list[Filter]:
    """A verb negation still unread that reaches a value through other words: it and
    the condition are named as not applied, never read as the value itself."""
    at = 0
    while (m := _UNCLEAR.search(r.skeleton, at)) is not None:
        at = m.start() + 1
        if not _negatable(r, m["slot"], int(m["i"])):
            continue
        why = "which part the negation applies to is not clear"
        r.unapplied.append(LeftOut(_as_said(r, m.start(), m.end()), why))
        _blank(r, m.start(), m.end())
    at = 0
    while (m := _NEGATED_NUMBER.search(r.skeleton, at)) is not None:
        at = m.start() + 1
        if _READ_NEGATED.fullmatch(r.skeleton, m.end("negation"), m.end()):
            continue  # only words that lead to the number: its reader negates it
        why = "a negation before a number: its condition is read as said, not turned round"
        r.unapplied.append(LeftOut(_as_said(r, m.start(), m.end()), why))
        _blank(r, m.start(), m.end("negation"))
    return []
