""" "which county has the highest average district income?" with a ``district`` column of
codes: the code column said before a measured column only says whose figure it is; the
income is measured, never the mean of the codes. Guards (right before the change) keep
two measured columns said side by side."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

SCHOOLS = pd.DataFrame(
    {
        "district": [75119, 61499, 61549, 61457, 61523, 62042],
        "county": ["Alameda", "Butte", "Butte", "Marin", "Marin", "Alameda"],
        "income": [22.7, 9.8, 8.9, 35.0, 30.0, 20.0],
    }
)
STORES = pd.DataFrame(
    {
        "store_id": [101, 102, 103, 104, 105],
        "region": ["N", "N", "S", "S", "S"],
        "revenue": [10.0, 30.0, 5.0, 6.0, 7.0],
    }
)


@pytest.mark.parametrize(
    ("question", "df", "by", "column"),
    [
        ("which county has the highest average district income?", SCHOOLS, "county", "income"),
        ("which region has the highest average store revenue?", STORES, "region", "revenue"),
    ],
)
def test_a_code_before_a_measure_only_says_whose_it_is(
    question: str, df: pd.DataFrame, by: str, column: str
) -> None:
    answer = analyse(question, {"t": df})
    assert answer.status == "answered", answer.text
    assert answer.value == df.groupby(by)[column].mean().idxmax(), answer.text


def test_average_district_income_by_county_is_the_income() -> None:
    answer = analyse("average district income by county", {"t": SCHOOLS})
    assert answer.status == "answered", answer.text
    got = {k: float(v) for k, v in pd.Series(answer.value).items()}
    assert got == pytest.approx(SCHOOLS.groupby("county")["income"].mean().to_dict())


def test_guard_the_code_column_alone_is_still_read() -> None:
    answer = analyse("how many districts are there?", {"t": SCHOOLS})
    assert answer.status == "answered", answer.text
    assert answer.value == 6, answer.text
