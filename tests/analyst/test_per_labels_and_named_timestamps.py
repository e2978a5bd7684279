""" "Per" a number that labels groups never divides; a time of day is read on the timestamp named.

A ``Store`` or ``Dept`` number names a store or a department: "average sales per store"
is never each row's sales divided by the store's number (it is grouped, or said not
applied), while a headcount named as one ("employees") divides even on a small table.
"dropoffs at 7am" of a table with pickup and dropoff times reads the dropoff's hour; with
two timestamps and neither named, the time is said not applied. Each table is a small
stand-in built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.analyst.conftest import rerun


def _stores() -> pd.DataFrame:
    dates = pd.to_datetime(["2012-01-06", "2012-01-13", "2012-01-20"])
    return pd.DataFrame(
        {
            "Store": np.repeat(np.arange(1, 21), 3),
            "Dept": np.tile([1, 2, 3], 20),
            "Weekly_Sales": (np.arange(60) * 10 + 100).astype(float),
            "Date": np.tile(dates, 20),
        }
    )


def _companies() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "company": list("abcdefghij"),
            "revenue": np.arange(10) * 1000.0 + 5000,
            "employees": np.arange(1, 11) * 10,
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "average sales per store",
        "sales per store",
        "total sales per store",
        "average Weekly_Sales per Store",
    ],
)
def test_a_store_number_is_never_divided_by(question: str) -> None:
    frame = _stores()
    a = analyse(question, {"wm": frame})
    per_row_ratio = (frame["Weekly_Sales"] / frame["Store"]).mean()
    assert "/ Store" not in a.code and "_per_Store" not in a.text, (a.text, a.code)
    if a.status == "answered":
        grouped = frame.groupby("Store")["Weekly_Sales"]
        assert isinstance(a.value, dict), a.text
        assert a.value != pytest.approx(per_row_ratio)
        assert set(a.value) == set(grouped.groups)
    else:
        assert a.status in ("partial", "declined"), a.status
        if a.status == "partial":
            assert any("Store" in part for part in a.left_out), a.left_out


def test_a_department_number_groups_the_rows() -> None:
    frame = _stores()
    a = analyse("average sales per Dept", {"wm": frame})
    expected = frame.groupby("Dept")["Weekly_Sales"].mean().to_dict()
    assert a.status == "answered", (a.text, a.left_out)
    assert a.value == pytest.approx(expected)


@pytest.mark.parametrize(
    "question", ["average revenue per employee", "what is the mean revenue per employee?"]
)
def test_a_headcount_divides_even_on_a_small_table(question: str) -> None:
    frame = _companies()
    a = analyse(question, {"companies": frame})
    expected = (frame["revenue"] / frame["employees"]).mean()
    assert a.status == "answered", (a.text, a.left_out)
    assert a.value == pytest.approx(expected), a.code
    assert rerun(a, {"companies": frame}) == pytest.approx(expected)


def _trips() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "pickup": pd.date_range("2024-01-01 05:00", periods=30, freq="2h"),
            "dropoff": pd.date_range("2024-01-01 08:00", periods=30, freq="2h"),
            "fare": np.arange(30) + 1.0,
        }
    )


@pytest.mark.parametrize(
    ("question", "column", "hour", "agg"),
    [
        ("how many dropoffs at 7am", "dropoff", 7, "size"),
        ("how many pickups at 7am", "pickup", 7, "size"),
        ("average fare of dropoffs at 10am", "dropoff", 10, "mean"),
        ("average fare of pickups at 9am", "pickup", 9, "mean"),
    ],
)
def test_a_time_of_day_reads_the_timestamp_the_question_names(
    question: str, column: str, hour: int, agg: str
) -> None:
    frame = _trips()
    a = analyse(question, {"trips": frame})
    rows = frame[frame[column].dt.hour == hour]
    expected = len(rows) if agg == "size" else rows["fare"].mean()
    assert a.status == "answered", (a.text, a.left_out)
    assert a.value == pytest.approx(expected), a.code
    assert f'["{column}"].dt.hour' in a.code or f"['{column}'].dt.hour" in a.code, a.code


@pytest.mark.parametrize("question", ["average fare at 7am", "how many trips in the morning"])
def test_two_timestamps_and_none_named_leave_the_time_unapplied(question: str) -> None:
    a = analyse(question, {"trips": _trips()})
    assert a.status != "answered", (a.text, a.value)
    assert any("pickup" in part and "dropoff" in part for part in a.left_out), a.left_out


@pytest.mark.parametrize(
    ("frame", "question", "column", "measure"),
    [
        (
            pd.DataFrame(
                {"size": [7, 8, 9, 10, 7, 8, 9, 10], "price": [50, 60, 70, 80, 55, 65, 75, 85]}
            ),
            "average price per size",
            "size",
            "price",
        ),
        (
            pd.DataFrame(
                {
                    "stars": [3, 4, 5, 3, 4, 5, 3, 4],
                    "price": [100, 150, 300, 110, 160, 320, 90, 140],
                }
            ),
            "average price per stars",
            "stars",
            "price",
        ),
    ],
)
def test_a_few_repeated_numbers_are_labels_wherever_they_start(
    frame: pd.DataFrame, question: str, column: str, measure: str
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.value == frame.groupby(column)[measure].mean().to_dict(), answer.text
