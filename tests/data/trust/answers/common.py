"""Small pandas helpers the answer functions share, each refusing an ambiguous answer.

An answer function takes ``t`` (``t("penguins")`` is a fresh copy of a table) and
returns one value per part of its item. The helpers turn pandas results into plain
JSON values and stop the build where a question would have two right answers: a tie
at the edge of a top-N, a tied maximum, a mapping with a missing value.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from types import ModuleType
from typing import Any

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

Tables = Callable[[str], pd.DataFrame]
Answer = Callable[[Tables], list[object]]

# What an answer function returns for an unanswerable part, after checking the absence.
NOT_IN_DATA = "not in the data"

DIGITS = 6


class AmbiguousAnswer(ValueError):
    """The data gives a question two defensible answers; the question must change."""


def num(value: Any) -> int | float:
    """A plain int or float rounded to six decimals (stable across pandas versions)."""
    number = float(value)
    if math.isnan(number):
        raise AmbiguousAnswer("an answer is missing (NaN)")
    if number.is_integer() and abs(number) < 2**53:
        return int(number)
    return round(number, DIGITS)


def key(value: Any) -> str:
    """A group label as text: integral numbers without ".0", dates as YYYY-MM-DD."""
    if isinstance(value, pd.Timestamp):
        return str(value.strftime("%Y-%m-%d"))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(num(value))
    if hasattr(value, "item"):  # a numpy scalar
        return key(value.item())
    return str(value)


def mapping(series: pd.Series) -> dict[str, object]:
    """A Series as {label text: number}, refusing missing values."""
    return {key(k): num(v) for k, v in series.items()}


def labels(values: Iterable[Any]) -> list[str]:
    """Labels as text, in the given order."""
    return [key(v) for v in values]


def ranked(series: pd.Series | Mapping[str, Any], n: int, *, ascending: bool = False) -> list[str]:
    """The labels of the first ``n`` of ``series`` sorted by value, refusing ties up to n+1."""
    ordered = pd.Series(series).dropna().sort_values(ascending=ascending)
    head = ordered.iloc[: n + 1].tolist()
    if len(set(head)) != len(head):
        raise AmbiguousAnswer(f"ties among the first {n + 1}: {ordered.iloc[: n + 1].to_dict()}")
    return labels(ordered.index[:n])


def top(series: pd.Series | Mapping[str, Any], *, ascending: bool = False) -> str:
    """The label of the largest (or smallest) value, refusing a tie."""
    return ranked(series, 1, ascending=ascending)[0]


def count(mask: pd.Series) -> int:
    """How many rows a boolean mask keeps."""
    return int(mask.sum())


def percent(mask: pd.Series) -> float:
    """The share of True in a boolean mask, as a percentage."""
    return num(100 * mask.mean())


def one(frame: pd.DataFrame, column: str) -> int | float:
    """The value of ``column`` in a frame that must hold exactly one row."""
    if len(frame) != 1:
        raise AmbiguousAnswer(f"expected one row, got {len(frame)}")
    return num(frame[column].iloc[0])


def absent(frame: pd.DataFrame, *words: str, values: bool = True) -> str:
    """NOT_IN_DATA, after checking no column name contains any word and (unless
    ``values`` is False, for free-text columns such as names) no text value has a word
    starting with it (so "humid" also rules out "humidity")."""
    for word in words:
        needle = word.casefold()
        if any(needle in str(c).casefold() for c in frame.columns):
            raise AmbiguousAnswer(f"a column mentions {word!r}")
        pattern = rf"\b{re.escape(needle)}"
        for column in frame.columns if values else ():
            cells = frame[column]
            if cells.dtype.kind in "OSUT" or str(cells.dtype) in {"str", "string"}:
                texts = cells.dropna().astype(str).str.casefold()
                if texts.str.contains(pattern, regex=True).any():
                    raise AmbiguousAnswer(f"column {column!r} holds a value with {word!r}")
    return NOT_IN_DATA


def cause() -> str:
    """NOT_IN_DATA for a question about causes, which observational rows cannot show."""
    return NOT_IN_DATA


def gather(modules: Iterable[ModuleType]) -> dict[str, Answer]:
    """Every module's ``ANSWERS`` in one table; an item answered twice is an error."""
    gathered: dict[str, Answer] = {}
    for module in modules:
        overlap = gathered.keys() & module.ANSWERS.keys()
        if overlap:
            raise ValueError(f"answers defined twice: {sorted(overlap)}")
        gathered.update(module.ANSWERS)
    return gathered
