"""Requests written in another language, read word by word in English.

People write to an assistant in French, Spanish, German, Italian or Portuguese too
("annule la réunion de lundi", "pon un temporizador de 3 minutos"). The readings of
requests are English, so :func:`gloss` puts the English word for each everyday word
of such a request that ``data/foreign_words.toml`` knows ("cancel la meeting de
monday"), and leaves every other word as it is: names, places, numbers and the words it
does not know. A request is read as another language only when it has a word of the
table that is not an everyday English word and one more such word or a function word of
those languages, so English requests are never changed ("mets score" stays).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from itertools import pairwise

from notebook_router.language.lexicon import is_common_word
from notebook_router.language.tables import table
from notebook_router.language.words import word_spans

_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|«[^»]*»")
"""A quoted text: what to translate, send or look for, kept word for word."""
_JOINED = "@./_:"
"""Characters that make a word part of a value ("ana@*correo*.es", "*archivo*.txt")."""


def plain_word(word: str) -> str:
    """``word`` lower case, without accents ("réunion" → "reunion")."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def _glossary() -> dict[tuple[str, ...], str]:
    """Each word or phrase of the tables (as its plain words) with its English."""
    out: dict[tuple[str, ...], str] = {}
    for section in table("foreign_words").values():
        if not isinstance(section, dict):
            continue
        for key, english in section.items():
            words = tuple(plain_word(w) for w in key.replace("-", " ").split())
            out.setdefault(words, english)
    return out


@cache
def _telling() -> frozenset[str]:
    """The function words that tell a request is in another language."""
    return frozenset(table("foreign_words")["function_words"])


@cache
def _function() -> frozenset[str]:
    """The function words the ``[function]`` table puts in English."""
    return frozenset(table("foreign_words")["function"])


@cache
def _longest() -> int:
    return max(len(k) for k in _glossary())


def reads_foreign(words: list[str]) -> bool:
    """Whether ``words`` (plain, see :func:`plain_word`) are of another language: a word of
    the tables that is not an everyday English word (or a phrase of two), and one more of
    those or a function word of the other languages (the table lists none that English
    uses)."""
    glossary = _glossary()
    known = sum(
        1 for w in words if (w,) in glossary and w not in _function() and not is_common_word(w)
    )
    known += sum(1 for pair in pairwise(words) if pair in glossary)
    return known >= 1 and known + sum(1 for w in words if w in _telling()) >= 2


def gloss(text: str) -> str:
    """``text`` with the English of each word the tables know, when it is written in
    another language (see the module docstring); else ``text`` unchanged.

    >>> gloss("annule la réunion de lundi")
    'cancel the meeting of monday'
    >>> gloss("cancel the meeting on monday")
    'cancel the meeting on monday'
    """
    spans = word_spans(text)
    words = [plain_word(w) for w, _, _ in spans]
    if not reads_foreign(words):
        return text
    glossary = _glossary()
    quoted = _quoted(text)
    out, at, i = [], 0, 0
    while i < len(words):
        for size in range(min(_longest(), len(words) - i), 0, -1):
            english = glossary.get(tuple(words[i : i + size]))
            if english is not None:
                break
        else:
            i += 1
            continue
        start, end = spans[i][1], spans[i + size - 1][2]
        if _in_value(text, start, end) or any(a <= start < b for a, b in quoted):
            i += size
            continue
        out += [text[at:start], english]
        at, i = end, i + size
    out.append(text[at:])
    return " ".join("".join(out).split())


def _quoted(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _QUOTED.finditer(text)]


def _in_value(text: str, start: int, end: int) -> bool:
    """The word at ``start:end`` is joined to a value: an address, a file or a link."""
    before = text[start - 1] if start else " "
    after = text[end : end + 2]
    return before in _JOINED or (after[:1] in _JOINED and after[1:2].isalnum())
