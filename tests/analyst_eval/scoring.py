"""Scoring the offline analyst against the development set (tests/data/analysis).

``score(analysis, item)`` applies the contract's rule for the item's kind:

- number: ``|value - answer| <= tolerance`` or within a relative 1e-6 (numeric text
  such as "1984" counts as the number);
- label: case-insensitive equality after trimming; a boolean value reads as
  "yes"/"no" (and "true"/"false");
- list: same length, element by element as labels or numbers;
- mapping: the same keys and values within tolerance. Keys compare as text, with
  integral numbers written without ".0" and dates matching their year
  ("2005"), quarter ("2005Q1"), month ("2005-03") or day, so a resampled Series
  keyed by Timestamps scores like one keyed by years;
- decline: ``status == "declined"``. Any other item needs ``status == "answered"``,
  so declining an answerable question scores 0.

``evaluate(analyse, items)`` runs the analyst over the items, each on a fresh copy
of its frame, and reports accuracy overall and per family; an exception counts as
a miss and is kept in the report.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from numbers import Real
from typing import Any, Protocol

import numpy as np

from tests.data.analysis.datasets import load

RELATIVE_TOLERANCE = 1e-6


class AnalysisLike(Protocol):
    """The two fields of ``notebook_router.analyst.Analysis`` that scoring reads."""

    @property
    def status(self) -> str: ...

    @property
    def value(self) -> object: ...


Analyse = Callable[..., AnalysisLike]


def score(analysis: AnalysisLike, item: Mapping[str, Any]) -> bool:
    """Whether ``analysis`` answers ``item`` correctly (see the module docstring)."""
    if item["kind"] == "decline":
        return analysis.status == "declined"
    if analysis.status != "answered":
        return False
    tolerance = float(item["tolerance"])
    kind = item["kind"]
    if kind == "number":
        return _same_number(analysis.value, item["answer"], tolerance)
    if kind == "label":
        return _same_label(analysis.value, item["answer"])
    if kind == "list":
        return _same_list(analysis.value, item["answer"], tolerance)
    if kind == "mapping":
        return _same_mapping(analysis.value, item["answer"], tolerance)
    raise ValueError(f"unknown kind {kind!r} in item {item.get('id')}")


def _number(value: object) -> float | None:
    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, Real):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def _same_number(value: object, answer: object, tolerance: float) -> bool:
    got, expected = _number(value), _number(answer)
    if got is None or expected is None:
        return False
    gap = abs(got - expected)
    # The tiny slack absorbs float noise when the answer sits exactly on a rounding edge.
    return gap <= tolerance + 1e-12 or gap <= RELATIVE_TOLERANCE * abs(expected)


def _label(value: object) -> str | None:
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value.strip().casefold()
    return None


def _same_label(value: object, answer: object) -> bool:
    got, expected = _label(value), _label(answer)
    if got is None or expected is None:
        return False
    if isinstance(value, (bool, np.bool_)):
        return expected in ({"yes", "true"} if value else {"no", "false"})
    return got == expected


def _same(value: object, answer: object, tolerance: float) -> bool:
    if isinstance(answer, str):
        return _same_label(value, answer)
    return _same_number(value, answer, tolerance)


def _as_list(value: object) -> list[object] | None:
    if isinstance(value, (list, tuple)):
        return list(value)
    tolist = getattr(value, "tolist", None)  # numpy arrays, pandas Series and Index
    if callable(tolist) and not isinstance(value, (str, bytes)):
        listed = tolist()
        return listed if isinstance(listed, list) else None
    return None


def _same_list(value: object, answer: list[object], tolerance: float) -> bool:
    got = _as_list(value)
    if got is None or len(got) != len(answer):
        return False
    return all(_same(g, a, tolerance) for g, a in zip(got, answer, strict=True))


def _as_dict(value: object) -> dict[object, object] | None:
    if isinstance(value, Mapping):
        return dict(value)
    to_dict = getattr(value, "to_dict", None)  # a pandas Series
    if callable(to_dict) and getattr(value, "ndim", None) == 1:
        converted = to_dict()
        return converted if isinstance(converted, dict) else None
    return None


def key_forms(key: object) -> list[str]:
    """The texts a mapping key may stand for, most literal first."""
    if isinstance(key, str):
        return [key.strip().casefold()]
    number = _number(key)
    if number is not None:
        return [str(int(number)) if number.is_integer() else str(number)]
    forms = [str(key).strip().casefold()]
    year, month = getattr(key, "year", None), getattr(key, "month", None)
    if isinstance(year, int) and isinstance(month, int):
        day = getattr(key, "day", 1)
        quarter = (month - 1) // 3 + 1
        forms += [
            str(year),
            f"{year}q{quarter}",
            f"{year}-{month:02d}",
            f"{year}-{month:02d}-{day:02d}",
        ]
    return forms


def _same_mapping(value: object, answer: dict[str, object], tolerance: float) -> bool:
    got = _as_dict(value)
    if got is None or len(got) != len(answer):
        return False
    expected = {k.strip().casefold(): v for k, v in answer.items()}
    matched: dict[str, object] = {}
    for key, got_value in got.items():
        form = next((f for f in key_forms(key) if f in expected and f not in matched), None)
        if form is None:
            return False
        matched[form] = got_value
    return matched.keys() == expected.keys() and all(
        _same(matched[k], expected[k], tolerance) for k in expected
    )


@dataclass(frozen=True)
class Miss:
    """One item the analyst got wrong, with what it gave instead."""

    id: str
    family: str
    question: str
    expected: object
    got: object
    status: str


@dataclass(frozen=True)
class Report:
    """Accuracy of one evaluation, overall and per family, and the misses."""

    items: int
    accuracy: float
    by_family: dict[str, float]
    misses: list[Miss] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def silent_wrong(self) -> int:
        """Misses presented as complete answers: the worst kind (a declined, partial or
        failed analysis at least tells its reader something is missing)."""
        return sum(1 for m in self.misses if m.status == "answered")

    def summary(self) -> dict[str, object]:
        """The figures as plain JSON (no misses): right, flagged and silent wrong too."""
        right = self.items - len(self.misses)
        return {
            "items": self.items,
            "accuracy": round(self.accuracy, 4),
            "right": right,
            "flagged": len(self.misses) - self.silent_wrong,
            "silent_wrong": self.silent_wrong,
            "by_family": {k: round(v, 4) for k, v in sorted(self.by_family.items())},
            "seconds": round(self.seconds, 3),
        }

    def describe_misses(self) -> str:
        """One line per miss, for assertion messages."""
        return "\n".join(
            f"{m.id} [{m.family}] {m.question!r}: expected {m.expected!r}, got {m.got!r} ({m.status})"
            for m in self.misses
        )


def heldout(item: Mapping[str, Any]) -> bool:
    """True for the third of the questions kept out of tuning (fixed by a hash of the id)."""
    digest = hashlib.sha256(str(item["id"]).encode()).digest()
    return digest[0] % 3 == 0


def frames_for(item: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
    """The frames the harness passes for ``item`` and the default frame's name."""
    name = str(item.get("frame") or item["dataset"])
    return {name: load(str(item["dataset"]))}, name


def evaluate(analyse: Analyse, items: Iterable[Mapping[str, Any]]) -> Report:
    """Run ``analyse`` on every item and score it."""
    hits: dict[str, list[bool]] = {}
    misses: list[Miss] = []
    started = time.perf_counter()
    for item in items:
        frames, default = frames_for(item)
        try:
            analysis = analyse(str(item["question"]), frames, default=default)
            ok = score(analysis, item)
            got, status = analysis.value, analysis.status
        except Exception as error:  # an analyst crash is a miss, not the end of the run
            ok, got, status = False, f"{type(error).__name__}: {error}", "error"
        hits.setdefault(str(item["family"]), []).append(ok)
        if not ok:
            misses.append(
                Miss(item["id"], item["family"], item["question"], item["answer"], got, status)
            )
    seconds = time.perf_counter() - started
    total = sum(len(v) for v in hits.values())
    correct = sum(sum(v) for v in hits.values())
    return Report(
        items=total,
        accuracy=correct / total if total else 0.0,
        by_family={family: sum(v) / len(v) for family, v in hits.items()},
        misses=misses,
        seconds=seconds,
    )
