"""Whether a word that can name an operation ("order", "product") names one
where it is said, or names the things a table lists ("total tickets per order").

>>> names_an_operation("sort in ascending order", 18)
True
>>> names_an_operation("total tickets per order", 18)
False
>>> names_an_operation("what was the biggest order?", 21)
False
>>> asks_for_a_label("which order had the highest total?", 6)
True
"""

from __future__ import annotations

from notebook_router.language.tables import table
from notebook_router.language.words import word_spans

_TABLE: dict[str, object] = table("operation_nouns")
_NOUNS: dict[str, dict[str, object]] = {k: v for k, v in _TABLE.items() if isinstance(v, dict)}
_ASKS_FOR = (
    frozenset(str(w) for w in _TABLE["asks_for"])
    if isinstance(_TABLE["asks_for"], list)
    else frozenset()
)


def is_operation_noun(word: str) -> bool:
    """``word`` names an operation only in some phrases (see :func:`names_an_operation`)."""
    return word in _NOUNS


def names_an_operation(text: str, start: int) -> bool:
    """The word of ``text`` that starts at ``start`` names an operation there.

    A word that is no operation noun always does; an operation noun does when a word
    of its table is said just before or just after it, or when it opens the text and
    its table says it may ("order the rows by date")."""
    spans = [(w.lower(), s) for w, s, _ in word_spans(text)]
    at = next((i for i, (_, s) in enumerate(spans) if s == start), None)
    if at is None:
        return True
    word = spans[at][0]
    said = _NOUNS.get(word)
    if said is None:
        return True
    before = spans[at - 1][0] if at > 0 else None
    after = spans[at + 1][0] if at + 1 < len(spans) else None
    if before is None:
        return bool(said["first"])
    return before in _as_set(said["before"]) or (
        after is not None and after in _as_set(said["after"])
    )


def _as_set(words: object) -> frozenset[str]:
    return frozenset(str(w) for w in words) if isinstance(words, list) else frozenset()


def asks_for_a_label(text: str, start: int) -> bool:
    """The operation noun of ``text`` at ``start`` follows a question word ("which order
    had the highest total?"): it names the things asked about, and when no column holds
    them the question asks for a row by its label, with nothing left out."""
    spans = [(w.lower(), s) for w, s, _ in word_spans(text)]
    at = next((i for i, (_, s) in enumerate(spans) if s == start), None)
    return at is not None and at > 0 and spans[at][0] in _NOUNS and spans[at - 1][0] in _ASKS_FOR
