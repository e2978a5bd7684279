"""A number past 0 and 1 is never a bound on a yes/no column."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from notebook_router.analyst import analyse

RACE = pd.DataFrame(
    {
        "runner": list("ABCDEF"),
        "finish_time_sec": [15000.0, 13000, 16000, np.nan, 14500, 12800],
        "finished": [True, True, True, False, True, True],
    }
)
ORDERS = pd.DataFrame({"order_id": [1, 2, 3], "paid": [1, 0, 1], "amount": [5.0, 50.0, 500.0]})


@pytest.mark.parametrize(
    ("name", "frame", "question", "said"),
    [
        ("race", RACE, "how many runners finished under 4 hours", "4"),
        ("orders", ORDERS, "how many orders paid over 100", "100"),
    ],
)
def test_a_bound_past_yes_and_no_is_taken_back_and_named(
    name: str, frame: pd.DataFrame, question: str, said: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status != "answered", answer.text
    assert any(said in gap for gap in answer.left_out), answer.left_out


def test_a_yes_no_column_is_still_read_as_one() -> None:
    assert analyse("how many runners finished", {"race": RACE}).value == 5
    assert analyse("how many orders have paid > 0", {"orders": ORDERS}).value == 2
