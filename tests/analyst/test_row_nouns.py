"""A plural value word that names what every row is ("deaths" in a table of deaths whose
cause column also holds "Death") is not a condition: counting "how many deaths were
homicides?" counts every homicide row, and the answer names the other reading. A plural
value said as a condition ("how many homicides", "accidents and homicides") stays one.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _fatalities() -> pd.DataFrame:
    """Every row a death; ``cause`` also holds the value "Death" (cause not recorded)."""
    return pd.DataFrame(
        {
            "cause": ["Homicide", "Homicide", "Death", "Accident", "Homicide", "Death", "Fire"],
            "region": ["East", "West", "East", "East", "West", "West", "East"],
            "death_date": pd.to_datetime(
                [
                    "2019-03-02",
                    "2019-03-05",
                    "2019-04-01",
                    "2019-03-09",
                    "2019-04-11",
                    "2019-04-12",
                    "2019-03-20",
                ]
            ),
        }
    )


def _shipments() -> pd.DataFrame:
    """Every row a delivery; ``kind`` also holds "Delivery" (a plain one)."""
    return pd.DataFrame(
        {
            "kind": ["Express", "Delivery", "Express", "Freight", "Delivery", "Express"],
            "depot": ["North", "North", "South", "South", "North", "South"],
            "weight": [2.0, 5.5, 1.0, 40.0, 3.0, 2.5],
        }
    )


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how many deaths were homicides?", 3),
        ("how many of the deaths were accidents?", 1),
        ("how many deaths were not homicides?", 4),
        ("how many deaths happened in March 2019?", 4),
    ],
)
def test_a_noun_named_by_a_column_counts_every_row(question: str, expected: int) -> None:
    a = analyse(question, {"fatalities": _fatalities()})
    assert a.value == expected
    assert a.status == "partial"  # the other reading (cause = Death) is named
    assert any("every row" in said and "cause = Death" in said for said in a.left_out)


def test_a_noun_named_by_a_column_counts_every_group() -> None:
    d = _fatalities()
    a = analyse("number of deaths by region", {"fatalities": d})
    assert a.value == d.groupby("region").size().to_dict()
    assert a.status == "partial"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how many deliveries were express?", 3),
        ("how many deliveries were not freight?", 5),
    ],
)
def test_a_noun_that_is_also_another_value_of_the_column_is_every_row(
    question: str, expected: int
) -> None:
    # No column names "deliveries", but a row cannot be "Delivery" and "Express" at once
    a = analyse(question, {"shipments": _shipments()})
    assert a.value == expected
    assert a.status == "partial"


def test_a_table_named_for_the_noun_counts_every_row() -> None:
    d = _shipments()
    a = analyse("how many deliveries went to the North depot?", {"deliveries": d})
    assert a.value == int((d.depot == "North").sum())


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how many homicides were there?", 3),
        ("how many accidents and homicides were there?", 4),
        ("how many homicides happened in April 2019?", 1),
    ],
)
def test_a_plural_value_said_as_the_condition_stays_one(question: str, expected: int) -> None:
    a = analyse(question, {"fatalities": _fatalities()})
    assert a.value == expected
    assert a.status == "answered"


def _storms() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "year": [2004, 2005, 2005, 2005, 2004, 2005],
            "status": ["hurricane", "storm", "hurricane", "hurricane", "depression", "storm"],
            "hurricane_force_diameter": [10, 0, 20, 30, 0, 0],
            "wind": [90.0, 50.0, 100.0, 120.0, 30.0, 45.0],
        }
    )


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how many hurricanes were there in 2005?", 2),
        ("number of hurricanes by year", {2004: 1, 2005: 2}),
        ("average wind of hurricanes", 310.0 / 3),
    ],
)
def test_a_measure_named_for_some_rows_does_not_make_them_every_row(
    question: str, expected: object
) -> None:
    a = analyse(question, {"storms": _storms()})
    assert a.status == "answered"
    assert a.value == pytest.approx(expected)


def test_the_sides_of_a_comparison_stay_conditions() -> None:
    d = pd.DataFrame({"Type": ["Van", "Van", "Small", "Small"], "Weight": [4000, 4200, 2500, 2600]})
    a = analyse("how much heavier are vans than small cars on average?", {"cars": d})
    assert a.status == "answered"
    assert a.value["difference"] == pytest.approx(1550.0)  # type: ignore[index]
