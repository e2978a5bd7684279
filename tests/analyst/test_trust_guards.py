"""Sanity checks of an understood operation: answers that would be confident and wrong
are partial instead, naming what was not vouched for.

- A generic noun for the rows ("workers") that a category column also holds keeps its
  condition, with the other reading (every row, and its count where cheap) named, when
  the column is not named.
- A count of rows picked or grouped by a unique key (one row a state) is not given as
  the count asked for; number columns that may hold it are named. A count of the rows
  themselves, or no count asked, is left alone.
- A number said in the question that the operation does not use is named, unless it
  restates how many rows or values the table holds.
- A statistic said of a column its own condition used up measures that column alone.
- A scaled threshold outside a column's values, while the figure as said lies among
  them, names both readings.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _staff() -> pd.DataFrame:
    rng = np.random.default_rng(3)
    n = 120
    jobs = ["worker", "technical", "office", "services", "management", "sales"]
    return pd.DataFrame(
        {
            "wage": rng.normal(9, 3, n).round(2),
            "education": rng.integers(8, 19, n),
            "age": rng.integers(18, 65, n),
            "ethnicity": np.array(["hispanic", "cauc", "other"])[rng.integers(0, 3, n)],
            "region": np.array(["south", "other"])[rng.integers(0, 2, n)],
            "occupation": np.array(jobs)[np.arange(n) % 6],
            "married": np.array(["yes", "no"])[rng.integers(0, 2, n)],
        }
    )


def _states() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "state": ["Ohio", "Texas", "Utah", "Maine", "Iowa", "Idaho"],
            "region": ["North", "South", "West", "North", "North", "West"],
            "population": [11_536_504, 25_145_561, 2_763_885, 1_328_361, 3_046_355, 1_567_582],
            "total": [310, 805, 22, 11, 21, 12],
        }
    )


def _weights() -> pd.DataFrame:
    days = [0, 10, 21] * 6
    chick = [c for c in range(1, 7) for _ in range(3)]
    diet = [1] * 9 + [3] * 9
    weight = [40, 80, 150, 42, 90, 170, 41, 85, 160, 40, 100, 250, 43, 110, 270, 39, 95, 240]
    return pd.DataFrame({"weight": weight, "Time": days, "Chick": chick, "Diet": diet})


def _jobs() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "month": pd.date_range("2010-01-01", periods=8, freq="MS"),
            "nonfarm": [130_000, 130_100, 130_400, 130_500, 130_900, 131_300, 131_400, 131_500],
            "nonfarm_change": [-20, 100, 300, 100, 400, 400, 100, 350],
        }
    )


@pytest.mark.parametrize(
    ("question", "rows"),
    [
        (
            "average wage of hispanic workers",
            lambda d: (d.ethnicity == "hispanic") & (d.occupation == "worker"),
        ),
        (
            "average wage of workers with at least 16 years of education",
            lambda d: (d.education >= 16) & (d.occupation == "worker"),
        ),
    ],
)
def test_a_noun_for_the_rows_keeps_its_condition_and_names_the_other_reading(
    question: str, rows: Callable[[pd.DataFrame], pd.Series]
) -> None:
    staff = _staff()
    answer = analyse(question, {"wages": staff})
    assert answer.status == "partial"
    assert answer.value == pytest.approx(staff[rows(staff)].wage.mean())
    assert any("workers" in part and "occupation = worker" in part for part in answer.left_out)


def test_a_count_of_a_noun_for_the_rows_keeps_the_value_and_gives_every_row_figure() -> None:
    staff = _staff()
    answer = analyse("how many married workers live in the south?", {"wages": staff})
    rows = (staff.married == "yes") & (staff.region == "south")
    assert answer.status == "partial"
    assert answer.value == int((rows & (staff.occupation == "worker")).sum())
    every = f"over every row it would be {int(rows.sum())}"
    assert any("occupation = worker" in part and every in part for part in answer.left_out)


def test_a_noun_for_the_rows_that_is_a_value_is_counted_with_the_other_count_named() -> None:
    people = pd.DataFrame(
        {
            "occupation": ["worker"] * 4 + ["manager"] * 3 + ["clerk"] * 2,
            "age": [30, 41, 25, 52, 38, 47, 29, 33, 60],
        }
    )
    answer = analyse("how many workers are there?", {"people": people})
    assert answer.status == "partial"
    assert answer.value == 4
    assert any("occupation = worker" in part and "9" in part for part in answer.left_out)


def test_the_column_named_keeps_the_value_as_a_condition() -> None:
    staff = _staff()
    answer = analyse("average wage of workers by occupation", {"wages": staff})
    assert answer.status != "declined"
    answer = analyse("average wage where occupation is worker", {"wages": staff})
    assert answer.value == pytest.approx(staff[staff.occupation == "worker"].wage.mean())


def test_a_value_said_as_itself_stays_a_condition() -> None:
    staff = _staff()
    answer = analyse("average wage in management", {"wages": staff})
    assert answer.status == "answered"
    assert answer.value == pytest.approx(staff[staff.occupation == "management"].wage.mean())


def test_a_row_count_compared_on_a_unique_key_is_not_the_count_asked() -> None:
    answer = analyse("how many more murders did Ohio have than Texas?", {"murders": _states()})
    assert answer.status == "partial"
    assert any("one row" in part and "total" in part for part in answer.left_out)


def test_a_row_count_on_a_repeated_column_stays_answered() -> None:
    states = _states()
    answer = analyse("how many states are in the North region?", {"murders": states})
    assert answer.status == "answered"
    assert answer.value == 3


def test_a_number_the_operation_does_not_use_is_named() -> None:
    answer = analyse(
        "compare the average day-21 weight of diet 1 and diet 3", {"chicks": _weights()}
    )
    assert answer.status == "partial"
    assert any(part.startswith("“21”") for part in answer.left_out)


def test_numbers_the_operation_uses_or_explains_are_not_named() -> None:
    weights = _weights()
    answer = analyse("compare the average weight of diet 1 and diet 3", {"chicks": weights})
    assert answer.status == "answered"
    answer = analyse("average weight where Time is 21 (the last day)", {"chicks": weights})
    assert answer.value == pytest.approx(weights[weights.Time == 21].weight.mean())
    assert answer.status == "answered"


def test_a_scaled_threshold_outside_the_column_names_both_readings() -> None:
    answer = analyse(
        "how many months added more than 300 thousand nonfarm jobs?", {"jobs": _jobs()}
    )
    assert answer.status == "partial"
    assert any("300 thousand" in part and "300" in part for part in answer.left_out)


def test_a_scaled_threshold_inside_the_column_stays_answered() -> None:
    jobs = _jobs()
    answer = analyse("how many months had more than 131 thousand nonfarm jobs?", {"jobs": jobs})
    assert answer.status == "answered"
    assert answer.value == int((jobs.nonfarm > 131_000).sum())


def test_total_said_before_a_column_is_the_sum_of_that_column() -> None:
    sales = pd.DataFrame(
        {"region": ["N", "S", "N", "S"], "revenue": [100, 200, 160, 90], "total": [5, 6, 7, 8]}
    )
    answer = analyse("total revenue over 150", {"sales": sales})
    assert "total of total" not in answer.text
    assert answer.value == 360
    # the bound may be meant for a column the question left unnamed: the reading is said
    assert answer.status == "partial"
    assert any(part.startswith("“over 150”") for part in answer.left_out)
    answer = analyse("average total by region", {"sales": sales})
    assert answer.table is not None or answer.value is not None
    assert "Mean total by region" in answer.text


def _yearly() -> pd.DataFrame:
    return pd.DataFrame(
        {"year": [2018, 2019, 2020, 2021], "units": [5, 7, 9, 4], "revenue": [100, 200, 160, 90]}
    )


@pytest.mark.parametrize(
    ("question", "table"),
    [
        ("how many rows are from 2020?", _yearly),
        (
            "how many people named p3?",
            lambda: pd.DataFrame({"name": ["p1", "p2", "p3", "p4"], "children": [0, 2, 1, 3]}),
        ),
    ],
)
def test_a_count_of_the_rows_themselves_on_a_unique_key_stays_answered(
    question: str, table: Callable[[], pd.DataFrame]
) -> None:
    answer = analyse(question, {"t": table()})
    assert answer.status == "answered"
    assert answer.value == 1


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("show the last 2 orders", "orders"),
        ("first 3 order ids", "order ids"),
    ],
)
def test_no_count_asked_never_quotes_a_count_the_user_did_not_say(question: str, said: str) -> None:
    orders = pd.DataFrame({"order_id": [11, 12, 13, 14, 15], "amount": [5, 8, 2, 9, 4]})
    answer = analyse(question, {"orders": orders})
    assert not any("how many" in part for part in answer.left_out)
    assert all(part.split("”")[0].strip("“").lower() in question for part in answer.left_out)


def _sensors() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "sensor": ["s1", "s2", "s3"] * 4,
            "region": ["North", "South"] * 6,
            "reading": [4.0, 7.5, 3.2, 8.8, 5.1, 6.6, 2.9, 9.4, 4.4, 7.0, 3.8, 6.1],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "average reading of the 12 rows in the table",
        "average reading of the 3 sensors",
        "average reading in the 2 regions North and South",
    ],
)
def test_a_number_that_restates_a_count_of_the_table_is_not_named(question: str) -> None:
    answer = analyse(question, {"readings": _sensors()})
    assert answer.value == pytest.approx(_sensors().reading.mean())
    assert not any("a number the answer does not use" in part for part in answer.left_out)


def test_a_number_that_does_not_restate_a_count_is_still_named_without_its_comma() -> None:
    answer = analyse("average reading of the 7 sensors", {"readings": _sensors()})
    assert any(part.startswith("“7”") for part in answer.left_out)
    answer = analyse("average reading for sensors 23, 29", {"readings": _sensors()})
    assert any(part.startswith("“23”") for part in answer.left_out)
    assert not any("“23,”" in part for part in answer.left_out)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("total revenue over 150", 360),
        ("sum of revenue over 150", 360),
        ("average revenue over 150", 180),
        ("max revenue below 150", 100),
    ],
)
def test_a_statistic_of_a_column_its_condition_is_on_measures_that_column_alone(
    question: str, expected: float
) -> None:
    orders = pd.DataFrame(
        {"order_id": [1, 2, 3, 4], "year": [2019, 2020, 2020, 2021], "revenue": [100, 200, 160, 90]}
    )
    answer = analyse(question, {"orders": orders})
    assert answer.value == pytest.approx(expected)
    assert "each numeric column" not in answer.text
    # partial, saying the condition was put on the column measured
    assert answer.status == "partial"
    assert any("a condition on the column measured" in part for part in answer.left_out)


def test_a_bound_on_another_measured_column_is_not_called_a_reading() -> None:
    orders = pd.DataFrame({"units": [1, 5, 7, 2], "revenue": [100, 200, 160, 90]})
    answer = analyse("total revenue of orders with units over 4", {"orders": orders})
    assert answer.value == 360
    assert not any("a condition on the column measured" in part for part in answer.left_out)
