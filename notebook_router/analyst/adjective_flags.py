"""A yes/no column said as an adjective of the rows: the condition column = yes.

"average customer age of fraudulent claims" on a table with ``fraud_flag`` Yes/No gave the
mean over every claim, the adjective dropped without a word; "total of cancelled orders"
(``is_cancelled``) and "average distance of delayed flights" (``delayed`` Y/N) named the
column as unused. An adjective right after the measure's preposition ("of", "for",
"among") that names a yes/no column, or whose stem begins with a word of that column's
name ("fraudulent" of ``fraud_flag``), keeps the rows where the column says yes (no, when
negated: "non-fraudulent", "not cancelled"). An adjective there that names no yes/no
column, on a table with one ("of suspicious claims"), is reported as not used.
"""

from __future__ import annotations

import re
from itertools import pairwise

from notebook_router.analyst.conditions import NEGATION, yes_no
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut
from notebook_router.language.lexicon import FILLER, STOPWORDS
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_WORDS = table("adjective_flags")
_PREPOSITIONS = frozenset(_WORDS["prepositions"])
_BEFORE = _PREPOSITIONS | frozenset(_WORDS["copulas"])
_SHORTEST = int(_WORDS["shortest_name_word"])
_NOUN_ENDINGS = tuple(_WORDS["noun_endings"])
_ADJECTIVE_ENDINGS = tuple(_WORDS["adjective_endings"])
_FLAG_MARKS = frozenset(_WORDS["flag_marks"])
_TOKEN = re.compile(r"\bC(\d+)\b|\b[a-z][a-z]+\b")


def adjective_flags(r: Reading) -> list[Filter]:
    """The yes/no conditions said as adjectives after the measure, their words used up."""
    out: list[Filter] = []
    tokens = list(_TOKEN.finditer(r.skeleton))
    for i, token in enumerate(tokens):
        if re.fullmatch(NEGATION, token.group(0)):
            continue  # "non" of "non-fraudulent": read with the word it negates
        lead = i - 1
        negated = lead >= 0 and re.fullmatch(NEGATION, tokens[lead].group(0)) is not None
        if negated:
            lead -= 1  # "of non-fraudulent claims", "for not cancelled orders"
        if lead < 0 or tokens[lead].group(0) not in _BEFORE:
            continue
        if not all(_next_to(r, a, b) for a, b in pairwise(tokens[lead : i + 1])):
            continue  # words read away between them ("for children's books excluding ...")
        if tokens[lead].group(0) in _PREPOSITIONS and not _described(r, token):
            continue  # "regress charges on smoker": the column, no adjective of a noun
        column = _flag_column(r, token)
        if column is None:
            _unread_adjective(r, token, tokens[:lead])
            continue
        if not _measured_before(r, tokens[:lead], column):
            continue
        sides = yes_no(r, column)
        if sides is None:
            continue
        out.append(Filter(column, "==", sides[0] if negated else sides[1]))
        start, end = (tokens[i - 1] if negated else token).start(), token.end()
        r.skeleton = r.skeleton[:start] + " " * (end - start) + r.skeleton[end:]
    return out


def _described(r: Reading, token: re.Match[str]) -> bool:
    """A noun follows the word in the question as asked ("fraudulent claims")."""
    said = r.written or r.question
    if token.group(1) is not None:
        m = r.mentions[int(token.group(1))]
        end = m.end if len(said) == len(r.text) else -1
        rest = said[end:].lower() if end >= 0 else ""
    else:
        found = re.search(rf"\b{re.escape(token.group(0))}\b", said.lower())
        rest = said[found.end() :].lower() if found else ""
    after = re.match(r"[\s-]+([a-z]+)", rest)
    return after is not None and after.group(1) not in STOPWORDS


def _next_to(r: Reading, first: re.Match[str], then: re.Match[str]) -> bool:
    """Nothing but a space or a hyphen stands between two words of the skeleton."""
    return r.skeleton[first.end() : then.start()] in (" ", "-")


def _unread_adjective(r: Reading, token: re.Match[str], before: list[re.Match[str]]) -> None:
    """A word said as an adjective of the rows ("of suspicious claims") on a table with a
    yes/no column it does not name: reported as not used, never dropped unsaid."""
    word = token.group(0)
    if token.group(1) is not None or word in STOPWORDS or word in FILLER:
        return
    if word.endswith(_NOUN_ENDINGS) and not word.endswith(_ADJECTIVE_ENDINGS):
        return  # "of trips taken in May": the rows' noun, not an adjective
    if not any(yes_no(r, c.name) is not None for c in r.schema.columns):
        return
    if not any(t.group(1) is not None and r.kind(r.column_at(int(t.group(1)))) == "number"
               for t in before):  # fmt: skip
        return
    why = "an adjective of the rows that names no yes/no column or value I could apply"
    r.unapplied.append(LeftOut(word, why))


def _flag_column(r: Reading, token: re.Match[str]) -> str | None:
    """The yes/no column ``token`` names: a column mention, or a word whose stem begins
    with the one content word of the column's name ("fraudulent" of ``fraud_flag``; not
    "employed" of ``self_employed`` nor "returned" of ``return_requested``, whose other
    words change what the column says)."""
    if token.group(1) is not None:
        column = r.column_at(int(token.group(1)))
        return column if r.mentions[int(token.group(1))].value is None else None
    root = stem(token.group(0))
    named = [
        c.name
        for c in r.schema.columns
        if yes_no(r, c.name) is not None and _names_only(root, content_words(c.name))
    ]
    return named[0] if len(named) == 1 else None


def _measured_before(r: Reading, before: list[re.Match[str]], column: str) -> bool:
    """A number column other than ``column`` was said before: the measure the adjective
    qualifies ("average age of ...")."""
    for token in before:
        index = token.group(1)
        if index is None:
            continue
        other = r.column_at(int(index))
        if other != column and r.kind(other) == "number":
            return True
    return False


def _names_only(root: str, content: list[str]) -> bool:
    """The column's name has one content word, and the adjective's stem begins with it."""
    return len(content) == 1 and len(content[0]) >= _SHORTEST and root.startswith(stem(content[0]))


def content_words(name: str) -> list[str]:
    """The words of a column's name other than the marks of a yes/no column ("is", "flag")."""
    return [w for w in identifier_words(name) if w not in _FLAG_MARKS]
