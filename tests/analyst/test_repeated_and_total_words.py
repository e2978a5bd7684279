"""Words that name a column's job only where the question uses them for that job.

A numeric column called ``total`` is summed when the question counts what it holds, never
when "in total" follows a count of the rows' own noun ("how many orders are there in
total?" over one order per row); an id column is never summed. "how many <things>" counts
distinct things only for an id-like column, not for a category that is filtered or rated
("how many responses were Agree?" counts rows). A change column takes a condition only
from a change verb, not from a clause naming the level ("when the temperature was above
10"). A condition on the grouped column whose value is a proper name ("by department in
Sales") is kept. The tables are small stand-ins built here; each expected figure is plain
pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from notebook_router.analyst import analyse


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "order_id": range(1, 9),
            "region": ["East", "West"] * 4,
            "total": [10.5, 20, 35, 40, 55.5, 60, 75, 80],
        }
    )


def _survey() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "respondent": range(1, 11),
            "response": "Agree Disagree Agree Agree Neutral Agree Disagree Agree Neutral Agree".split(),
            "state": ["A", "B"] * 5,
        }
    )


def test_how_many_of_the_rows_noun_in_total_counts_rows() -> None:
    frame = _orders()
    for question in ("how many orders are there in total?", "count the orders in total"):
        a = analyse(question, {"df": frame})
        assert a.value != frame.total.sum(), a.text
        assert a.value != frame.order_id.sum(), a.text
        assert a.status == "partial" or a.value == len(frame), a.text


def test_how_many_rows_in_total_counts_rows() -> None:
    frame = _orders()
    a = analyse("how many rows are there in total?", {"df": frame})
    assert a.status == "answered", a.text
    assert a.value == len(frame)


def test_an_id_column_is_never_summed() -> None:
    frame = _orders()
    a = analyse("how many orders from the East region in total?", {"df": frame})
    assert "order_id: " not in a.text, a.text
    assert a.value != frame.order_id[frame.region == "East"].sum(), a.text


def test_a_filtered_category_is_counted_by_rows() -> None:
    frame = _survey()
    a = analyse("how many responses were Agree?", {"df": frame})
    assert "distinct" not in a.text, a.text
    assert a.value == int((frame.response == "Agree").sum()), a.text


def test_a_rating_above_a_number_is_counted_by_rows() -> None:
    frame = pd.DataFrame({"product": list("xyzxyzxyzx"), "rating": [5, 4, 3, 5, 5, 2, 1, 4, 5, 3]})
    a = analyse("how many ratings were above 3?", {"df": frame})
    assert a.value == int((frame.rating > 3).sum()), a.text


def test_a_game_result_is_counted_by_rows() -> None:
    frame = pd.DataFrame(
        {
            "game": range(1, 13),
            "result": ["W", "L", "W", "W", "D", "W", "W", "L", "W", "W", "W", "W"],
        }
    )
    a = analyse("how many games had result W?", {"df": frame})
    assert a.value == int((frame.result == "W").sum()), a.text


def test_a_level_clause_keeps_its_condition_beside_a_change_column() -> None:
    frame = pd.DataFrame(
        {
            "day": range(1, 11),
            "temperature": [2, 8, 12, 6, 15, 9, 18, 11, 4, 16],
            "temperature_change": [0, 6, 4, -6, 9, -6, 9, -7, -7, 12],
        }
    )
    a = analyse(
        "what was the average temperature change on days when the temperature was above 10?",
        {"df": frame},
    )
    expected = frame.temperature_change[frame.temperature > 10].mean()
    assert a.value == expected or a.status != "answered", a.text


def test_a_named_value_of_the_grouped_column_stays_a_condition() -> None:
    frame = pd.DataFrame(
        {"salary": [40000, 60000, 80000, 90000], "department": ["Sales", "IT"] * 2}
    )
    a = analyse("average salary by department in Sales", {"df": frame})
    assert "IT" not in a.text or a.status != "answered", a.text


def test_an_id_named_like_the_noun_is_not_averaged_beside_a_measure() -> None:
    frame = pd.DataFrame(
        {
            "weight": [40, 50, 60, 42, 55, 70, 41, 48, 66, 45, 52, 61],
            "Time": [0, 10, 20] * 4,
            "Chick": [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4],
            "Diet": [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2],
        }
    )
    a = analyse("what is the average weight of the chicks?", {"df": frame})
    assert a.status == "answered", a.text
    assert a.value == frame.weight.mean(), a.text


def test_total_before_a_named_measure_is_its_sum_not_a_column() -> None:
    frame = pd.DataFrame({"total": [5, 6, 7, 8], "revenue": [100, 200, 300, 400]})
    a = analyse("what is the total revenue?", {"df": frame})
    assert a.value == frame.revenue.sum() or a.status != "answered", a.text


def test_a_total_of_amounts_is_not_summed_for_a_count() -> None:
    frame = _orders().drop(columns="order_id")
    a = analyse("count the sales in total", {"df": frame})
    assert a.value != frame.total.sum(), a.text
    assert a.status == "partial" or a.value == len(frame), a.text


def test_a_change_noun_before_a_period_number_moves_no_condition() -> None:
    frame = pd.DataFrame(
        {
            "day": range(1, 11),
            "temperature": [2, 8, 12, 6, 15, 9, 18, 11, 4, 16],
            "temperature_change": [0, 6, 4, -6, 9, -6, 9, -7, -7, 12],
        }
    )
    a = analyse(
        "average temperature change from day 3 onwards when the temperature was above 10",
        {"df": frame},
    )
    assert "temperature_change > 10" not in a.text, a.text
