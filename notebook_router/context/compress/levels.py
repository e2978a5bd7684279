"""Choosing how hard to compress a value: the least of three levels that fits a token budget.

The levels, the same for every kind of content:

* ``light``: redundancy and formatting go (comments, markup, blank lines, repeated
  sentences, the table's formatting); everything that says something stays;
* ``medium``: the key points (a text's central sentences, code's signatures and the
  lines that decide what it returns or raises, a table's schema, statistics and first
  rows);
* ``heavy``: the core facts and relations (the clauses that hold numbers and names,
  code's outline, a table's schema and statistics with two rows).

``none`` is the value as it is, when it fits. A value is tried at each level in turn,
least first, and the first that fits the budget is kept; when even ``heavy`` is over,
its text is cut to the budget and the record says so. A value more than twice the
budget skips ``light`` (it seldom halves anything). Offline everything here is
extractive and deterministic: the same value and budget give the same text.

Tokens are the project's estimate (:func:`~notebook_router.usage.estimate_tokens`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, Protocol

from notebook_router.usage import estimate_tokens

Level = Literal["none", "light", "medium", "heavy"]
LEVELS: tuple[Level, ...] = ("light", "medium", "heavy")
"""The compressing levels, least first."""
Kind = Literal["prose", "code", "table", "data"]

CHARS_PER_TOKEN = 4
"""What :func:`~notebook_router.usage.estimate_tokens` counts as a token."""


@dataclass(frozen=True, slots=True)
class Compressed:
    """A value made shorter: the text, how it was made, and what it left out.

    >>> c = compress("A short note.", budget=100)
    >>> (c.level, c.text)
    ('none', 'A short note.')
    """

    text: str
    kind: Kind
    level: Level
    tokens: int
    original_tokens: int
    dropped: tuple[str, ...] = field(default=())
    """What was left out, in words ("31 of 40 sentences", "the bodies of 12 functions")."""

    @property
    def ratio(self) -> float:
        """Tokens kept over tokens given (1.0: nothing saved)."""
        return self.tokens / self.original_tokens if self.original_tokens else 1.0

    def note(self) -> str:
        """One line for a trace: level, kind, sizes and what went.

        >>> compress("word " * 400, budget=20).note().split(":")[0]
        'heavy (prose)'
        """
        if self.level == "none":
            return f"kept as it is ({self.original_tokens:,} tokens)"
        head = (
            f"{self.level} ({self.kind}): {self.original_tokens:,} → {self.tokens:,} tokens "
            f"({self.ratio:.0%})"
        )
        return f"{head}; left out {'; '.join(self.dropped)}" if self.dropped else head


class Compressor(Protocol):
    """How one kind of content is read and shortened."""

    def original(self, value: object) -> str:
        """The value as text, whole (called only when it may fit as it is)."""

    def tokens(self, value: object) -> int:
        """About how many tokens :meth:`original` holds, without building it when big."""

    def shorten(self, value: object, level: Level, budget: int | None) -> tuple[str, list[str]]:
        """The value at ``level`` (within ``budget`` tokens where the level can choose how
        much to keep), and what it left out."""


def compress(
    value: object,
    budget: int | None = None,
    *,
    level: Level | None = None,
    kind: Kind | None = None,
) -> Compressed:
    """``value`` as text within ``budget`` tokens, at the least level that fits.

    ``level``: that level whatever the size (``budget`` then only bounds what the level
    may choose); ``kind``: how to read the value (default: :func:`kind_of`).

    >>> compress("x = 1\\n# a note\\n\\ny = 2\\n", level="light").text
    'x = 1\\ny = 2'
    """
    if level is None and type(value) is str and (budget is None or _fits(value, budget)):
        # The common case on a planner's path: a short result, nothing to do.
        n = estimate_tokens(value)
        return Compressed(value, kind or "prose", "none", n, n)
    from notebook_router.context.compress.kinds import compressor_for, kind_of

    kind = kind or kind_of(value)
    reader = compressor_for(kind)
    total = reader.tokens(value)
    if level is not None:
        return _at(reader, value, kind, level, budget, total)
    if budget is None or total <= budget:
        text = reader.original(value)
        return Compressed(text, kind, "none", estimate_tokens(text), total)
    tried: Compressed | None = None
    for step in LEVELS:
        if step == "light" and total > 2 * budget:
            continue
        tried = _at(reader, value, kind, step, budget, total)
        if tried.tokens <= budget:
            return tried
    assert tried is not None
    return _cut(tried, budget)


def _fits(text: str, budget: int) -> bool:
    return len(text) <= budget * CHARS_PER_TOKEN


def _at(
    reader: Compressor, value: object, kind: Kind, level: Level, budget: int | None, total: int
) -> Compressed:
    if level == "none":
        text, dropped = reader.original(value), list[str]()
    else:
        text, dropped = reader.shorten(value, level, budget)
    return Compressed(text, kind, level, estimate_tokens(text), total, tuple(dropped))


def _cut(compressed: Compressed, budget: int) -> Compressed:
    """``compressed`` cut to ``budget`` tokens at a line or word boundary, saying so."""
    limit = max(1, budget * CHARS_PER_TOKEN - 1)
    text = compressed.text[:limit]
    for edge in ("\n", " "):
        at = text.rfind(edge)
        if at > limit // 2:
            text = text[:at]
            break
    text = text.rstrip() + "…"
    dropped = (*compressed.dropped, f"the rest past {budget:,} tokens")
    return Compressed(
        text,
        compressed.kind,
        compressed.level,
        estimate_tokens(text),
        compressed.original_tokens,
        dropped,
    )


Shortener = Callable[[str, int | None], tuple[str, list[str]]]
"""A level of one kind of text: (text, budget) to (shorter text, what it left out)."""
