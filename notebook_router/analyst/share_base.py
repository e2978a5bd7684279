"""The rows a share is taken of, and what is measured within them.

"What percentage of *eng staff* earn more than 150?" is a share of the eng rows, not of
every row: the conditions said in the noun phrase after "percentage of" choose the rows
(the base) and the others are measured within them. The noun phrase ends at its verb
("of LAX flights *were* cancelled", "of staff earning over 150 *are* in ops"); with no
verb the words right after "of" that name values pick the rows ("of *eng* staff earn
more than 150"). "As a percentage of *all* flights" makes the base every row.

A word of the base that names no value but looks like one of a column's values written
another way ("engineers" for ``eng``) is named as not applied, so the share of every row
is never given as the share of those rows.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from notebook_router.analyst.conditions import PREFIX_OPS, UNSIGNED, yes_no
from notebook_router.analyst.passive_doers import is_participle
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import phrase_table
from notebook_router.language.spelling import closest
from notebook_router.language.tables import table
from notebook_router.language.words import word_spans

_SHARES = phrase_table("families_shapes")
_BASE = table("share_base")["base"]
_SHARE_OF = re.compile(
    rf"\b{_SHARES.either('shares.share')}\s+(?:{alternation(_BASE['share_of'])})\s+"
    r"(?P<base>[^,;:?.!()]*)"
)
_LEADING = re.compile(rf"^\s*(?:{alternation(_BASE['leading'])})\s+(?P<base>[^,;:?.!()]*),")
"""The base said first: "of the countries that have a group recorded, what percent ..."."""
_DETERMINERS = re.compile(
    r"(?:"
    + "|".join(re.escape(w) + r"\s+" for w in sorted(_BASE["determiners"], key=len, reverse=True))
    + r")*"
)
_SUBJECT_FIRST = frozenset(_BASE["relative_subject"])
_RELATIVE = frozenset(_BASE["relative"]) | _SUBJECT_FIRST
_JOINED = frozenset(_BASE["joined"])
_AFTER_NOUN = frozenset(_BASE["after_noun"])
_VERB = re.compile(rf"\b(?:{_SHARES.either('shares.verbs')[3:-1]}|{'|'.join(sorted(_RELATIVE))})\b")
_WHOLE = re.compile(r"(?:" + "|".join(re.escape(w) for w in _BASE["whole"]) + r")\b")
_TRAILING_SCOPE = frozenset(_BASE["trailing_scope"])
_SCOPE_DETERMINERS = frozenset(_BASE["determiners"])
_NAMED_KINDS = ("category", "text")
_BOUNDS = frozenset({">", ">=", "<", "<="})
_PRESENCE = frozenset({"present", "absent"})
"""A value recorded or not: said by its column's name, whatever values are said too."""


def share_base(
    r: Reading, found: list[Filter], yes_no: list[Filter]
) -> tuple[list[Filter], list[Filter]] | None:
    """``(measured, base)`` of a share whose question names the rows it is taken of, or
    None when it names none (every condition is then measured as the caller decides).

    ``yes_no`` are the yes/no conditions among ``found`` ("cancelled", "survived"): said
    after the base, one of them is what is measured, and the other conditions said with
    it choose rows ("of female passengers survived *in first class*")."""
    m = _SHARE_OF.search(r.text)
    if m is None:
        return _leading_base(r, found)
    among = _among(r, m, found)
    if among is not None:
        return among
    start, end, noun_end = _base_span(r, m)
    _note_unlinked(r, start, noun_end, found)
    base = [f for f in found if said_within(r, f, start, end)]
    measured = [f for f in found if f not in base]
    if base and any(f in yes_no for f in measured):
        base += [f for f in measured if f not in yes_no]
        measured = [f for f in measured if f in yes_no]
    if not measured:
        return None
    if not base:
        whole = _WHOLE.match(r.text, m.start("base")) is not None
        if whole:
            return measured, []
        scoped = [f for f in measured if _said_after_scope(r, f, end)]
        if scoped and len(scoped) < len(measured):
            return [f for f in measured if f not in scoped], scoped
        return None
    return measured, base


