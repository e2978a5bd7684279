"""A question that says its values one by one but asks them pooled ("for Eng and for HR
combined", "... together") gets one figure over all of them, not a figure per value. A
per-value sum of a value no row matches is 0, not a missing number.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.analyst.tables import department_salaries


def _orchards() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "orchard": ["Oak", "Oak", "Elm", "Elm", "Ash"],
            "crates": [12, 8, 30, 10, 5],
        }
    )


@pytest.mark.parametrize(
    ("question", "frame", "column", "key", "values", "agg"),
    [
        ("average salary for Eng and for HR combined", "staff", "salary", "department",
         ["Eng", "HR"], "mean"),
        ("total salary for Eng and for HR together", "staff", "salary", "department",
         ["Eng", "HR"], "sum"),
        ("What is the mean crates of Oak and of Elm taken together?", "orchards", "crates",
         "orchard", ["Oak", "Elm"], "mean"),
        ("total crates for Oak and for Ash in total", "orchards", "crates", "orchard",
         ["Oak", "Ash"], "sum"),
    ],
)  # fmt: skip
def test_pooled_request_stays_one_figure(
    question: str, frame: str, column: str, key: str, values: list[str], agg: str
) -> None:
    d = department_salaries() if frame == "staff" else _orchards()
    a = analyse(question, {frame: d})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(float(d[d[key].isin(values)][column].agg(agg)))


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("average salary for Eng and for HR", {"Eng": 150.0, "HR": 122.5}),
        ("total salary for Eng and for HR", {"Eng": 600, "HR": 245}),
    ],
)
def test_values_said_one_by_one_without_pooling_word_stay_apart(
    question: str, expected: dict[str, float]
) -> None:
    a = analyse(question, {"staff": department_salaries()})
    assert a.table is not None
    assert a.table.iloc[:, 0].to_dict() == expected


def _sales() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["North", "North", "South", "East", "South"],
            "product": ["tea", "coffee", "tea", "tea", "coffee"],
            "revenue": [10, 20, 30, 40, 50],
        }
    )


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("total revenue of coffee for East and for North", {"East": 0, "North": 20}),
        ("total revenue of tea for East and for West",
         {"East": 40, "West": 0}),
    ],
)  # fmt: skip
def test_sum_of_a_value_no_row_matches_is_zero(question: str, expected: dict[str, int]) -> None:
    d = _sales()
    if "West" in question:
        d = pd.concat([d, pd.DataFrame({"region": ["West"], "product": ["coffee"],
                                        "revenue": [7]})], ignore_index=True)  # fmt: skip
    a = analyse(question, {"sales": d})
    assert a.status == "answered", a.text
    assert a.table is not None
    assert a.table.iloc[:, 0].to_dict() == expected
    assert "NaN" not in a.text


def test_together_with_a_second_thing_does_not_pool() -> None:
    emp = pd.DataFrame(
        {"dept": ["Eng", "Eng", "HR", "HR", "Ops"], "salary": [100, 120, 60, 70, 80]}
    )
    answer = analyse("total salary for Eng and for HR, together with their headcount", {"e": emp})
    assert answer.value != 350, answer.text  # not the two departments pooled
