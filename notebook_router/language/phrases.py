"""Phrase tables: the English a rule reads, kept as data, and the regex pieces made of it.

A rule that reads a request ("now do the same for South", "keep them all", "remember
that ...") has a shape (where the words go) and words (which ones count). The shape is
a regular expression written where the rule is; the words are groups of a table in
``data/<name>.toml``, read once through :func:`phrase_table`. A group is a list of
phrases; a table may nest groups in sections (``[same]`` ... ``verbs = [...]`` is the
group ``same.verbs``).

:meth:`PhraseTable.either` makes a group a regex alternation in the table's order: the
order a rule tries its words in, as the regex it replaced did (a longer phrase that
shares a start with a shorter one is listed first where it must win). Each phrase is
escaped; a space stands for any run of white space unless the rule says what a space is.

>>> import re
>>> table = PhraseTable("example", {"lead": ("and", "so", "now then")})
>>> table.either("lead")
'(?:and|so|now\\\\s+then)'
>>> bool(re.fullmatch(table.either("lead"), "now   then"))
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from notebook_router.language.tables import table


@dataclass(frozen=True, slots=True)
class PhraseTable:
    """The phrase groups of one table of ``data/``, by (dotted) group name."""

    name: str
    groups: Mapping[str, tuple[str, ...]]

    def words(self, group: str) -> tuple[str, ...]:
        """The phrases of ``group``, in the table's order (KeyError names the table)."""
        try:
            return self.groups[group]
        except KeyError:
            raise KeyError(f"data/{self.name}.toml has no phrase group {group!r}") from None

    def word_set(self, group: str) -> frozenset[str]:
        """The phrases of ``group`` as a set, for membership tests."""
        return frozenset(self.words(group))

    def either(self, group: str, *, space: str = r"\s+") -> str:
        """A non-capturing regex group matching any phrase of ``group``, tried in the
        table's order; each phrase escaped, each space in it matching ``space``."""
        return in_order(self.words(group), space=space)


def in_order(phrases: tuple[str, ...], *, space: str = r"\s+") -> str:
    """``(?:a|b|...)`` over ``phrases`` as written and in their order (escaped, a space
    standing for ``space``): unlike :func:`~notebook_router.language.patterns.alternation`,
    which puts the longest first, the first phrase that lets the whole pattern match wins.

    >>> in_order(("do not", "don't"), space=" ")
    "(?:do not|don't)"
    """
    return "(?:" + "|".join(re.escape(p).replace(r"\ ", space) for p in phrases) + ")"


@cache
def phrase_table(name: str) -> PhraseTable:
    """The phrase groups of ``data/<name>.toml``, read once. Every value is a list of
    phrases or a section of them; anything else is a mistake in the table."""
    groups: dict[str, tuple[str, ...]] = {}
    _collect(name, table(name), "", groups)
    return PhraseTable(name, groups)


def _collect(
    name: str, section: Mapping[str, Any], prefix: str, out: dict[str, tuple[str, ...]]
) -> None:
    for key, value in section.items():
        group = f"{prefix}{key}"
        if isinstance(value, Mapping):
            _collect(name, value, f"{group}.", out)
        elif isinstance(value, list) and value and all(isinstance(p, str) and p for p in value):
            out[group] = tuple(value)
        else:
            raise ValueError(f"data/{name}.toml: {group} is not a list of phrases")
