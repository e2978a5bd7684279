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

Spans never overlap: a longer phrase wins over a name inside it. Ordinals and "it"
are read as every reader of a request reads them (:mod:`notebook_router.language.references`;
which output they mean: :mod:`notebook_router.data.pointers`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from notebook_router.data.context import TABULAR_KINDS, DataContext
from notebook_router.data.describe import DataDescription
from notebook_router.data.pointers import OutputRecord, pick
from notebook_router.language.phrases import phrase_table
from notebook_router.language.references import mentions, position
from notebook_router.language.spelling import closest


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


_SAID = phrase_table("data_names")
"""How a request describes a table (``language/data/data_names.toml``)."""
_NOUNS = _SAID.either("nouns", space=r"\s*")
_DESCRIBED = re.compile(
    rf"\b{_SAID.either('described_by')}\s+(?P<qual>[A-Za-z_]\w*(?:\s+[A-Za-z_]\w*)?)\s+"
    rf"(?P<noun>{_NOUNS})\b",
    re.IGNORECASE,
)
_GENERIC = re.compile(
    rf"\b{_SAID.either('generic_by')}\s+(?:{_SAID.either('generic_said')}\s+)?"
    rf"(?P<noun>{_NOUNS})\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"`([A-Za-z_]\w*)`|\b([A-Za-z_]\w*)\b")
_COMMON_WORDS = _SAID.word_set("common_words")
_GENERIC_QUALIFIERS = _SAID.word_set("generic_qualifiers")
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
    for m in mentions(text):
        if m.position is None or not m.kinds:
            continue
        chosen = pick(m, outputs)
        span = (m.phrase, m.start, m.end)
        if chosen.outputs:
            refs.append(Reference(*span, output=chosen.outputs[0], how="ordinal"))
        elif m.kinds == {"table"} and m.position == -1 and (recent := _recent_table(context)):
            refs.append(Reference(*span, name=recent.name, how="recent"))
    return refs


def _described(text: str, context: DataContext) -> list[Reference]:
    refs = []
    for m in _DESCRIBED.finditer(text):
        words = [w.lower() for w in m.group("qual").split()]
        if position(words[0]) is not None:
            continue  # "the second table": an output by its place
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
    for m in mentions(text):
        # One reading of "it": "is it possible" and "if it fails" are no pointer, and an
        # "it" after words it may stand for ("the ratio ...: mean of it") is theirs.
        if not m.pronoun or m.antecedent:
            continue
        span = (m.phrase, m.start, m.end)
        if newest is not None and (recent is None or stamp > recent.changed_at):
            refs.append(Reference(*span, output=newest, how="recent"))
        elif recent is not None:
            refs.append(Reference(*span, name=recent.name, how="recent"))
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


def _recent_table(context: DataContext) -> DataDescription | None:
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
