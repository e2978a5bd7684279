""" "Average disease per month" of a table with one row a month is one figure: the mean
over the months. Each month's own mean is only its row, so the listing of "each month's
mean" answered nothing asked. A table with many rows a month still lists each month's
mean ("average temperature per month" of daily readings).
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

MONTHLY = pd.DataFrame(
    {
        "date": [f"2021-{m:02d}-01" for m in range(1, 13)],
        "disease": [110, 105, 95, 520, 800, 740, 600, 820, 1100, 1440, 1270, 935],
        "wounds": [0, 0, 0, 0, 1, 81, 132, 287, 114, 83, 42, 32],
    }
)
QUARTERLY = pd.DataFrame(
    {
        "quarter_start": pd.to_datetime(["2020-01-01", "2020-04-01", "2020-07-01", "2020-10-01"]),
        "revenue_rate": [1.5, 2.5, 2.0, 4.0],
    }
)
DAILY = pd.DataFrame({"day": pd.date_range("2020-01-01", periods=90), "temp": range(90)})


@pytest.mark.parametrize(
    ("frame", "question", "expected"),
    [
        (MONTHLY, "average disease per month", MONTHLY["disease"].mean()),
        (MONTHLY, "mean wounds per month in 2021", MONTHLY["wounds"].mean()),
        (QUARTERLY, "average revenue_rate per quarter", QUARTERLY["revenue_rate"].mean()),
    ],
)
def test_a_mean_per_period_of_one_row_a_period_is_one_figure(
    frame: pd.DataFrame, question: str, expected: float
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(expected, rel=1e-3)


def test_many_rows_a_period_still_list_each_periods_mean() -> None:
    answer = analyse("average temp per month", {"t": DAILY})
    assert "2020-02: 45" in answer.text
