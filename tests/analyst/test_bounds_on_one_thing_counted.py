"""A bound on one of the things a count column counts, and on each thing's number of rows.

- "what share reported at least one affair?" over a count column ``affairs`` is the share
  of rows with ``affairs >= 1`` ("at least one" is no minimum); "more than one child" is
  ``children > 1``.
- "how many patients visited more than once?" / "have more than one visit?" over a table
  of visits counts the ``patient_id`` values on two rows or more, never the rows, the
  distinct patients, or a bound on the identifier's values.

Every expected figure is computed here with plain pandas. Cases marked "guard" passed on
``next`` before this change; the others failed there.
"""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

SURVEY = pd.DataFrame(
    {
        "respondent": list("abcdefghij"),
        "affairs": [0, 0, 1, 3, 0, 7, 0, 2, 0, 0],
        "children": [0, 1, 2, 3, 0, 2, 1, 4, 0, 1],
        "age": [22, 35, 41, 29, 50, 33, 27, 45, 38, 31],
    }
)
VISITS = pd.DataFrame(
    {
        "visit_id": range(1, 11),
        "patient_id": [101, 102, 101, 103, 104, 102, 101, 105, 106, 104],
        "cost": [50, 60, 70, 80, 90, 40, 30, 20, 10, 100],
    }
)
ORDERS = pd.DataFrame(
    {
        "order_id": range(1, 9),
        "customer_id": [7, 8, 7, 9, 7, 10, 8, 11],
        "amount": [10, 20, 15, 30, 25, 5, 40, 35],
    }
)


@pytest.mark.parametrize(
    ("question", "want"),
    [
        ("what share of people reported at least one affair?", (SURVEY.affairs >= 1).mean()),
        ("what share of respondents had at least one child?", (SURVEY.children >= 1).mean()),
    ],
)
def test_share_with_at_least_one(question: str, want: float) -> None:
    a = analyse(question, {"survey": SURVEY})
    assert a.value == pytest.approx(want), a.text
    assert "minimum" not in a.text


@pytest.mark.parametrize(
    ("question", "want"),
    [
        ("how many people had more than one affair?", int((SURVEY.affairs > 1).sum())),
        ("how many people have exactly one child?", int((SURVEY.children == 1).sum())),
    ],
)
def test_count_with_one_thing_counted(question: str, want: int) -> None:
    a = analyse(question, {"survey": SURVEY})
    assert a.status == "answered", a.text
    assert a.value == want


def test_guard_at_least_two_children() -> None:
    """guard"""
    a = analyse("how many people have at least two children?", {"survey": SURVEY})
    assert a.value == int((SURVEY.children >= 2).sum())


def _repeated(ids: pd.Series) -> int:
    return int((ids.value_counts() > 1).sum())


@pytest.mark.parametrize(
    ("name", "frame", "question", "column"),
    [
        ("visits", VISITS, "how many patients visited more than once?", "patient_id"),
        ("visits", VISITS, "how many patients have more than one visit?", "patient_id"),
        ("orders", ORDERS, "how many customers have more than one order?", "customer_id"),
    ],
)
def test_things_with_more_than_one_row(
    name: str, frame: pd.DataFrame, question: str, column: str
) -> None:
    a = analyse(question, {name: frame})
    assert a.status == "answered", a.text
    assert a.value == _repeated(frame[column])


def test_which_things_have_more_than_one_row() -> None:
    a = analyse("which patients visited more than once?", {"visits": VISITS})
    assert a.status == "answered", a.text
    assert "101" in a.text and "102" in a.text and "104" in a.text
    assert "103" not in a.text.split("each patient_id")[0]


def test_guard_named_text_things_still_counted() -> None:
    """guard"""
    df = pd.DataFrame({"customer": ["a", "b", "a", "c", "b", "a"], "amount": [1, 2, 3, 4, 5, 6]})
    a = analyse("how many customers ordered more than once?", {"orders": df})
    assert a.value == 2
