"""How a request wants to be handled and answered, read from its words.

"quick question: total revenue for North? ASAP" asks for a *quick* run; "take your
time and be thorough" for a *thorough* one; "write a report on revenue by region" for
an answer in *report* style, "as bullet points" for a *structured* one. The words are
in ``data/intent.toml``. Neither mode nor style is ever a task: the clause splitter
(:mod:`~notebook_router.language.clauses`) drops a part of a request that says only how
(:func:`without_intent`).

A request with words for both quick and thorough (as many of each) stays ``normal``;
report words win over list words, which win over conversational ones.

>>> read_intent("Quick question: what was total revenue for North? ASAP").mode
'quick'
>>> read_intent("Write a detailed report on revenue by region").style
'report'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table
from notebook_router.styles import ResponseStyle, RunMode

_TABLE = table("intent")
_FLAGS = re.IGNORECASE


def _pattern(phrases: list[str]) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-])(?:{alternation(phrases)})(?![\w-])", _FLAGS)


_MODES: dict[RunMode, re.Pattern[str]] = {
    "quick": _pattern(_TABLE["mode"]["quick"]),
    "thorough": _pattern(_TABLE["mode"]["thorough"]),
}
_STYLES: tuple[tuple[ResponseStyle, re.Pattern[str]], ...] = (
    ("report", _pattern(_TABLE["style"]["report"])),
    ("structured", _pattern(_TABLE["style"]["structured"])),
    ("conversational", _pattern(_TABLE["style"]["conversational"])),
)
_HOW = _pattern(
    [p for group in (*_TABLE["mode"].values(), *_TABLE["style"].values()) for p in group]
)


@dataclass(frozen=True, slots=True)
class Intent:
    """The mode and style a request's words ask for, and the words that asked."""

    mode: RunMode = "normal"
    style: ResponseStyle = "conversational"
    mode_words: tuple[str, ...] = ()
    """The words that chose the mode, as written (empty: no word did)."""
    style_words: tuple[str, ...] = ()
    """The words that chose the style, as written (empty: no word did)."""


def read_intent(text: str) -> Intent:
    """The mode and style ``text``'s words ask for (``normal`` and ``conversational``
    when none does), with the words that chose them.

    >>> found = read_intent("Take your time and be thorough: revenue by region, as bullet points")
    >>> found.mode, found.mode_words, found.style, found.style_words
    ('thorough', ('Take your time', 'thorough'), 'structured', ('bullet points',))
    """
    quick = _found(_MODES["quick"], text)
    thorough = _found(_MODES["thorough"], text)
    mode: RunMode = "normal"
    mode_words: tuple[str, ...] = ()
    if len(quick) > len(thorough):
        mode, mode_words = "quick", quick
    elif len(thorough) > len(quick):
        mode, mode_words = "thorough", thorough
    for style, pattern in _STYLES:
        words = _found(pattern, text)
        if words:
            return Intent(mode, style, mode_words, words)
    return Intent(mode, "conversational", mode_words)


def without_intent(text: str) -> str:
    """``text`` less the words that only say how to handle or answer it.

    >>> without_intent("Take your time and be thorough").split()
    ['and', 'be']
    """
    return _HOW.sub(" ", text)


def _found(pattern: re.Pattern[str], text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(" ".join(m.group().split()) for m in pattern.finditer(text)))
