"""What a tool is about, and what a request asks for, as weighted terms.

A tool's document: its name (×3, the strongest signal: ``convert_length``),
retrieval keywords (×2), description (×1), parameter names and enum values
(×1: "celsius", "spearman") and parameter descriptions (×0.5).

A request's terms leave out what it merely *gives* (numbers, quoted text,
paths, dates, emails, unknown names such as cities and tickers), because
those say nothing about which tool is wanted; misspelt words are corrected
against the index's vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from notebook_router.language.bm25 import BM25Index
from notebook_router.language.lexicon import CURRENCIES, is_filler, term, terms
from notebook_router.language.spans import Span, find_spans
from notebook_router.language.words import identifier_words
from notebook_router.tools.spec import Tool

NAME_WEIGHT = 3.0
KEYWORD_WEIGHT = 2.0
DESCRIPTION_WEIGHT = 1.0
PARAMETER_WEIGHT = 1.0
PARAMETER_TEXT_WEIGHT = 0.5
CORRECTED_WEIGHT = 0.8

_VALUE_KINDS = frozenset(["quoted", "email", "url", "path", "date", "time", "number", "assignment"])
_DEGREES = re.compile(r"(?<=\d)\s*°?\s*([CFK])\b")
_SCALES = {"C": "celsius", "F": "fahrenheit", "K": "kelvin"}
_WORD = re.compile(r"[A-Za-zÀ-ÿ0-9]+")


def tool_bag(tool: Tool) -> dict[str, float]:
    """The weighted terms of a tool, for the lexical index."""
    bag: dict[str, float] = {}
    _add(bag, terms(tool.name), NAME_WEIGHT)
    for keyword in tool.keywords:
        _add(bag, terms(keyword), KEYWORD_WEIGHT)
    _add(bag, terms(tool.description), DESCRIPTION_WEIGHT)
    for name, schema in tool.spec.properties.items():
        _add(bag, terms(name), PARAMETER_WEIGHT)
        _add(bag, _schema_terms(schema, values=True), PARAMETER_WEIGHT)
        _add(bag, _schema_terms(schema, values=False), PARAMETER_TEXT_WEIGHT)
    return bag


def tool_words(tool: Tool) -> list[str]:
    """The words a tool is written with (its name, keywords, description, parameters),
    before stemming: what a misspelt request word is corrected against."""
    texts = [tool.name, *tool.keywords, tool.description]
    for name, schema in tool.spec.properties.items():
        texts += [name, str(schema.get("description", "")) if isinstance(schema, dict) else ""]
        texts += [str(o) for o in (schema.get("enum", []) if isinstance(schema, dict) else [])]
    return [w for text in texts for w in identifier_words(text) if w.isalpha()]


def name_terms(name: str) -> frozenset[str]:
    """The terms of a tool's name (``get_current_weather`` → current, weather)."""
    return frozenset(terms(name))


def _schema_terms(schema: Any, *, values: bool) -> list[str]:
    if not isinstance(schema, dict):
        return []
    out: list[str] = []
    if values:
        for option in schema.get("enum", []):
            if isinstance(option, str):
                out.extend(terms(option))
    else:
        out.extend(terms(str(schema.get("description", ""))))
    for sub in [schema.get("items"), *schema.get("anyOf", []), *schema.get("oneOf", [])]:
        out.extend(_schema_terms(sub, values=values))
    return out


def _add(bag: dict[str, float], words: Iterable[str], weight: float) -> None:
    for word in words:
        bag[word] = bag.get(word, 0.0) + weight


@dataclass
class QueryTerms:
    """A request's intent terms (term → weight), the typos fixed, and the values found."""

    weights: dict[str, float] = field(default_factory=dict)
    corrected: dict[str, str] = field(default_factory=dict)
    spans: list[Span] = field(default_factory=list)


def query_terms(text: str, index: BM25Index) -> QueryTerms:
    """The terms of ``text`` that say which tool is wanted (see the module docstring)."""
    spans = find_spans(text)
    out = QueryTerms(spans=spans)
    masked = list(text)
    for span in spans:
        if span.kind in _VALUE_KINDS or not _known(span.text, index):
            masked[span.start : span.end] = " " * (span.end - span.start)
    for match in _DEGREES.finditer(text):  # "30°C", "98.6 F": a temperature scale
        _add(out.weights, [_SCALES[match.group(1)]], 1.0)
        masked[match.start(1) : match.end(1)] = " "
    for match in _WORD.finditer("".join(masked)):
        word = match.group(0).lower()
        if is_filler(word) or word.isdigit():
            continue
        for t, weight in _resolve(word, index, out):
            out.weights[t] = out.weights.get(t, 0.0) + weight
    return out


def _resolve(word: str, index: BM25Index, out: QueryTerms) -> list[tuple[str, float]]:
    """The indexed terms a request word stands for (itself, a fix, or its parts)."""
    t = term(word)
    if t in index:
        return [(t, 1.0)]
    if _singular_key(word) in CURRENCIES:
        return [("currency", 1.0)]  # "euros", "yen": the request is about money
    parts = _compound(word, index)
    if parts:
        return [(p, 1.0) for p in parts]  # "lowercase", "weekday"
    fixed = index.correct(word)
    if fixed is not None and term(fixed) in index:
        out.corrected[word] = fixed
        return [(term(fixed), CORRECTED_WEIGHT)]
    return [(t, 1.0)]


def _compound(word: str, index: BM25Index) -> list[str]:
    if len(word) < 6:
        return []
    for cut in range(3, len(word) - 2):
        head, tail = term(word[:cut]), term(word[cut:])
        if head in index and tail in index:
            return [head, tail]
    return []


def _singular_key(word: str) -> str:
    return word[:-1] if word.endswith("s") and word[:-1] in CURRENCIES else word


def _known(text: str, index: BM25Index) -> bool:
    """A capitalised name or code that is a word of the tools ("Celsius", "AQI")."""
    return all(term(w.lower()) in index for w in _WORD.findall(text))
