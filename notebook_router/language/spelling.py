"""Typo and word-form correction against a vocabulary, and "did you mean" suggestions.

Typos by symmetric deletion (one edit away); word forms by shared stems
("remind" → "reminder", "regress" → "regression"), found by binary search
over the sorted vocabulary.

Every vocabulary word is indexed under itself and each of its one-letter
deletions; a misspelt word's own deletions then meet the right word's
whenever the two are one insertion, deletion, substitution or adjacent swap
apart. Lookups cost a dozen dict probes however large the vocabulary is,
which keeps retrieval over thousands of tools fast.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping
from difflib import get_close_matches

MAX_SUFFIX = 5
# Derivational endings that keep a word's meaning close enough to match on.
SUFFIXES = frozenset(["er", "or", "ion", "ation", "ity", "ment", "al", "ance", "ence", "ive", "y"])


class Speller:
    """Corrects a word to the most common vocabulary word one edit away.

    >>> Speller({"weather": 3, "whether": 1}).correct("wether")
    'weather'
    """

    def __init__(
        self,
        frequencies: Mapping[str, int],
        *,
        min_length: int = 6,
        shared: Speller | None = None,
    ) -> None:
        """``frequencies`` is read as it stands at each correction (a live count works).

        ``shared``: a speller whose words this one knows too without indexing them
        again (a vocabulary every catalogue holds, indexed once); those of its words
        that ``frequencies`` counts are corrected to, by this speller's counts.
        """
        self.frequencies = frequencies
        self.min_length = min_length
        self._shared = shared
        self._sorted: list[str] = []
        self._keys: dict[str, list[str]] = {}
        for word in sorted(frequencies):
            self.learn(word)

    def learn(self, word: str) -> None:
        """Add ``word`` to the vocabulary (its count is read from ``frequencies``)."""
        if self._shared is not None and self._shared._knows(word):
            return
        i = bisect.bisect_left(self._sorted, word)
        if i < len(self._sorted) and self._sorted[i] == word:
            return
        self._sorted.insert(i, word)
        if len(word) >= self.min_length - 2:
            for key in _deletions(word):
                self._keys.setdefault(key, []).append(word)

    def correct(self, word: str) -> str | None:
        """The vocabulary word ``word`` most likely meant, or None."""
        if word in self.frequencies or len(word) < self.min_length - 1:
            return None
        if len(word) < self.min_length:  # too short to guess a typo safely: forms only
            return max(self._forms(word), key=lambda w: (self.frequencies[w], w), default=None)
        found: set[str] = set()
        for key in _deletions(word):
            for index in self._indexes():
                found.update(index._keys.get(key, ()))
        close = [w for w in found if w in self.frequencies and _one_edit(word, w)]
        close = close or self._forms(word)
        if not close:
            return None
        return max(close, key=lambda w: (self.frequencies[w], -len(w), w))

    def _indexes(self) -> tuple[Speller, ...]:
        return (self,) if self._shared is None else (self, self._shared)

    def _knows(self, word: str) -> bool:
        i = bisect.bisect_left(self._sorted, word)
        return i < len(self._sorted) and self._sorted[i] == word

    def _forms(self, word: str) -> list[str]:
        """Vocabulary words that extend ``word`` (or that it extends) by a short suffix."""
        found = []
        for index in self._indexes():
            words = index._sorted
            i = bisect.bisect_left(words, word)
            while i < len(words) and words[i].startswith(word):
                if words[i][len(word) :] in SUFFIXES and words[i] in self.frequencies:
                    found.append(words[i])
                i += 1
        for cut in range(1, MAX_SUFFIX + 1):
            stem = word[:-cut]
            if word[-cut:] in SUFFIXES and len(stem) >= 4 and stem in self.frequencies:
                found.append(stem)
        return found


def _deletions(word: str) -> set[str]:
    return {word} | {word[:i] + word[i + 1 :] for i in range(len(word))}


def _one_edit(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` differ by one edit (Damerau: swaps of neighbours count)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diffs = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diffs) == 1:
            return True
        return (
            len(diffs) == 2
            and diffs[1] == diffs[0] + 1
            and a[diffs[0]] == b[diffs[1]]
            and a[diffs[1]] == b[diffs[0]]
        )
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long[i]:
        i += 1
    return short[i:] == long[i + 1 :]


def same_word(a: str, b: str) -> bool:
    """``a`` and ``b`` are one word up to a derivational ending ("remind", "reminder")."""
    if a == b:
        return True
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return len(short) >= 4 and long.startswith(short) and long[len(short) :] in SUFFIXES


def closest(word: str, candidates: Iterable[str], *, n: int = 1, cutoff: float = 0.6) -> list[str]:
    """The ``candidates`` most like ``word`` (a name mistyped, a column half-remembered),
    best first: what a "did you mean" offers. Unlike :class:`Speller`, any number of
    edits may separate them; ``cutoff`` is the least similarity (0..1) to offer.

    >>> closest("smhi_wether", ["smhi_weather", "scb_population"])
    ['smhi_weather']
    """
    return get_close_matches(word, list(candidates), n=n, cutoff=cutoff)
