"""A percent sign on a number said in a condition is the number's unit: "how many ...
above 80%?" is a number of rows, not a percentage of them, and "20% or more" keeps its
"or more" (``>=``). A question that asks for a share with a word ("what percentage ...")
still gets one.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _hours() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "hour": [0, 7, 14, 21, 4, 11, 18, 1],
            "humidity_pct": [94, 32, 77, 85, 91, 60, 83, 40],
            "rentals": [496, 426, 215, 300, 120, 380, 410, 90],
        }
    )


def _sales() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "Store": ["Mall", "Airport", "Mall", "Suburb", "Airport", "Mall"],
            "Discount %": [0, 20, 30, 10, 15, 20],
            "Quantity": [1, 2, 3, 4, 5, 6],
        }
    )


@pytest.mark.parametrize(
    ("question", "threshold"),
    [
        ("how many records have humidity above 80%?", 80),
        ("how many records have humidity_pct above 90%?", 90),
        ("number of rows with humidity over 75 %", 75),
    ],
)
def test_how_many_above_a_percent_is_a_count(question: str, threshold: int) -> None:
    df = _hours()
    answer = analyse(question, {"w": df})
    assert answer.value == int((df["humidity_pct"] > threshold).sum())
    assert "percentage" not in answer.text.lower()


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("how many transactions had a discount of 20% or more?", lambda d: d >= 20),
        ("how many transactions had a discount above 10%?", lambda d: d > 10),
        ("how many transactions had a discount of 15% or less?", lambda d: d <= 15),
    ],
)
def test_a_percent_threshold_keeps_its_comparison(question: str, truth: object) -> None:
    df = _sales()
    answer = analyse(question, {"sales": df})
    assert callable(truth)
    assert answer.value == int(truth(df["Discount %"]).sum())


@pytest.mark.parametrize(
    "question",
    [
        "what percentage of records have humidity above 80%?",
        "what % of rows have humidity above 80%",
    ],
)
def test_a_share_asked_in_words_is_still_a_percentage(question: str) -> None:
    df = _hours()
    answer = analyse(question, {"w": df})
    assert answer.value == pytest.approx((df["humidity_pct"] > 80).mean() * 100)


def _schools() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "school": ["a", "b", "c", "d", "e", "f"],
            "free_lunch": [10.0, 15.0, 25.0, 40.0, 5.0, 19.5],
            "enrollment": [100, 200, 300, 400, 500, 600],
        }
    )


@pytest.mark.parametrize(
    ("question", "frame", "column", "op", "threshold"),
    [
        ("how many schools have free lunch under 20 percent", _schools(), "free_lunch", "<", 20),
        ("how many schools have free lunch over 20 per cent", _schools(), "free_lunch", ">", 20),
        ("how many records have humidity above 80 percent?", _hours(), "humidity_pct", ">", 80),
        ("how many records had humidity below 50 pct", _hours(), "humidity_pct", "<", 50),
    ],
)
def test_how_many_with_a_percent_said_in_words_is_a_count(
    question: str, frame: pd.DataFrame, column: str, op: str, threshold: int
) -> None:
    a = analyse(question, {"t": frame})
    kept = frame[column] < threshold if op == "<" else frame[column] > threshold
    assert a.value == int(kept.sum())
    assert a.operation == "count"
    assert a.status == "answered"


def test_a_share_asked_beside_a_percent_bound_in_words_is_still_a_share() -> None:
    frame = _schools()
    a = analyse("what percent of schools have free lunch under 20 percent", {"t": frame})
    assert a.value == pytest.approx((frame.free_lunch < 20).mean() * 100)
