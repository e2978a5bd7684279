"""Missing values of one column counted per group: "visits with a missing rating by
doctor" is a count for each doctor, not the gaps of the doctor column beside the rating
column's (which it was, presented as complete). A grouping with no one column whose gaps
to count is declined with what to ask instead.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _visits() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "doctor": ["Aziz", "Berg", "Chen", "Chen", "Berg", "Aziz", "Chen", "Berg"],
            "department": [
                "Cardio",
                "Derm",
                "Cardio",
                "Derm",
                "Cardio",
                "Derm",
                "Cardio",
                "Cardio",
            ],
            "rating": [4.0, np.nan, np.nan, 5.0, np.nan, 3.0, np.nan, 2.0],
        }
    )


def _sensors() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "site": ["north", "south", "north", "south", "north", "east"],
            "reading": [1.0, np.nan, np.nan, np.nan, 2.0, 3.0],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "number of visits with a missing rating by doctor",
        "count of visits with missing rating per doctor",
    ],
)
def test_missing_values_of_a_column_per_group(question: str) -> None:
    frame = _visits()
    a = analyse(question, {"visits": frame})
    assert a.status == "answered", a.text
    assert a.value == frame.rating.isna().groupby(frame.doctor).sum().to_dict()


def test_a_share_of_missing_values_per_group() -> None:
    frame = _visits()
    a = analyse("percentage of missing ratings by department", {"visits": frame})
    assert a.status == "answered", a.text
    expected = (frame.rating.isna().groupby(frame.department).mean() * 100).to_dict()
    assert a.value == pytest.approx(expected)


def test_missing_per_group_keeps_the_filter() -> None:
    frame = _visits()
    a = analyse("number of missing ratings by doctor in Cardio", {"visits": frame})
    assert a.status == "answered", a.text
    rows = frame[frame.department == "Cardio"]
    assert a.value == rows.rating.isna().groupby(rows.doctor).sum().to_dict()


def test_missing_per_group_on_another_table() -> None:
    frame = _sensors()
    a = analyse("how many missing readings per site?", {"sensors": frame})
    assert a.status == "answered", a.text
    assert a.value == frame.reading.isna().groupby(frame.site).sum().to_dict()


def test_a_grouping_without_one_column_is_declined() -> None:
    a = analyse("missing values by doctor", {"visits": _visits()})
    assert a.status == "declined", a.text
    assert "name the one column whose gaps to count" in a.text
