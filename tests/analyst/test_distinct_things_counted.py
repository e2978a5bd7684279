""" "How many <things>" counts the things, not the rows that mention them.

Chicks weighed every few days have many rows each: "how many chicks were on diet 2?" is
the number of distinct chicks, neither the number of weighings nor the sum of the chick
id numbers. A list whose few repeated names are different things (two restaurants'
"Chicken Sandwich") and periods stay row counts ("how many quarters had ..." counts the quarters the
rows are). The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.analyst.tables import four_chicks


def _weighings() -> pd.DataFrame:
    """Twelve chicks weighed three times each, half of them on diet 2."""
    return pd.DataFrame(
        {
            "weight": [40 + (7 * i) % 31 for i in range(36)],
            "Time": [0, 10, 20] * 12,
            "Chick": [c for c in range(1, 13) for _ in range(3)],
            "Diet": [1] * 18 + [2] * 18,
        }
    )


def _visits() -> pd.DataFrame:
    """Ten patients seen two or three times each, at one of two clinics."""
    patients = [f"p{p}" for p in range(1, 11) for _ in range(2 + p % 2)]
    return pd.DataFrame(
        {
            "patient": patients,
            "clinic": ["north" if int(p[1:]) <= 4 else "south" for p in patients],
            "quarter": [1 + i % 4 for i in range(len(patients))],
            "cost": [(53 * i) % 320 for i in range(len(patients))],
        }
    )


@pytest.mark.parametrize("name", ["chicks", "weights"])
def test_how_many_chicks_counts_distinct_chicks(name: str) -> None:
    frame = _weighings()
    a = analyse("how many chicks were on diet 2?", {name: frame})
    assert a.status == "answered", a.text
    assert a.value == frame.Chick[frame.Diet == 2].nunique()


def test_too_few_chicks_to_be_sure_is_a_flagged_row_count() -> None:
    frame = four_chicks()
    a = analyse("how many chicks were on diet 2?", {"df": frame})
    assert a.status == "partial", a.text
    assert "the column Chick may name each of them" in a.text, a.text


def test_how_many_chicks_are_there_counts_them_or_says_it_may_not() -> None:
    many = analyse("how many chicks are there?", {"df": _weighings()})
    assert many.status == "answered", many.text
    assert many.value == _weighings().Chick.nunique(), many.text
    few = analyse("how many chicks are there?", {"df": four_chicks()})
    assert few.status == "partial", few.text
    assert "the column Chick may name each of them" in few.text, few.text


def test_how_many_patients_counts_distinct_patients() -> None:
    frame = _visits()
    a = analyse("how many patients went to the south clinic?", {"visits": frame})
    assert a.value == frame.patient[frame.clinic == "south"].nunique()


def test_a_period_counted_stays_a_count_of_rows() -> None:
    frame = _visits()
    a = analyse("how many quarters had a cost above 200?", {"visits": frame})
    assert a.value == int((frame.cost > 200).sum())


def test_items_with_a_few_repeated_names_are_counted_by_row() -> None:
    frame = pd.DataFrame(
        {
            "restaurant": ["A", "A", "A", "B", "B", "B"],
            "item": ["Chicken Sandwich", "Fries", "Salad", "Chicken Sandwich", "Shake", "Wrap"],
            "calories": [600, 400, 200, 650, 700, 500],
        }
    )
    a = analyse("how many items have more than 450 calories?", {"menu": frame})
    assert a.value == int((frame.calories > 450).sum())
