"""Splitting a request into tasks, and guessing which need which (the rule planner).

Rules, in order:

1. Sentences, lines and bullet items are separate parts.
2. "then", "after that", "next", "finally" start a part that needs the one before.
3. Commas, "and", "also", "plus" split a part only where an imperative verb
   follows, so "compare sales and costs" stays one task while "load the table,
   plot revenue and summarise the trend" becomes three; or where a statistic
   opens the next question and the part before asked for one too ("the total
   revenue by region and the mean units by region" is two; "the total revenue
   and units", "compare the total X and the total Y" stay one).
4. Dependencies: a sequence marker or a back-reference ("plot them", "the
   results") needs the previous task; a task that transforms data (compute,
   clean, filter) needs the nearest earlier task that produced data; a task
   that presents data (plot, summarise, compare, report) needs the nearest
   earlier producer or transformer. Everything else is independent and runs
   in parallel.
5. An instruction followed by a colon introduces its material ("summarise:
   <text>", "choose between A, B and C on price: A costs ..."): the whole
   request is one task, however many sentences and commas the material has.
   A list after "between", "among" or "either" names options, not tasks.
6. Words about urgency, politeness or tone ("ASAP", "thanks!", "quick
   question:", "if possible"), and about how to handle or answer the request
   ("take your time and be thorough:", "as bullet points"; see
   :mod:`~notebook_router.language.intent`), are not tasks: a part, or a part's
   leading or trailing fragment set off by punctuation, that has no word which
   could name work is dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from notebook_router.language.intent import without_intent
from notebook_router.language.lexicon import FILLER, STOPWORDS, term, term_set, terms
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table
from notebook_router.language.words import words

_WORDS = table("clauses")
VERBS = term_set(_WORDS["verbs"])
TONE = term_set(_WORDS["tone"])
SOURCES = term_set(_WORDS["sources"])
TRANSFORMS = term_set(_WORDS["transforms"])
PRESENTERS = term_set(_WORDS["presenters"])
_STATISTIC = re.compile(
    rf"^(?:the\s+|a\s+|its\s+|their\s+)?(?P<stat>{alternation(_WORDS['statistics'])})\b", re.I
)
_ASKING = re.compile(rf"^(?:{alternation(_WORDS['asking_leads'])})\s+", re.I)
_EXTREMES = table("analysis")["aggregations"]
_SUPERLATIVES = [w for w in (*_EXTREMES["min"], *_EXTREMES["max"]) if w.endswith("est")]
_PART_STATISTIC = re.compile(
    rf"^(?:the\s+|a\s+|its\s+|their\s+)?"
    rf"(?P<stat>{alternation([*_WORDS['statistics'], *_SUPERLATIVES])})\b",
    re.I,
)
"""A statistic that opens one of the parts of a data question (a superlative too): the
analyst reads the parts on the table, so "the highest revenue and the lowest cost by
region" is never two tasks, only two readings of one."""
_RELATING = re.compile(rf"\b(?:{alternation(_WORDS['relating'])})\b", re.I)

_SENTENCES = re.compile(r"(?<=[.!?;])\s+|\n+")
# A fragment boundary inside a part: after a comma, colon, dash, "!" or "?".
_FRAGMENT = re.compile(r"(?<=[,:;!?\u2013\u2014])\s+|\s+(?=[\u2013\u2014]\s)")
# An instruction (a few words, no sentence end) then a colon, then its material.
_MATERIAL = re.compile(r"^\s*(?P<head>[^:.!?\n]{2,80}?)\s*:\s+\S", re.S)
_OPTIONS = re.compile(r"\b(?:between|among|amongst|either)\b", re.I)
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
# "next" and "finally" only count at the start of a clause ("next quarter" is not a step).
_CONTINUATION = re.compile(rf"^\s*(?:{alternation(_WORDS['continuations'])})\b")
_SEQUENCE = re.compile(
    r",?\s*\b(?:and\s+then|then|after\s+that|afterwards|followed\s+by|"
    r"once\s+(?:that(?:'s|\s+is)|it(?:'s|\s+is))\s+done)\b[,:]?\s*"
    r"|(?:^|,\s*|\s+and\s+)(?:and\s+)?(?:next|finally|lastly)\b[,:]?\s*",
    re.IGNORECASE,
)
_LIST = re.compile(
    r"(\s*,\s*(?:and\s+|also\s+|plus\s+)?|\s+(?:and|also|plus|as\s+well\s+as)\s+)", re.I
)
_FILLER = re.compile(
    r"^(?:(?:and|also|then|so|please|now|first(?:ly)?|secondly|lastly|kindly|just|"
    r"can\s+you|could\s+you|would\s+you|will\s+you|i\s+want\s+you\s+to|i'?d\s+like\s+you\s+to|"
    r"i\s+would\s+like\s+you\s+to|i\s+need\s+you\s+to|help\s+me|let'?s|go\s+ahead\s+and|"
    r"i\s+want\s+to|i\s+need\s+to|we\s+need\s+to)\b[\s,]*)+",
    re.IGNORECASE,
)
_BACK_REFERENCE = re.compile(
    r"^\w+\s+(?:it|them|this|that|these|those)\b|"
    r"\b(?:the|its|their|those|these)\s+(?:results?|outputs?|findings|answers?|above)\b"
    r"|\b(?:from|with|using|of)\s+(?:it|them|that|this)\b",
    re.IGNORECASE,
)


