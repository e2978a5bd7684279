"""A share whose condition is said twice ("have an ulcer (ulcer 1)") is a share of all
the rows, never of the rows that meet it.

The bracketed restatement was also read as the rows the share is taken over, so every
such answer was "Of the 90 rows where ulcer = 1, 100% have ulcer = 1", shown as complete.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

PATIENTS = pd.DataFrame(
    {"ulcer": [1, 0, 0, 1, 1, 0, 0, 0], "status": [1, 2, 2, 1, 2, 2, 1, 2], "age": range(8)}
)
CARS = pd.DataFrame(
    {"fuel": ["diesel", "petrol", "petrol", "diesel", "petrol"], "doors": [4, 2, 4, 4, 2]}
)


@pytest.mark.parametrize(
    ("frame", "question", "share"),
    [
        (PATIENTS, "what percentage of patients have an ulcer (ulcer 1)?", "37.5%"),
        (PATIENTS, "what percentage of the patients have an ulcer (ulcer = 1)?", "37.5%"),
        (CARS, "what percentage of cars run on diesel (fuel diesel)?", "40%"),
    ],
)
def test_a_condition_said_twice_is_measured_over_every_row(
    frame: pd.DataFrame, question: str, share: str
) -> None:
    answer = analyse(question, {"t": frame})
    assert share in answer.text, answer.text
    assert "100%" not in answer.text


def test_a_base_said_apart_is_still_the_base() -> None:
    answer = analyse("what percentage of patients with ulcer 1 have status 1?", {"t": PATIENTS})
    assert "Of the 3 rows where ulcer = 1" in answer.text and "66.67%" in answer.text
