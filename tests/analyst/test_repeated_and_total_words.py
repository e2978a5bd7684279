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
from tests.analyst.tables import daily_temperatures, four_chicks, product_ratings


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
    frame = product_ratings()
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
    frame = daily_temperatures()
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
            "weight": [40 + (7 * i) % 31 for i in range(36)],
            "Time": [0, 10, 20] * 12,
            "Chick": [c for c in range(1, 13) for _ in range(3)],
        }
    )
    a = analyse("what is the average weight of the chicks?", {"df": frame})
    assert a.status == "answered", a.text
    assert a.value == frame.weight.mean(), a.text


def test_too_few_ids_to_be_sure_are_said_to_be_read_as_whose() -> None:
    frame = four_chicks()
    a = analyse("what is the average weight of the chicks?", {"df": frame})
    assert a.status == "partial", a.text
    assert a.value == frame.weight.mean(), a.text
    assert "not the column Chick" in a.text, a.text


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
    frame = daily_temperatures()
    a = analyse(
        "average temperature change from day 3 onwards when the temperature was above 10",
        {"df": frame},
    )
    assert "temperature_change > 10" not in a.text, a.text


def test_listed_measures_named_in_the_plural_are_all_used() -> None:
    ratings = pd.DataFrame(
        {
            "product": list("abcdefgh"),
            "rating": [5, 4, 3, 5, 5, 2, 4, 3],
            "price": [9.5, 12.25, 3.1, 8.8, 7.2, 4.4, 6.6, 5.5],
        }
    )
    staff = pd.DataFrame(
        {
            "name": list("abcdefgh"),
            "age": [30, 30, 40, 40, 30, 50, 40, 30],
            "salary": [1000.5, 2000.5, 1500.5, 1200.5, 1800.5, 1100.5, 1300.5, 1700.5],
        }
    )
    cases = [
        (ratings, "what are the average ratings and prices?", "rating", "price"),
        (ratings, "what is the total of the ratings and prices?", "rating", "price"),
        (staff, "what are the mean ages and salaries?", "age", "salary"),
        (staff, "what is the max of ages and salaries?", "age", "salary"),
    ]
    for frame, question, first, second in cases:
        a = analyse(question, {"df": frame})
        assert a.status != "answered" or (first in a.text and second in a.text), a.text


def test_a_rating_counted_for_a_product_is_no_identifier() -> None:
    frame = product_ratings()
    a = analyse("how many ratings did product x get?", {"df": frame})
    assert "distinct" not in a.text, a.text
    assert a.value == int((frame["product"] == "x").sum()), a.text


def _murders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "state": list("ABCDEF"),
            "region": ["N", "S"] * 3,
            "population": [100, 200, 300, 400, 500, 600],
            "total": [10, 20, 30, 40, 50, 60],
        }
    )


def test_a_count_in_total_does_not_depend_on_the_tables_name() -> None:
    frame = _murders()
    for question in (
        "how many murders were there in total?",
        "what is the total number of murders?",
    ):
        for name in ("murders", "df"):
            a = analyse(question, {name: frame})
            assert a.status == "partial", (name, a.text)
            assert a.value == len(frame), (name, a.text)
            assert "the column total may hold how many there are" in a.text, a.text


def test_whole_dollar_totals_are_never_summed_for_a_count() -> None:
    frame = pd.DataFrame(
        {
            "customer": list("abcdefgh"),
            "region": ["East", "West"] * 4,
            "total": [10, 20, 35, 40, 55, 60, 75, 80],
        }
    )
    for question in ("how many sales are there in total?", "count the sales in total"):
        a = analyse(question, {"df": frame})
        assert a.value != frame.total.sum(), a.text
        assert a.status == "partial", a.text
        assert "the column total may hold how many there are" in a.text, a.text


def test_a_dropped_value_of_the_grouped_column_is_said() -> None:
    frame = pd.DataFrame(
        {
            "occupation": ["worker", "manager", "worker", "manager", "clerk", "clerk"],
            "wage": [10, 30, 12, 35, 15, 16],
        }
    )
    a = analyse("average wage by occupation for managers", {"df": frame})
    assert a.status == "partial", a.text
    assert "occupation = manager" in a.text, a.text
