"""Words of a text: the one tokeniser every reader of English uses.

A word is a run of letters and digits in any script ("café", "São", "2024");
underscores, dashes, dots and apostrophes end it. Identifiers are split into their
words ("sepalLength", "sepal_length" → sepal, length), so a column or a tool
parameter reads like the words a person would type.

>>> words("Plot the São Paulo revenue_by_month!")
['plot', 'the', 'são', 'paulo', 'revenue', 'by', 'month']
>>> identifier_words("totalRevenue2024 isn't it")
['total', 'revenue2024', 'isnt', 'it']
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[^\W_]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_APOSTROPHE = re.compile(r"['’]")
_TYPOGRAPHY = str.maketrans({"–": "-", "—": "-", "−": "-", "‘": "'", "’": "'", "“": '"', "”": '"'})


def words(text: str) -> list[str]:
    """The lower-case words of ``text``, in order, function words included."""
    return [w.lower() for w in _WORD.findall(text)]


def word_spans(text: str) -> list[tuple[str, int, int]]:
    """Each lower-case word of ``text`` with where it stands (start, end) in ``text``."""
    return [(m.group().lower(), m.start(), m.end()) for m in _WORD.finditer(text)]


_IDENTIFIER = re.compile(r"[^\W_]+(?:['’]+[^\W_]+)*")


def identifier_word_spans(text: str) -> list[tuple[str, int, int]]:
    """:func:`identifier_words` with where each word stands (start, end) in ``text``.

    >>> identifier_word_spans("isn't sepalLength")
    [('isnt', 0, 5), ('sepal', 6, 11), ('length', 11, 17)]
    """
    out: list[tuple[str, int, int]] = []
    for match in _IDENTIFIER.finditer(text):
        start = match.start()
        for piece in _CAMEL.split(match.group()):
            for part in _WORD.finditer(_APOSTROPHE.sub("", piece)):
                out.append((part.group().lower(), start, start + len(piece)))
            start += len(piece)
    return out


def identifier_words(text: str) -> list[str]:
    """Words with identifiers split (camelCase, snake_case) and apostrophes dropped
    ("what's" → "whats"): how tool names, parameters and requests are read alike."""
    return words(_APOSTROPHE.sub("", _CAMEL.sub(" ", text)))


def plain(text: str) -> str:
    """Typographic variants made plain: dashes, curly quotes, ≥ and ≤ (lengths change)."""
    return text.translate(_TYPOGRAPHY).replace("≥", ">=").replace("≤", "<=")