@dataclass
class Clause:
    """One task-sized piece of a request."""

    text: str
    verb: str | None
    after_previous: bool = False
    depends_on: list[int] = field(default_factory=list)


def decompose(request: str) -> list[Clause]:
    """Split ``request`` into clauses with inferred dependencies (indices into the list)."""
    whole = _with_material(request)
    if whole is not None:
        return [whole]
    clauses: list[Clause] = []
    for sentence in _sentences(request):
        for j, part in enumerate(_SEQUENCE.split(sentence)):
            for k, piece in enumerate(_split_on_verbs(part)):
                text = _clean(piece)
                if text and clauses and _CONTINUATION.fullmatch(text.lower().strip(" ?.!")):
                    # "... g80 or g99? And by how many?": more asked of the clause before
                    said = text[:1].lower() + text[1:]
                    clauses[-1].text = f"{clauses[-1].text.rstrip('?.! ')}, {said}"
                elif text and names_work(text):
                    clauses.append(
                        Clause(text, _leading_verb(text), after_previous=j > 0 and k == 0)
                    )
    for i, clause in enumerate(clauses):
        clause.depends_on = _dependencies(clauses, i)
    return clauses


def carries_material(text: str) -> bool:
    """Whether ``text`` is an instruction, a colon, then the material it works on."""
    return _with_material(text) is not None


def _with_material(request: str) -> Clause | None:
    """The request as one task when it is an instruction, a colon, then its material."""
    match = _MATERIAL.match(request)
    if match is None:
        return None
    head = _clean(match.group("head"))
    verb = _leading_verb(head)
    if verb is None or _SEQUENCE.search(head):
        return None  # "Quick question: ...", or "load it, then summarise: ..."
    return Clause(_clean(request), verb)


def _sentences(text: str) -> list[str]:
    pieces = [s for s in _SENTENCES.split(text) if s and s.strip()]
    joined: list[str] = []
    for piece in pieces:
        if joined and _joins(joined[-1], piece):
            joined[-1] = f"{joined[-1]} {piece}"  # "No. 462": one sentence, not two
        else:
            joined.append(piece)
    return [_BULLET.sub("", s).strip() for s in joined]


_ABBREVIATIONS = table("clauses")["abbreviations"]
# A piece that ends in an abbreviation's full stop ("yield of No.", "revenue vs.").
_NEVER_FINAL = re.compile(
    rf"(?:^|[\s(])(?:{alternation(_ABBREVIATIONS['never_final'])})\.$", re.IGNORECASE
)
_MAYBE_FINAL = re.compile(
    rf"(?:^|[\s(])(?:{alternation(_ABBREVIATIONS['words'])})\.$", re.IGNORECASE
)


def _joins(before: str, after: str) -> bool:
    """Whether ``after`` goes on the sentence ``before`` ended with an abbreviation."""
    if _NEVER_FINAL.search(before):
        return True
    return bool(_MAYBE_FINAL.search(before)) and not after.lstrip()[:1].isupper()


def _split_on_verbs(part: str) -> list[str]:
    pieces = _LIST.split(part)
    # re.split with a capturing group alternates text, separator, text, ...
    out = [pieces[0]]
    for sep, text in zip(pieces[1::2], pieces[2::2], strict=True):
        # "choose between plan A, plan B and plan C": options, though "plan" is a verb.
        verb = _leading_verb(_clean(text)) is not None and not _OPTIONS.search(out[-1])
        if (verb or _another_statistic(out[-1], text)) and not _one_more_name(out[-1], text):
            out.append(text)
        else:
            out[-1] = out[-1] + sep + text
    return out


_NAME = r"[A-Z0-9][\w&.'-]*(?:\s+[A-Z0-9][\w&.'-]*)*"
_NAMES_LISTED = re.compile(
    rf"\b(?:{alternation(_WORDS['list_leads'])})\s+(?:[a-z][\w-]*\s+)?{_NAME}"
    rf"(?:\s*,\s*(?:(?:and|or)\s+)?{_NAME}|\s+(?:and|or)\s+{_NAME})*\s*$"
)
_ONE_NAME = re.compile(rf"^\s*{_NAME}\s*[?.!]*\s*$")
NAME_WORDS = 3
"""The most words of one name in such a list ("Office Supplies", "New York City")."""


def _one_more_name(before: str, text: str) -> bool:
    """Whether ``text`` is one more name of a list ``before`` ends with after a negation
    or a filter ("excluding regions North" then "Plot"): a value, not a verb's clause."""
    return (
        len(text.split()) <= NAME_WORDS
        and _ONE_NAME.match(text) is not None
        and _NAMES_LISTED.search(before) is not None
    )


