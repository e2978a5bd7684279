"""The scorer applies the contract's rule for each kind of answer, and evaluate() reports by family."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.analyst_eval.scoring import evaluate, score


@dataclass(frozen=True)
class Fake:
    status: str
    value: object


def answered(value: object) -> Fake:
    return Fake("answered", value)


def item(
    kind: str, answer: object, tolerance: float | None = 1e-6, family: str = "summary"
) -> dict[str, Any]:
    return {
        "id": "x-001",
        "dataset": "iris",
        "family": family,
        "question": "q",
        "kind": kind,
        "answer": answer,
        "tolerance": tolerance,
    }


def test_numbers_match_within_the_tolerance_or_a_relative_millionth() -> None:
    rounded = item("number", 0.44, 0.005)
    assert score(answered(0.4359), rounded)
    assert score(answered(np.float64(0.4449)), rounded)
    assert not score(answered(0.4451), rounded)
    assert score(answered(1_000_000.5), item("number", 1_000_000.0))
    assert score(answered(np.int64(42)), item("number", 42))
    assert score(answered("1984"), item("number", 1984))
    assert not score(answered(True), item("number", 1))
    assert not score(answered(float("nan")), item("number", 1.0))


def test_labels_ignore_case_and_booleans_read_as_yes_or_no() -> None:
    assert score(answered(" Setosa"), item("label", "setosa"))
    assert not score(answered("versicolor"), item("label", "setosa"))
    assert score(answered(np.True_), item("label", "yes"))
    assert score(answered(False), item("label", "no"))
    assert not score(answered(True), item("label", "no"))


def test_lists_compare_in_order_element_by_element() -> None:
    expected = item("list", ["General Motors", "US Steel", 3.5])
    assert score(answered(["general motors", "US Steel", 3.5000000001]), expected)
    assert score(answered(pd.Index(["General Motors", "US Steel", 3.5], dtype=object)), expected)
    assert not score(answered(["US Steel", "General Motors", 3.5]), expected)
    assert not score(answered(["General Motors", "US Steel"]), expected)


def test_mappings_need_the_same_keys_and_close_values() -> None:
    expected = item("mapping", {"setosa": 1.462, "versicolor": 4.26})
    assert score(answered({"Setosa": 1.462, "versicolor": 4.2600000001}), expected)
    assert score(answered(pd.Series({"setosa": 1.462, "versicolor": 4.26})), expected)
    assert not score(answered({"setosa": 1.462}), expected)
    assert not score(answered({"setosa": 1.462, "versicolor": 4.3}), expected)
    by_code = item("mapping", {"1": 149.0, "2": 155.5})
    assert score(answered({1.0: 149.0, 2: 155.5}), by_code)


def test_resampled_keys_match_years_whatever_their_type() -> None:
    expected = item("mapping", {"2005": 5.075, "2006": 4.625})
    by_timestamp = pd.Series([5.075, 4.625], index=pd.to_datetime(["2005-12-31", "2006-12-31"]))
    by_period = pd.Series([5.075, 4.625], index=pd.period_range("2005", periods=2, freq="Y"))
    assert score(answered(by_timestamp), expected)
    assert score(answered(by_period.to_dict()), expected)
    assert score(answered({2005: 5.075, 2006: 4.625}), expected)


def test_declines_score_only_on_questions_that_must_be_declined() -> None:
    assert score(Fake("declined", None), item("decline", None, None, "decline"))
    assert not score(answered(3.0), item("decline", None, None, "decline"))
    assert not score(Fake("declined", None), item("number", 3.0))


def test_evaluate_reports_accuracy_by_family_and_survives_a_crashing_analyst() -> None:
    items = [
        item("number", 150, family="summary"),
        {**item("decline", None, None, "decline"), "id": "x-002"},
        {**item("label", "setosa", family="groupby"), "id": "x-003", "frame": "df"},
    ]
    seen: list[tuple[str, ...]] = []

    def analyse(question: str, frames: dict[str, Any], *, default: str | None = None) -> Fake:
        seen.append((*frames, str(default)))
        if "frame" in items[len(seen) - 1]:
            raise RuntimeError("boom")
        return answered(len(frames[str(default)]))

    report = evaluate(analyse, items)
    assert report.items == 3
    assert report.accuracy == 1 / 3
    assert report.by_family == {"summary": 1.0, "decline": 0.0, "groupby": 0.0}
    assert seen == [("iris", "iris"), ("iris", "iris"), ("df", "df")]
    assert [m.status for m in report.misses] == ["answered", "error"]
    assert "RuntimeError: boom" in report.describe_misses()
