"""Whether a column's name is a question's word with a prefix that makes another word.

"admitted" is part of ``readmitted``, "paid" of ``prepaid`` and ``unpaid``, "sold" of
``resold``: the name is the word with a prefix that changes its meaning (again, before,
not), so the word names something else than the column ("how many patients were
admitted" counts every admission, not the readmissions). A name's first letters that are
no such prefix ("P" of ``Pclass``) still let its last word stand for it. The prefixes
live in ``language/data/word_prefixes.toml``.
"""

from __future__ import annotations

from notebook_router.language.tables import table

_PREFIXES: frozenset[str] = frozenset(table("word_prefixes")["meaning_prefixes"])


def is_prefix(part: str) -> bool:
    """Whether ``part`` (a word of a name, lower case) is a prefix that makes another word."""
    return part in _PREFIXES


def prefixed_word(name: str, word: str) -> bool:
    """Whether ``name`` (a name's words run together, lower case) is ``word`` with a
    meaning prefix in front ("readmitted" of "admitted", "unpaid" of "paid")."""
    return len(name) > len(word) and name.endswith(word) and is_prefix(name[: -len(word)])