def statistic_parts(text: str) -> list[str]:
    """``text`` split only where a statistic opens a part after one that asked one too
    (rule 3's second half): "total gas kwh and total electric kwh" is two parts, "the
    total revenue and units" and "compare the total X and the total Y" are one.

    >>> statistic_parts("total gold in 2016 and total gold in 2020")
    ['total gold in 2016', 'total gold in 2020']
    """
    pieces = _LIST.split(text)
    out = [pieces[0]]
    for sep, piece in zip(pieces[1::2], pieces[2::2], strict=True):
        if _another_statistic(out[-1], piece, _PART_STATISTIC):
            out.append(piece)
        else:
            out[-1] = out[-1] + sep + piece
    return [p.strip() for p in out]


_SHARED_SCOPE = re.compile(
    rf",\s*(?P<scope>(?:{alternation(_WORDS['shared_scope_leads'])})\s+[^,;]+?)\s*[?.!]?\s*$"
)


def shared_scope(parts: list[str]) -> tuple[list[str], str] | None:
    """``parts`` without the scope the last one says once after a comma, and that scope
    ("..., for penguins on Biscoe"); None when there is none.

    >>> shared_scope(["the max x", "the min y, for rows in 2020"])
    (['the max x', 'the min y'], 'for rows in 2020')
    """
    found = _SHARED_SCOPE.search(parts[-1]) if len(parts) > 1 else None
    if found is None:
        return None
    bare = [*parts[:-1], parts[-1][: found.start()]]
    return [p.rstrip(" ,") for p in bare], found.group("scope")


def with_shared_scope(parts: list[str]) -> list[str]:
    """``parts`` each with the scope the last one says once after a comma, meant for every
    part; ``parts`` as they are when there is none.

    >>> with_shared_scope(["the max x", "the min y, for rows in 2020"])
    ['the max x, for rows in 2020', 'the min y, for rows in 2020']
    """
    found = shared_scope(parts)
    if found is None:
        return parts
    bare, scope = found
    return [f"{p}, {scope}" for p in bare]


def opening_statistic(text: str) -> str | None:
    """The statistic ``text`` opens with, without its article ("the total" is "total")."""
    m = _PART_STATISTIC.match(_ASKING.sub("", text.strip(), count=1))
    return " ".join(m["stat"].lower().split()) if m else None


def _another_statistic(before: str, text: str, statistic: re.Pattern[str] = _STATISTIC) -> bool:
    """Whether ``text`` asks for a statistic of its own after ``before`` asked for one."""
    if _RELATING.search(before) or not statistic.match(text.strip()):
        return False
    # The part before must ask one of something ("the total revenue"), not be a bare
    # list of statistics ("the mean, median and max of fare" is one question).
    asks = any(statistic.match(before[m.start() :]) for m in re.finditer(r"\b\w", before))
    return asks and bool(_content(before, statistic)) and len(_content(text, statistic)) >= 1


def _content(text: str, statistic: re.Pattern[str] = _STATISTIC) -> list[str]:
    """The words of ``text`` that are neither statistics nor function words."""
    return [
        w for w in words(text) if not statistic.match(w) and w not in STOPWORDS and w not in FILLER
    ]


def names_work(text: str) -> bool:
    """True if ``text`` has a word that could name work (not only stopwords, tone, and
    words on how to handle or answer the request)."""
    return any(token not in TONE for token in terms(without_intent(text)))


def _clean(text: str) -> str:
    text = _without_tone(text.strip(" \t,;:."))
    text = _FILLER.sub("", text).strip(" \t,;:.\u2013\u2014")
    return text[:1].upper() + text[1:] if text else ""


_EACH = re.compile(
    rf"^\s*(?:{alternation(table('clauses')['each_group'])})\s*[,:;.]?\s*$", re.IGNORECASE
)


def _without_tone(text: str) -> str:
    """``text`` less leading and trailing fragments that name no work ("Quick question: ...")."""
    fragments = _FRAGMENT.split(text)
    while len(fragments) > 1 and not names_work(fragments[0]) and not _EACH.match(fragments[0]):
        fragments.pop(0)  # "in each, how many ...": groups asked for, kept to be read
    while len(fragments) > 1 and not names_work(fragments[-1]):
        if _CONTINUATION.match(fragments[-1].strip(" ,;").lower()):
            break  # "..., and by how much?": asks more of the clause, kept with it
        fragments.pop()
    return " ".join(fragments)


def _leading_verb(text: str) -> str | None:
    first = words(text)[:1]
    if not first:
        return None
    verb = term(first[0])
    return verb if verb in VERBS else None


def _dependencies(clauses: list[Clause], i: int) -> list[int]:
    clause = clauses[i]
    deps: set[int] = set()
    if i > 0 and (clause.after_previous or _BACK_REFERENCE.search(clause.text)):
        deps.add(i - 1)
    if clause.verb in TRANSFORMS or clause.verb in PRESENTERS:
        deps.update(_nearest(clauses, i, SOURCES | TRANSFORMS))
    return sorted(deps)


def _nearest(clauses: list[Clause], i: int, kinds: frozenset[str]) -> list[int]:
    for j in range(i - 1, -1, -1):
        if clauses[j].verb in kinds:
            return [j]
    return []
