""" "The lowest wheat price and the highest wages": a different statistic of a column of
its own in each part, one figure each.

Read as one question it became the minimum of both columns, with the second statistic
left out. Parts that share a grouping or a condition said once stay one question.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from notebook_router.language.clauses import decompose

PRICES = pd.DataFrame(
    {
        "year": range(1700, 1708),
        "wheat": [40.0, 26, 33, 31, 45, 38, 30, 36],
        "wages": [5.0, 6, 7, 30, 8, 9, 10, 11],
    }
)
RACES = pd.DataFrame(
    {
        "race": list("ABCDEF"),
        "dist": [2.0, 6.0, 4.5, 12.0, 3.0, 8.0],
        "time": [16.0, 48.3, 33.6, 204.6, 25.0, 70.1],
    }
)


@pytest.mark.parametrize(
    ("frame", "question", "figures"),
    [
        (PRICES, "the lowest wheat price and the highest wages", ("26", "30")),
        (PRICES, "the mean wheat and the max wages", ("34.88", "30")),
        (RACES, "the shortest dist and the longest time", ("2", "204.6")),
    ],
)
def test_each_part_gets_its_own_statistic(
    frame: pd.DataFrame, question: str, figures: tuple[str, str]
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    first, second = figures
    assert f"is {first}." in answer.text and f"is {second}." in answer.text


def test_a_list_of_statistics_of_one_column_stays_one_question() -> None:
    answer = analyse("the lowest and highest wages", {"t": PRICES})
    assert "min: 5" in answer.text and "max: 30" in answer.text


def test_the_planner_keeps_such_a_question_one_task() -> None:
    # the analyst reads the parts on the table: a grouping said once stays with both
    clauses = decompose("the highest revenue and the lowest cost by region")
    assert len(clauses) == 1