def _among(
    r: Reading, m: re.Match[str], found: list[Filter]
) -> tuple[list[Filter], list[Filter]] | None:
    """``(measured, base)`` of "percentage of smokers among patients over 60": each
    condition said before "among" is measured, each said after it picks the rows; None
    unless every condition is said on one side or the other, some on each, and no verb
    follows "among" (what it says is then what is measured, read as before)."""
    said = _AMONG.search(r.text, m.start("base"), m.end("base"))
    if said is None or _main_verb(r, said.end(), m.end("base")):
        return None  # "of dramas among films after 2000 *are* comedies": the verb's reading
    measured = [f for f in found if said_within(r, f, m.start("base"), said.start())]
    base = [f for f in found if said_within(r, f, said.end(), m.end("base"))]
    if not measured or not base or len(measured) + len(base) != len(found):
        return None
    return measured, base


def _main_verb(r: Reading, start: int, stop: int) -> bool:
    """Whether a verb between ``start`` and ``stop`` is no relative clause's own ("among
    patients who *are* over 60" says which patients; "among films after 2000 *are*
    comedies" says what is measured)."""
    relative = False
    for found in _VERB.finditer(r.text, start, stop):
        if any(m.start < found.end() and found.start() < m.end for m in r.mentions):
            continue  # a column's or a value's word ("pay")
        if found.group(0) in _RELATIVE:
            relative = True
        elif relative:
            relative = False  # the clause's own verb
        else:
            return True
    return False


_AMONG = re.compile(rf"\b(?:{alternation(_BASE['among'])})\b")


def _said_after_scope(r: Reading, f: Filter, after: int) -> bool:
    """Whether condition ``f`` is said after ``after`` right behind a word of scope ("were
    sunny *in* 2015"): the rows the share is of, not what is measured in them."""
    said = _number_at(r, f.value, once=True)
    starts = [said] if said is not None else []
    values = f.value if isinstance(f.value, tuple) else (f.value,)
    starts += [
        m.start for m in r.mentions if m.column == f.column and m.is_value and m.value in values
    ]
    for at in starts:
        if at < after:
            continue
        before = [w for w in word_spans(r.text[:at]) if w[0] not in _SCOPE_DETERMINERS]
        joined = len(before) > 1 and before[-2][0] in _JOINED  # "sunny *and* in 2015": both
        if before and before[-1][0] in _TRAILING_SCOPE and not joined:
            return True
        if _scoped_phrase(r, before, after):
            return True
    return False


_SCOPE_REACH = 5
"""How many words a scope's noun phrase may run before its value ("among *people with an
ACT of* 33")."""


def _scoped_phrase(r: Reading, before: list[tuple[str, int, int]], after: int) -> bool:
    """Whether a word of scope opens the noun phrase the value ends ("*among* people with
    an ACT of 33"), with no verb and no other value between them."""
    for word, s, e in reversed(before[-_SCOPE_REACH - 1 :]):
        if s < after:
            return False
        if word in _TRAILING_SCOPE:
            return True
        if (
            word in _JOINED
            or _VERB.fullmatch(word)
            or any(m.is_value and m.start < e and s < m.end for m in r.mentions)
        ):
            return False
    return False


def _leading_base(r: Reading, found: list[Filter]) -> tuple[list[Filter], list[Filter]] | None:
    """``(measured, base)`` when the base is said first, before a comma ("of smokers, what
    percentage have an ulcer?"): what is said in it picks the rows, the rest is measured."""
    m = _LEADING.match(r.text)
    if m is None:
        return None
    base = [f for f in found if said_within(r, f, m.start("base"), m.end("base"))]
    if len(base) == len(found):
        # "of those with a group recorded, what percent are in group a": the column named
        # in the base stands for its presence, not also for the value said after it
        base = [f for f in base if f.op in _PRESENCE]
    measured = [f for f in found if f not in base]
    return (measured, base) if base and measured else None


