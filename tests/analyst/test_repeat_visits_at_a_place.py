"""\"how many patients visited clinic 2 more than once?\": the things (patients) with more
than one row among the rows of that place, however the bound is said, not the distinct
things or the rows of the place."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _visits() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "patient_id": ["P1", "P1", "P2", "P2", "P3", "P1", "P4", "P4", "P3", "P4"],
            "clinic": [2, 2, 2, 1, 2, 1, 2, 2, 1, 2],
            "cost": [10, 20, 30, 40, 50, 60, 70, 80, 90, 15],
        }
    )


def _purchases() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "customer": ["Ann", "Ann", "Bob", "Cy", "Cy", "Cy", "Dee", "Bob", "Dee"],
            "store": [
                "North",
                "North",
                "North",
                "South",
                "South",
                "North",
                "South",
                "South",
                "North",
            ],
            "amount": [5.0, 7.5, 3.0, 2.0, 9.0, 4.0, 6.0, 1.0, 8.0],
        }
    )


def _repeats(frame: pd.DataFrame, who: str, where: str, value: object, at_least: int) -> int:
    counts = frame[frame[where] == value][who].value_counts()
    return int((counts >= at_least).sum())


@pytest.mark.parametrize(
    ("question", "at_least"),
    [
        ("how many patients visited clinic 2 more than once?", 2),
        ("how many patients had more than one visit to clinic 2?", 2),
        ("how many patients visited clinic 2 at least twice?", 2),
        ("how many patients visited clinic 2 twice or more?", 2),
        ("how many patients visited clinic 2 three times or more?", 3),
    ],
)
def test_patients_with_repeat_visits_to_a_numbered_clinic(question: str, at_least: int) -> None:
    frame = _visits()
    a = analyse(question, {"visits": frame})
    assert (a.status, a.value) == ("answered", _repeats(frame, "patient_id", "clinic", 2, at_least))


@pytest.mark.parametrize(
    "question",
    [
        "how many customers shopped at North more than once?",
        "how many customers bought from the North store twice or more?",
    ],
)
def test_customers_with_repeat_purchases_at_a_named_store(question: str) -> None:
    frame = _purchases()
    a = analyse(question, {"purchases": frame})
    assert (a.status, a.value) == ("answered", _repeats(frame, "customer", "store", "North", 2))
