"""A table's id columns in "which ..." questions: a repeated id groups its rows, a unique id
names the row (never the frame's index, never the largest id as an answer to a count)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from notebook_router.analyst import analyse


def _orders() -> pd.DataFrame:
    rng = np.random.default_rng(5)
    n = 240
    return pd.DataFrame(
        {
            "order_id": np.arange(9000, 9000 + n),
            # 80-odd customers with a few orders each; customer 42 with the most
            "customer_id": np.r_[np.full(12, 42), rng.integers(1, 90, n - 12)],
            "region": rng.choice(["North", "South"], n),
            "amount": rng.uniform(1, 100, n).round(2),
        }
    )


def _visits() -> pd.DataFrame:
    rng = np.random.default_rng(6)
    n = 180
    return pd.DataFrame(
        {
            "VisitID": np.arange(300, 300 + n),
            "PatientID": np.r_[np.full(9, 1033), rng.integers(1000, 1070, n - 9)],
            "cost_usd": rng.uniform(20, 900, n).round(2),
        }
    )


@pytest.mark.parametrize(
    ("name", "frame", "question", "key"),
    [
        ("orders", _orders(), "which customer has the most orders?", "customer_id"),
        ("orders", _orders(), "which customer placed the most orders?", "customer_id"),
        ("visits", _visits(), "which patient has the most visits?", "PatientID"),
    ],
)
def test_which_repeated_id_has_the_most_rows_counts_each_ids_rows(
    name: str, frame: pd.DataFrame, question: str, key: str
) -> None:
    answer = analyse(question, {name: frame})
    counts = frame[key].value_counts()
    top = set(counts[counts == counts.max()].index)
    assert answer.status in ("answered", "partial"), answer.text
    assert answer.value in top, answer.text  # not the row with the largest id


@pytest.mark.parametrize(
    ("name", "frame", "question", "key", "measure"),
    [
        (
            "orders",
            _orders(),
            "which customer has the highest total amount?",
            "customer_id",
            "amount",
        ),
        (
            "visits",
            _visits(),
            "which patient has the highest total cost_usd?",
            "PatientID",
            "cost_usd",
        ),
    ],
)
def test_which_repeated_id_has_the_highest_total_ranks_each_ids_total(
    name: str, frame: pd.DataFrame, question: str, key: str, measure: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status == "answered", answer.text
    assert answer.value == frame.groupby(key)[measure].sum().idxmax()


@pytest.mark.parametrize(
    ("name", "frame", "question", "key", "measure"),
    [
        ("orders", _orders(), "which order has the highest amount?", "order_id", "amount"),
        ("visits", _visits(), "which visit had the highest cost?", "VisitID", "cost_usd"),
    ],
)
def test_which_row_is_named_by_its_unique_id_not_the_index(
    name: str, frame: pd.DataFrame, question: str, key: str, measure: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status == "answered", answer.text
    assert answer.value == frame.loc[frame[measure].idxmax(), key]


@pytest.mark.parametrize(
    ("name", "frame", "question"),
    [
        ("visits", _visits(), "which visit was most expensive?"),
        ("orders", _orders(), "which order is the biggest?"),
    ],
)
def test_a_ranking_by_nothing_but_the_rows_id_is_not_answered(
    name: str, frame: pd.DataFrame, question: str
) -> None:
    # the row with the largest id is no answer to which one cost the most
    answer = analyse(question, {name: frame})
    assert answer.status != "answered", answer.text


def test_which_id_is_the_largest_still_asks_for_the_id_itself() -> None:
    frame = _orders()
    answer = analyse("which customer_id is the largest?", {"orders": frame})
    assert str(frame["customer_id"].max()) in answer.text