def _base_span(r: Reading, m: re.Match[str]) -> tuple[int, int, int]:
    """Where the words that pick the base's rows are, and where its noun phrase ends: up
    to its verb (past a relative clause that has one after it), else the values said
    right after the determiners and after a preposition that follows the noun."""
    first = _skip_determiners(r, m.start("base"))
    stop = m.end("base")
    verb = _verb(r, first, stop)
    if verb is not None:
        if verb.group(0) in _RELATIVE:
            # "who passed are from north": the clause's own verb is the word after the
            # pronoun; the base runs on to the verb after it, if the question says one
            said = word_spans(r.text[verb.end() : stop])
            clause_verb = verb.end() + said[0][2] if said else stop
            if verb.group(0) in _SUBJECT_FIRST:  # "where dept *is* eng"
                own = _verb(r, verb.end(), stop)
                clause_verb = own.end() if own else stop
            after = _verb(r, clause_verb, stop)
            if after is not None:
                return first, after.start(), after.start()
            # "that were late started in Leeds": the clause ends with the values it
            # names, when more is said after them that does not go on with it
            run = _values_run(r, _skip_determiners(r, clause_verb + 1), stop)
            rest = word_spans(r.text[run:stop])
            if run > clause_verb + 1 and rest and rest[0][0] not in _JOINED:
                return first, run, run
        return first, verb.start(), verb.start()
    end = _values_run(r, first, stop)
    spans = word_spans(r.text[end:stop])
    if not spans:
        return first, end, end
    if end > first and len(spans) > 1 and _participle_after(r, end, spans, stop):
        # "of *pants* made in Vietnam": the values name the rows themselves, and what
        # the participle says of them is measured
        return first, end, end
    noun_end = end + spans[0][2]  # the noun the values describe
    if len(spans) > 1 and spans[1][0] in _AFTER_NOUN:
        # "students in the south school": the values said after the preposition
        at = _skip_determiners(r, end + spans[1][2] + 1)
        run = max(_values_run(r, at, stop), _bound_run(r, at, stop))
        # ... but "of sex = 0 patients *with admit = 1*", said last, is what is measured
        end = run if run > at and (end == first or word_spans(r.text[run:stop])) else end
    return first, end, noun_end


def _participle_after(r: Reading, at: int, spans: list[tuple[str, int, int]], stop: int) -> bool:
    """Whether the word at ``at`` (first of ``spans``) is a participle naming no column,
    followed by a preposition and the values that end the question ("made *in* Vietnam";
    not "made in Vietnam *priced over 100*", where the base goes on)."""
    word, s, e = spans[0]
    if not is_participle(word) or spans[1][0] not in _AFTER_NOUN | _TRAILING_SCOPE:
        return False
    if any(m.start < at + e and at + s < m.end for m in r.mentions):
        return False
    run = _values_run(r, _skip_determiners(r, at + spans[1][2] + 1), stop)
    return run > at + spans[1][2] + 1 and not word_spans(r.text[run:stop])


def _verb(r: Reading, start: int, stop: int) -> re.Match[str] | None:
    """The first verb (or relative pronoun) between ``start`` and ``stop`` that names no
    column or value ("pay" of "whose *pay* is above 150" is the column)."""
    for found in _VERB.finditer(r.text, start, stop):
        if not any(m.start < found.end() and found.start() < m.end for m in r.mentions):
            return found
    return None


def _skip_determiners(r: Reading, at: int) -> int:
    """Where the words after ``at`` start, past any determiners ("the", "all")."""
    found = _DETERMINERS.match(r.text, at)
    return found.end() if found else at


def _values_run(r: Reading, at: int, stop: int) -> int:
    """The end of the words from ``at`` that each name a value ("eng", "LAX") or a bound
    on a column ("sex = 0 patients")."""
    end = at
    while spans := word_spans(r.text[end:stop]):
        _word, s, e = spans[0]
        bound = _bound_run(r, end + s, stop)
        if bound > end + s and word_spans(r.text[bound:stop]):  # a noun after it: "patients"
            end = bound
        elif _picks_rows(r, end + s, described=len(spans) > 1):
            end += e
        else:
            break
    return end


_BOUND_AFTER = re.compile(rf"\s+(?:{'|'.join(words for _, words in PREFIX_OPS)})\s+\$?-?{UNSIGNED}")


def _bound_run(r: Reading, at: int, stop: int) -> int:
    """The end of a bound on a number column said at ``at`` ("households with *arsenic
    above 2* switched"), else ``at``."""
    for m in r.mentions:
        if m.start == at and not m.is_value and r.kind(m.column) in ("number", "binary"):
            bound = _BOUND_AFTER.match(r.text, m.end, stop)
            return bound.end() if bound else at
    return at


