"""Tokenising, light stemming and synonyms for lexical matching.

Deliberately small: no NLP dependency, deterministic, fast (a few
microseconds per short sentence). Stemming only folds the inflections that
matter for matching requests to agent and tool descriptions ("plotting",
"plots", "plotted" → "plot"; "summarise", "summarizing" → "summarize").
"""

from __future__ import annotations

import re
from functools import lru_cache

_WORD = re.compile(r"[a-z0-9]+")

NUMBER_WORDS: dict[str, int] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "twenty": 20,
}  # fmt: skip
"""Small numbers as people write them in requests ("top three", "in two sentences")."""

STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "if",
        "then",
        "so",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "from",
        "with",
        "without",
        "into",
        "onto",
        "about",
        "over",
        "under",
        "as",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "do",
        "does",
        "did",
        "doing",
        "have",
        "has",
        "had",
        "i",
        "me",
        "my",
        "we",
        "our",
        "you",
        "your",
        "he",
        "she",
        "it",
        "its",
        "they",
        "them",
        "their",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "why",
        "how",
        "all",
        "any",
        "each",
        "some",
        "such",
        "no",
        "not",
        "only",
        "own",
        "same",
        "than",
        "too",
        "very",
        "can",
        "could",
        "will",
        "would",
        "should",
        "shall",
        "may",
        "might",
        "must",
        "just",
        "also",
        "please",
        "up",
        "down",
        "out",
        "off",
        "again",
        "further",
        "once",
        "more",
        "most",
        "other",
        "both",
        "few",
        "s",
        "t",
        "don",
        "now",
        "let",
        "lets",
        "get",
        "got",
        "make",
        "made",
        "use",
        "using",
        "via",
        "per",
        "etc",
        "me",
        "us",
        "him",
        "her",
        "yours",
        "ours",
        "theirs",
    ]
)

_SUFFIXES: tuple[tuple[str, str], ...] = (
    ("isations", "ize"),
    ("izations", "ize"),
    ("isation", "ize"),
    ("ization", "ize"),
    ("ising", "ize"),
    ("izing", "ize"),
    ("ised", "ize"),
    ("ized", "ize"),
    ("ises", "ize"),
    ("izes", "ize"),
    ("ise", "ize"),
    ("ies", "y"),
    ("ing", ""),
    ("ed", ""),
    ("ly", ""),
    ("es", ""),
    ("s", ""),
)
_KEEP_DOUBLE = ("ll", "ss", "zz")

# Each group folds to its first word. Kept short and generic on purpose:
# domain words belong in agents' capabilities, not here.
SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = (
    ("plot", "chart", "graph", "visualize", "visual", "draw", "figure", "diagram", "viz"),
    ("summarize", "summary", "recap", "overview", "tldr", "digest", "synopsis"),
    ("load", "read", "open", "import", "ingest"),
    ("table", "dataframe", "csv", "dataset", "spreadsheet", "sheet"),
    ("calculate", "compute", "calculation"),
    ("search", "lookup", "research", "investigate"),
    ("analyze", "analysis", "analytic", "examine", "explore", "inspect"),
    ("statistic", "stats", "stat", "statistical"),
    ("average", "mean"),
    ("forecast", "predict", "prediction"),
    ("translate", "translation"),
    ("email", "mail"),
    ("write", "draft", "compose"),
    ("restaurant", "dining", "dine", "eat", "cuisine", "food", "foodie", "eatery"),
    ("hotel", "accommodation", "lodging", "hostel"),
    ("flight", "fly", "airline", "airfare", "plane"),
    ("trip", "travel", "vacation", "holiday", "journey"),
    ("tour", "excursion", "sightseeing"),
    ("event", "concert", "festival"),
)


def stem(word: str) -> str:
    """Fold common English inflections (and British -ise spellings)."""
    for suffix, replacement in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)] + replacement
            if (
                not replacement
                and len(base) > 3
                and base[-1] == base[-2]
                and base[-2:] not in _KEEP_DOUBLE
            ):
                base = base[:-1]  # plotting -> plott -> plot
            return base
    return word


def _build_synonyms() -> dict[str, str]:
    table: dict[str, str] = {}
    for group in SYNONYM_GROUPS:
        canonical = stem(group[0])
        for word in group:
            table[word] = canonical
            table[stem(word)] = canonical
    return table


SYNONYMS = _build_synonyms()


@lru_cache(maxsize=65536)
def normalize(word: str) -> str:
    """The matching form of one lower-case word: synonym-folded stem."""
    return SYNONYMS.get(word) or SYNONYMS.get(stem(word)) or stem(word)


def words(text: str) -> list[str]:
    """Lower-case alphanumeric words, stopwords included."""
    return _WORD.findall(text.lower())


def tokens(text: str) -> list[str]:
    """Matching tokens of ``text``: words minus stopwords, normalised.

    >>> tokens("Plotting the monthly revenues")
    ['plot', 'month', 'revenue']
    """
    return [normalize(w) for w in _WORD.findall(text.lower()) if w not in STOPWORDS]
