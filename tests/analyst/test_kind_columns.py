""" "top 3 shipping methods by average total price": a word and a noun asking for its kinds
name the one text column whose abbreviated name starts with the word (``ship_sp``), not
the table's label column. Guards (right before the change) keep named columns."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

AUCTIONS = pd.DataFrame(
    {
        "title": [f"listing {i}" for i in range(8)],
        "ship_pr": [4.0, 3.0, 0.0, 5.0, 2.0, 4.0, 3.0, 1.0],
        "ship_sp": ["std", "std", "parcel", "media", "parcel", "std", "media", "ups"],
        "total_pr": [50.0, 40.0, 70.0, 45.0, 68.0, 42.0, 47.0, 30.0],
    }
)
PAYMENTS = pd.DataFrame(
    {
        "customer": [f"c{i}" for i in range(7)],
        "pay_mth": ["card", "cash", "card", "wire", "cash", "card", "wire"],
        "pay_amt": [10.0, 5.0, 12.0, 40.0, 6.0, 11.0, 38.0],
    }
)


@pytest.mark.parametrize(
    ("question", "df", "by", "column", "n"),
    [
        ("top 3 shipping methods by average total price", AUCTIONS, "ship_sp", "total_pr", 3),
        ("top 2 payment types by average pay_amt", PAYMENTS, "pay_mth", "pay_amt", 2),
    ],
)
def test_kinds_of_a_word_name_the_abbreviated_text_column(
    question: str, df: pd.DataFrame, by: str, column: str, n: int
) -> None:
    answer = analyse(question, {"t": df})
    assert answer.status == "answered", answer.text
    want = df.groupby(by)[column].mean().nlargest(n).index.tolist()
    assert pd.Series(answer.value).tolist() == want, answer.text


def test_which_kind_is_highest() -> None:
    answer = analyse("which shipping method has the highest average total price?", {"t": AUCTIONS})
    assert answer.status == "answered", answer.text
    assert answer.value == AUCTIONS.groupby("ship_sp")["total_pr"].mean().idxmax(), answer.text


def test_guard_a_named_column_is_kept() -> None:
    answer = analyse("average total_pr by ship_sp", {"t": AUCTIONS})
    assert answer.status == "answered", answer.text
    got = {k: float(v) for k, v in pd.Series(answer.value).items()}
    assert got == pytest.approx(AUCTIONS.groupby("ship_sp")["total_pr"].mean().to_dict())
