""" "How many people won more than once?": the things whose number of rows meets a bound.

In a table of wins (one row a win) the people who won more than once are the names on two
rows or more; neither the rows (every win) nor the names (every winner) answer it. The
answer counts (or, for "which", lists) the names, each with its rows, and says how it
counted. When no column names the things, the question is declined rather than answered
with a row count. Small stand-in tables; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _winners() -> pd.DataFrame:
    return pd.DataFrame(
        {"name": ["Ann", "Bob", "Ann", "Cy", "Dee", "Bob", "Ann", "Eve"], "movie": list("PQRSTUVW")}
    )


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "customer": ["Acme", "Acme", "Globex", "Acme", "Initech", "Globex", "Umbrella"],
            "amount": [10, 20, 30, 40, 50, 60, 70],
        }
    )


def _visits() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "patient": ["p1", "p2", "p1", "p3", "p1", "p2", "p4", "p5"],
            "cost": [100, 200, 100, 300, 150, 250, 90, 80],
        }
    )


@pytest.mark.parametrize(
    ("frames", "question", "expected"),
    [
        ({"winners": _winners()}, "how many people won more than once?", 2),
        ({"winners": _winners()}, "how many names appear more than once?", 2),
        ({"winners": _winners()}, "how many people won at least 3 times?", 1),
        ({"orders": _orders()}, "how many customers have at least 3 orders?", 1),
        ({"orders": _orders()}, "how many customers placed 2 or more orders?", 2),
        ({"visits": _visits()}, "how many patients visited more than once?", 2),
        ({"visits": _visits()}, "how many patients appear multiple times?", 2),
        ({"orders": _orders()}, "how many customers have more than one order?", 2),
        ({"orders": _orders()}, "how many customers ordered exactly once?", 2),
    ],
)
def test_the_things_meeting_the_bound_are_counted(
    frames: dict[str, pd.DataFrame], question: str, expected: int
) -> None:
    result = analyse(question, frames)
    assert result.status == "answered"
    assert result.value == expected
    assert "each" in result.text and "counted once, by its number of rows" in result.text


@pytest.mark.parametrize(
    ("frames", "question", "expected"),
    [
        ({"orders": _orders()}, "which customers ordered more than twice?", ["Acme"]),
        ({"visits": _visits()}, "which patients had at least 2 visits?", ["p1", "p2"]),
        ({"winners": _winners()}, "which names appear more than once?", ["Ann", "Bob"]),
        ({"orders": _orders()}, "which customers have at least two orders?", ["Acme", "Globex"]),
    ],
)
def test_which_lists_the_things(
    frames: dict[str, pd.DataFrame], question: str, expected: list[str]
) -> None:
    result = analyse(question, frames)
    assert result.status == "answered"
    assert result.value == expected
    assert all(name in result.text for name in expected)


def test_the_answer_names_each_thing_with_its_rows() -> None:
    result = analyse("how many people won more than once?", {"winners": _winners()})
    assert "Ann (3 rows)" in result.text and "Bob (2 rows)" in result.text


def test_no_column_of_the_things_is_declined_not_a_row_count() -> None:
    wins = pd.DataFrame({"movie": list("PQRSTUVW"), "year": [2001 + i for i in range(8)]})
    result = analyse("how many people won more than once?", {"wins": wins})
    assert result.status == "declined"
    assert result.value != 8


def test_a_count_column_keeps_its_own_bound() -> None:
    loans = pd.DataFrame({"loan": ["a", "b", "c", "d"], "renewals": [0, 1, 3, 2]})
    result = analyse("how many loans were renewed more than once?", {"loans": loans})
    assert result.value == 2


def test_twice_as_high_is_no_bound_on_rows() -> None:
    result = analyse("how many orders have amount over 30?", {"orders": _orders()})
    assert result.value == 4


def test_one_row_each_bounds_the_measure_not_the_rows() -> None:
    murders = pd.DataFrame(
        {"state": ["Ohio", "Iowa", "Utah", "Maine", "Texas"], "total": [310, 21, 22, 11, 805]}
    )
    result = analyse("how many states had fewer than 50 murders?", {"murders": murders})
    assert result.value != 5  # every state has fewer than 50 rows: never that reading
    assert result.operation != "entity_counts"


def test_a_bound_inside_a_larger_question_is_not_the_answer() -> None:
    question = "which customer has the highest average amount among those with at least 2 orders?"
    result = analyse(question, {"orders": _orders()})
    assert result.operation != "entity_counts"
    assert result.status != "answered" or result.value == "Globex"
