"""Words people use for a value that a table spells another way.

A question says "women" where a column holds "female", "yes" where it holds True. Each
group of ``language/data/value_words.toml`` is one value; every reader of such words
(the value linker, the accounting of words left over, follow-ups) reads them here.
"""

from __future__ import annotations

from notebook_router.language.tables import table

_TABLE = table("value_words")

VALUE_GROUPS: tuple[frozenset[str], ...] = tuple(
    frozenset(w.lower() for w in group) for group in _TABLE["groups"]
)
"""Each group of words for one value ("female", "women", "girls", ...)."""

VALUE_WORDS: frozenset[str] = frozenset().union(*VALUE_GROUPS)
"""Every word of a group: a word read as a value said another way."""

NAMING_VERBS: frozenset[str] = frozenset(_TABLE["naming"]["verbs"])
"""Verbs after which a word is a name ("pets *called* Max")."""


def value_group(word: str) -> frozenset[str] | None:
    """The group ``word`` belongs to (the words for its one value), or None."""
    return next((group for group in VALUE_GROUPS if word in group), None)


def other_side(group: frozenset[str]) -> frozenset[str]:
    """The group paired with ``group`` (the groups come in pairs: female and male, dead and
    alive, yes and no); empty for a group with no pair."""
    at = VALUE_GROUPS.index(group)
    pair = at + 1 if at % 2 == 0 else at - 1
    return VALUE_GROUPS[pair] if pair < len(VALUE_GROUPS) else frozenset()


def other_words(word: str) -> tuple[str, ...]:
    """The other words for the value ``word`` says ("women" → female, woman, ...), in the
    table's order."""
    for group in _TABLE["groups"]:
        if word in group:
            return tuple(w for w in group if w != word)
    return ()
