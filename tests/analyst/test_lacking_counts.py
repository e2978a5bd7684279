"""A count said as lacking a column's value counts the rows where it is missing."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from notebook_router.analyst import analyse

TICKETS = pd.DataFrame(
    {"ticket_id": range(6), "csat_score": [5, np.nan, 3, 2, 4, np.nan]}  # 4 scored, 2 not
)
PATIENTS = pd.DataFrame({"pid": range(5), "bmi": [20.0, np.nan, np.nan, np.nan, 30.0]})


@pytest.mark.parametrize(
    ("name", "frame", "question", "truth"),
    [
        ("tickets", TICKETS, "how many tickets have no CSAT score?", 2),
        ("tickets", TICKETS, "how many tickets without a CSAT score?", 2),
        ("tickets", TICKETS, "how many tickets have a CSAT score?", 4),
        ("patients", PATIENTS, "how many patients have no bmi?", 3),
    ],
)
def test_lacking_a_value_counts_the_missing_ones(
    name: str, frame: pd.DataFrame, question: str, truth: int
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status == "answered", answer.text
    assert answer.value == truth
