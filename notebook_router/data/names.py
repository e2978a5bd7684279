"""Which notebook objects a task's words point at, without braces.

``resolve_references(text, context, outputs)`` finds, with the span of text
each came from:

* a variable's exact name used as a word: ``df``, ``sales``, ```df```
  (names that are common English words, like ``a`` or ``it``, only in
  backticks or followed by ``.`` or ``[``);
* a described table: "the sales table", "that customers dataframe" (the
  words before the noun matched to variable names: whole name, a part of
  it such as ``sales`` in ``sales_2024``, a plural, or a close spelling);
* the most recently changed data: "that dataframe", "the data", "this
  table", "it" (or the newest output, when the outputs are stamped on the
  same clock as the scans and one is newer);
* an output by its position: "the second chart" (second from the oldest
  of the recent outputs), "the last table", "the second to last plot".

Spans never overlap: a longer phrase wins over a name inside it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from notebook_router.data.context import TABULAR_KINDS, DataContext
from notebook_router.data.describe import DataDescription
from notebook_router.language.spelling import closest


@dataclass(frozen=True, slots=True)
class OutputRecord:
    """One recent cell output, as the notebook layer reports it (oldest first in a list)."""

    kind: str
    """``figure``, ``table``, ``text``, ``image``..."""
    label: str = ""
    stamp: int | None = None
    """When it appeared, on the scanner's clock (e.g. the cell's execution count)."""


@dataclass(frozen=True, slots=True)
class Reference:
    """A phrase of the task and what it refers to: a variable or an output."""

    phrase: str
    start: int
    end: int
    name: str | None = None
    """The variable referred to (None for an output)."""
    output: int | None = None
    """Index of the output referred to in the list given (None for a variable)."""
    how: str = ""
    """``name``, ``described``, ``recent`` or ``ordinal``: which rule matched."""


_ORDINALS = {
    "first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
    "fifth": 4, "5th": 4, "sixth": 5, "6th": 5, "seventh": 6, "7th": 6, "eighth": 7, "8th": 7,
    "ninth": 8, "9th": 8, "tenth": 9, "10th": 9,
    "last": -1, "latest": -1, "previous": -1, "final": -1, "most recent": -1,
    "penultimate": -2, "second to last": -2, "second-to-last": -2, "second last": -2,
    "next to last": -2, "next-to-last": -2, "second-last": -2,
}  # fmt: skip
_FIGURE_WORDS = r"chart|plot|figure|graph|image|picture|visuali[sz]ation|histogram"
_OUTPUT_KINDS = {"figure": ("figure", "image", "chart", "plot"), "table": ("table",), "any": ()}
_ORDINAL = re.compile(
    r"\b(?:the\s+)?(?P<ord>"
    + "|".join(sorted((re.escape(o) for o in _ORDINALS), key=len, reverse=True))
    + rf")\s+(?P<noun>{_FIGURE_WORDS}|table|output|result)s?\b",
    re.IGNORECASE,
)
_NOUNS = r"data\s*frames?|dfs?|tables?|frames?|data\s*sets?|data|series|arrays?|records|list"
_DESCRIBED = re.compile(
    rf"\b(?:the|that|this|my|our|those|these)\s+(?P<qual>[A-Za-z_]\w*(?:\s+[A-Za-z_]\w*)?)\s+"
    rf"(?P<noun>{_NOUNS})\b",
    re.IGNORECASE,
)
_GENERIC = re.compile(
    rf"\b(?:the|that|this|my)\s+(?:(?:whole|entire|full|same|current|above)\s+)?"
    rf"(?P<noun>{_NOUNS})\b",
    re.IGNORECASE,
)
_IT = re.compile(
    r"\bit\b(?!\s*'|\s+(?:is|was|would|will|should|could|can|seems|looks|has|had|does|did|"
    r"might|may|must|takes|works|turns|means)\b)",
    re.IGNORECASE,
)
_SUBJECT_BEFORE = frozenset(
    "is was does did can could would will should has had if when whether because since as "
    "so that until unless while".split()
)
_WORD = re.compile(r"`([A-Za-z_]\w*)`|\b([A-Za-z_]\w*)\b")
_COMMON_WORDS = frozenset(
    "a an and any as at be by do for from i if in is it me my no of on or so the this that "
    "to up us we all with data".split()
)
_GENERIC_QUALIFIERS = frozenset(
    "whole entire full same current above new old original main other first last "
    "data df dataframe table frame dataset".split()
)
_TABULAR_NOUNS = ("table", "data", "frame", "df", "record", "list")


def resolve_references(
    text: str, context: DataContext, outputs: Sequence[OutputRecord] = ()
) -> list[Reference]:
    """Every phrase of ``text`` that refers to a variable or an output, in text order."""
    found: list[Reference] = []
    found += _ordinals(text, context, outputs)
    found += _described(text, context)
    found += _generic(text, context)
    found += _it(text, context, outputs)
    found += _names(text, context)
    return _without_overlaps(found)


def _ordinals(text: str, context: DataContext, outputs: Sequence[OutputRecord]) -> list[Reference]:
    refs = []
    for m in _ORDINAL.finditer(text):
        position = _ORDINALS[" ".join(m.group("ord").lower().split())]
        noun = m.group("noun").lower()
        kind = "table" if noun == "table" else "any" if noun in ("output", "result") else "figure"
        wanted = _OUTPUT_KINDS[kind]
        matching = [i for i, o in enumerate(outputs) if not wanted or o.kind.lower() in wanted]
        span = (m.start(), m.end(), m.group(0))
        if -len(matching) <= position < len(matching):
            refs.append(
                Reference(span[2], span[0], span[1], output=matching[position], how="ordinal")
            )
        elif kind == "table" and position == -1 and (recent := context.most_recent(tabular=True)):
            refs.append(Reference(span[2], span[0], span[1], name=recent.name, how="recent"))
    return refs


def _described(text: str, context: DataContext) -> list[Reference]:
    refs = []
    for m in _DESCRIBED.finditer(text):
        words = [w.lower() for w in m.group("qual").split()]
        if words[0] in _ORDINALS:
            continue
        words = [w for w in words if w not in _GENERIC_QUALIFIERS]
        if not words:
            continue
        best = _best_match(words, context.data, m.group("noun").lower())
        if best is None:
            tables = [d for d in context.data if d.kind in TABULAR_KINDS]
            if len(tables) != 1 or not _tabular_noun(m.group("noun")):
                continue
            best = tables[0]
        refs.append(Reference(m.group(0), m.start(), m.end(), name=best.name, how="described"))
    return refs


def _generic(text: str, context: DataContext) -> list[Reference]:
    refs = []
    for m in _GENERIC.finditer(text):
        noun = m.group("noun").lower()
        named = context.get(noun)
        target = named if named is not None and named.is_data else _recent_for(noun, context)
        if target is not None:
            how = "name" if target is named else "recent"
            refs.append(Reference(m.group(0), m.start(), m.end(), name=target.name, how=how))
    return refs


def _it(text: str, context: DataContext, outputs: Sequence[OutputRecord]) -> list[Reference]:
    refs = []
    recent = context.most_recent()
    newest = _newest_output(outputs)
    stamp = -1 if newest is None else outputs[newest].stamp or 0
    for m in _IT.finditer(text):
        before = text[: m.start()].split()
        if before and before[-1].lower() in _SUBJECT_BEFORE:  # "is it possible", "if it fails"
            continue
        if newest is not None and (recent is None or stamp > recent.changed_at):
            refs.append(Reference(m.group(0), m.start(), m.end(), output=newest, how="recent"))
        elif recent is not None:
            refs.append(Reference(m.group(0), m.start(), m.end(), name=recent.name, how="recent"))
    return refs


def _names(text: str, context: DataContext) -> list[Reference]:
    known = set(context.names())
    refs = []
    for m in _WORD.finditer(text):
        quoted, word = m.group(1), m.group(2)
        name = quoted or word
        if name not in known:
            continue
        if word and name.lower() in _COMMON_WORDS and not _code_like(text, m.end()):
            continue
        refs.append(Reference(m.group(0), m.start(), m.end(), name=name, how="name"))
    return refs


def _code_like(text: str, end: int) -> bool:
    return text[end : end + 1] in (".", "[")


def _best_match(
    words: list[str], data: Sequence[DataDescription], noun: str
) -> DataDescription | None:
    best, best_score = None, 0.0
    for d in data:  # most recent first: on a tie the most recent wins
        score = max(_score(w, d.name) for w in words)
        if len(words) > 1:
            score = max(score, _score("_".join(words), d.name))
        if score and _tabular_noun(noun) == (d.kind in TABULAR_KINDS):
            score += 0.5
        if score > best_score:
            best, best_score = d, score
    return best if best_score >= 1 else None


def _score(word: str, name: str) -> float:
    lowered = name.lower()
    if word == lowered:
        return 3
    parts = _parts(name)
    if word in parts or word.rstrip("s") in (p.rstrip("s") for p in parts):
        return 2
    if len(word) >= 4 and closest(word, (lowered, *parts), cutoff=0.8):
        return 1
    return 0


def _parts(name: str) -> list[str]:
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])|[_\d]+", " ", name)
    return [p.lower() for p in spaced.split() if p]


def _tabular_noun(noun: str) -> bool:
    return any(noun.lower().startswith(t) for t in _TABULAR_NOUNS)


def _recent_for(noun: str, context: DataContext) -> DataDescription | None:
    if noun.startswith("series"):
        return next((d for d in context.data if d.kind.endswith("Series")), None)
    if noun.startswith("array"):
        return next((d for d in context.data if d.kind == "numpy.ndarray"), None)
    if noun.startswith("data") and not noun.replace(" ", "").startswith("dataframe"):
        return context.most_recent()  # "the data", "the dataset": any kind
    return context.most_recent(tabular=True)


def _newest_output(outputs: Sequence[OutputRecord]) -> int | None:
    stamped = [(o.stamp, i) for i, o in enumerate(outputs) if o.stamp is not None]
    return max(stamped)[1] if stamped else None


def _without_overlaps(refs: list[Reference]) -> list[Reference]:
    kept: list[Reference] = []
    for ref in sorted(refs, key=lambda r: (-(r.end - r.start), r.start)):
        if all(ref.end <= k.start or ref.start >= k.end for k in kept):
            kept.append(ref)
    return sorted(kept, key=lambda r: r.start)
