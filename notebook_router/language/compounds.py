"""Names written as one word: "percbelowpoverty" is "perc below poverty".

Column names are often several words run together, lower case, without separators
("poptotal", "percollege", "inmetro"). :func:`split_compound` reads them back into
words, choosing the split into the fewest pieces that are each an everyday English
word (``data/common_words.txt``) or a short form data people use in names
(``data/name_parts.txt``), so a question's "college" or "poverty" can name the column.

>>> split_compound("percbelowpoverty")
['perc', 'below', 'poverty']
>>> split_compound("poptotal"), split_compound("inmetro")
(['pop', 'total'], ['in', 'metro'])
>>> split_compound("salary"), split_compound("xqzv")
(None, None)
"""

from __future__ import annotations

from functools import lru_cache

from notebook_router.language.tables import word_list

MIN_LENGTH = 6
"""Shorter names are read as one word (or a code): "county", "HR"."""
MIN_PART = 3
"""No piece is shorter than this ("un", "a" would split any name), but for the
two-letter words names are joined by ("inmetro", "percapita")."""
_SHORT = frozenset({"in", "of", "by", "at", "to", "on", "no", "hh", "yr", "per"})


def _known(piece: str) -> bool:
    if len(piece) < MIN_PART:
        return piece in _SHORT
    return piece in word_list("common_words") or piece in word_list("name_parts")


@lru_cache(maxsize=4096)
def split_compound(name: str) -> list[str] | None:
    """The words of a run-together lower-case ``name``, or None when it is one word, not
    all letters, too short, or no split into known pieces exists."""
    if len(name) < MIN_LENGTH or not name.isalpha() or not name.islower() or _known(name):
        return None
    n = len(name)
    # best[i]: the fewest known pieces covering name[:i] (ties: the longer last piece)
    best: list[list[str] | None] = [None] * (n + 1)
    best[0] = []
    for end in range(2, n + 1):
        for start in range(max(0, end - 20), end - 1):
            head = best[start]
            piece = name[start:end]
            if head is None or not _known(piece):
                continue
            candidate = [*head, piece]
            current = best[end]
            if current is None or len(candidate) < len(current):
                best[end] = candidate
    found = best[n]
    return found if found is not None and len(found) >= 2 else None
