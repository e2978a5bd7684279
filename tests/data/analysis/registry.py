"""The question registry: each question is a sentence plus the function that answers it.

Question modules register with ``@ask(dataset, family, text)`` on a function of the
loaded frame, or ``decline(dataset, text)`` for a question the analyst must refuse.
``item(question, number)`` turns one into a questions.jsonl record: the function's
return value is made plain JSON (numpy scalars to Python, booleans to "yes"/"no"),
rounded when the question asks for N decimals, and its kind follows from its type.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from numbers import Integral, Real
from typing import Any

import numpy as np

Compute = Callable[[Any], object]

FAMILIES = (
    "summary",
    "groupby",
    "filter",
    "missing",
    "outliers",
    "correlation",
    "normality",
    "derived",
    "resample",
    "pivot",
    "trend",
    "format",
    "decline",
)

DEFAULT_TOLERANCE = 1e-6


@dataclass(frozen=True)
class Question:
    """One development question and how to answer it (``compute`` is None for declines)."""

    dataset: str
    family: str
    text: str
    compute: Compute | None
    decimals: int | None = None
    frame: str | None = None


QUESTIONS: list[Question] = []


def ask(
    dataset: str, family: str, text: str, *, decimals: int | None = None, frame: str | None = None
) -> Callable[[Compute], Compute]:
    """Register the decorated function as the answer to ``text`` about ``dataset``."""
    if family not in FAMILIES or family == "decline":
        raise ValueError(f"unknown family {family!r}")

    def register(compute: Compute) -> Compute:
        QUESTIONS.append(Question(dataset, family, text, compute, decimals, frame))
        return compute

    return register


def decline(dataset: str, text: str, *, frame: str | None = None) -> None:
    """Register a question the analyst must decline (no column, needs a model, off topic)."""
    QUESTIONS.append(Question(dataset, "decline", text, None, None, frame))


def plain(value: object, decimals: int | None = None) -> Any:
    """The JSON form of an answer: Python scalars, lists, dicts with string keys."""
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value
    if isinstance(value, Integral):
        return int(value)
    if isinstance(value, Real):
        number = float(value)
        if not math.isfinite(number):
            raise ValueError(f"answer is not finite: {number}")
        return round(number, decimals) if decimals is not None else number
    if isinstance(value, dict):
        return {key_text(k): plain(v, decimals) for k, v in value.items()}
    if isinstance(value, (list, tuple, np.ndarray)):
        return [plain(v, decimals) for v in value]
    raise TypeError(f"answer of unsupported type {type(value).__name__}: {value!r}")


def key_text(key: object) -> str:
    """Mapping keys as text; integral numbers without a trailing ``.0``."""
    if isinstance(key, Real) and not isinstance(key, bool):
        number = float(key)
        return str(int(number)) if number.is_integer() else str(number)
    return str(key)


def kind_of(answer: Any) -> str:
    """The contract's kind for a plain answer."""
    if isinstance(answer, str):
        return "label"
    if isinstance(answer, (int, float)):
        return "number"
    if isinstance(answer, list):
        return "list"
    if isinstance(answer, dict):
        return "mapping"
    raise TypeError(f"no kind for {answer!r}")


def tolerance(decimals: int | None) -> float:
    """Half a unit in the last asked-for decimal, else the default."""
    return DEFAULT_TOLERANCE if decimals is None else 0.5 * 10.0**-decimals


def item(question: Question, ident: str, frame: Any) -> dict[str, Any]:
    """The questions.jsonl record for ``question``, answered on ``frame``."""
    record: dict[str, Any] = {"id": ident, "dataset": question.dataset}
    if question.frame is not None:
        record["frame"] = question.frame
    record.update(family=question.family, question=question.text)
    if question.compute is None:
        record.update(kind="decline", answer=None, tolerance=None)
        return record
    answer = plain(question.compute(frame), question.decimals)
    record.update(kind=kind_of(answer), answer=answer, tolerance=tolerance(question.decimals))
    return record
