"""Two readings of which rows a later phrase is about.

"Of smokers, what percentage have an ulcer?": the base of a share said first, before the
comma, picks the rows the share is taken of. It used to be measured with the rest, so the
share was of every row.

"How many orders have amount over 3, and what is the average amount of the others?": the
others are the rows the earlier part did not pick. The earlier condition used to be
carried as it was, so the second figure was about the same rows, shown as complete.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

PATIENTS = pd.DataFrame(
    {
        "smoker": ["yes", "no", "yes", "yes", "no", "no", "yes", "no"],
        "ulcer": [1, 0, 0, 1, 1, 0, 1, 0],
        "group": ["a", "b", None, "a", None, "c", "b", "a"],
    }
)
ORDERS = pd.DataFrame(
    {
        "review_stars": [4.0, None, 5, None, 3, None],
        "region": list("nnsnss"),
        "amount": [1.0, 2, 3, 4, 5, 6],
    }
)


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("of smokers, what percentage have an ulcer (ulcer = 1)?", 75.0),
        ("among smokers, what percentage have ulcer 1?", 75.0),
        ("of the patients that have a group recorded, what percent are in group a?", 50.0),
    ],
)
def test_a_base_said_first_picks_the_rows_the_share_is_of(question: str, truth: float) -> None:
    answer = analyse(question, {"t": PATIENTS})
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(truth)


@pytest.mark.parametrize(
    ("question", "rows"),
    [
        (
            "how many orders have amount over 3, and what is the average amount of the others?",
            ~(ORDERS.amount > 3),
        ),
        (
            "how many orders have no review, and what's the average amount of the others?",
            ORDERS.review_stars.notna(),
        ),
        (
            "how many orders are from region n, and what is the average amount of the rest?",
            ORDERS.region != "n",
        ),
    ],
)
def test_the_others_are_the_rows_the_part_before_left(question: str, rows: pd.Series) -> None:
    answer = analyse(question, {"t": ORDERS})
    assert answer.status == "answered", answer.text
    assert isinstance(answer.value, (list, tuple)), answer.value  # one figure a part
    assert answer.value[-1] == pytest.approx(ORDERS[rows].amount.mean())


def test_the_others_of_several_conditions_are_said_as_not_applied() -> None:
    answer = analyse(
        "how many orders from region n have amount over 1, and what is the average amount "
        "of the others?",
        {"t": ORDERS},
    )
    assert answer.status == "partial", answer.text
    assert "“the others”" in answer.text