def _picks_rows(r: Reading, at: int, *, described: bool = True) -> bool:
    """Whether a word at ``at`` names a value or a yes/no column ("cancelled flights",
    "hospitalised cases" of a yes/no ``Hospitalised``). A yes/no column of 0 and 1 picks
    rows wherever it is said; one of words only before the noun it describes
    (``described``): said last ("with arsenic above 2 *switched*"), it is measured."""
    for m in r.mentions:
        if not m.start <= at < m.end:
            continue
        if m.is_value or r.kind(m.column) == "binary":
            return True
        if described and yes_no(r, m.column) is not None:
            return True
    return False


def said_within(r: Reading, f: Filter, start: int, end: int) -> bool:
    """Whether the words of condition ``f`` are said between ``start`` and ``end``: its
    value's, or for a number (a bound, a year) where the number is said ("more than *150*"; the column may be the base's
    noun, "of eng *salaries* are above 150"), or its yes/no column's name."""
    said = _number_at(r, f.value, once=f.op not in _BOUNDS)
    if said is not None:  # "more than *150*", "days in *2015*": where its number is said
        return start <= said < end
    values = f.value if isinstance(f.value, tuple) else (f.value,)
    # the column's name stands for the condition only when no value of it is said
    # ("cancelled flights"; not "dept" of "rows where dept is eng")
    named = f.op in _PRESENCE or not any(m.is_value and m.column == f.column for m in r.mentions)
    for m in r.mentions:
        if m.column != f.column or not start <= m.start < end:
            continue
        if (named and not m.is_value) or (m.is_value and m.value in values):
            return True
        if m.is_value and f.op in ("isin", "notin"):
            return True
    return False


def _number_at(r: Reading, value: object, once: bool = False) -> int | None:
    """Where the question says the number ``value`` (None when not as plainly written).
    ``once``: only a number said once places its condition ("ulcer 1 have status 1" says
    two conditions' 1; their values' words place them)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    written = f"{value:g}" if isinstance(value, float) else str(value)
    found = [m.start() for m in re.finditer(rf"(?<![\w.]){re.escape(written)}(?![\w.])", r.text)]
    if not found or (once and len(found) > 1):
        return None
    return found[0]


def _note_unlinked(r: Reading, start: int, end: int, found: list[Filter]) -> None:
    """A word of the base naming no value that looks like a value of a column no
    condition uses ("engineers" for ``eng``): said as not applied."""
    unknown = set(r.unknown_words())
    used = {f.column for f in found}
    for word, _s, _e in word_spans(r.text[start:end]):
        if word not in unknown:
            continue
        for column in r.schema.names():
            if column in used or r.kind(column) not in _NAMED_KINDS:
                continue
            value = _written_otherwise(word, r.schema.column(column).values)
            if value is not None:
                r.unapplied.append(
                    LeftOut(
                        word,
                        f"a kind of row I could not tie to a value of {column}, such as {value!r}",
                    )
                )
                break


def _written_otherwise(word: str, values: tuple[object, ...] | list[object]) -> str | None:
    """The value ``word`` looks like another way of writing: the value begins the word
    ("eng" of "engineers"), ends with the word's singular ("shirts" of "dress shirt"), or
    the word's singular is spelled close to it."""
    said = {str(v).lower(): str(v) for v in values if isinstance(v, str)}
    singular = word.rstrip("s")
    for low, value in said.items():
        if len(low) >= 3 and word.startswith(low):
            return value
        if len(singular) >= 3 and low.endswith(f" {singular}"):
            return value
    near = closest(word.rstrip("s"), list(said), cutoff=0.8)
    return said[near[0]] if near else None


def unread_predicate(r: Reading, unknown: Callable[[str], bool]) -> list[LeftOut]:
    """ "what share of Riverside members *renewed their contract*?": words after the last
    column or value of a share's base that nothing reads say what the share measures. An
    answer that did not read them measured something else (here the base's own condition
    over every row: the share of rows at Riverside), so they are named as left out."""
    m = _SHARE_OF.search(r.text)
    if m is None:
        return []
    start, stop = m.start("base"), m.end("base")
    linked = [x.end for x in r.mentions if start <= x.start < stop]
    if not linked:
        return []  # "as a percentage of all trains": no rows picked, nothing measured here
    after = max(linked)
    words = [(w, at) for w, at, _ in word_spans(r.text[after:stop])]
    unread = [w for w, _ in words if unknown(w)]
    if not unread:
        return []
    first = r.text.find(unread[0], after)
    last = r.text.find(unread[-1], first) + len(unread[-1])
    return [LeftOut(r.text[first:last].strip(), "what the share measures: no column holds it")]
