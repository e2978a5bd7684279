"""Edges of the readings of years written as text, means per period and change words:
a gap or a missing period is never read as one figure over the periods; a column of
years mixing numbers and text is not parsed as text; a Dask frame parses text years and
amounts first, as pandas does; a change word that is a value or a column is no change,
and a change asked per group is named as left out.
"""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


@pytest.mark.parametrize(
    "frame",
    [
        pd.DataFrame({"month": ["Jan", "Feb", "Mar", "Apr"], "temp_c": [3.5, np.nan, 9.5, 12.5]}),
        pd.DataFrame(
            {
                "date": [f"2021-{m:02d}-01" for m in (1, 2, 3, 6, 7, 8)],
                "temp_c": [110.5, 105, 95, 520, 800, 740],
            }
        ),
    ],
    ids=["a missing value", "missing months"],
)
def test_a_gap_keeps_each_periods_own_mean(frame: pd.DataFrame) -> None:
    answer = analyse("average temp_c per month", {"t": frame})
    assert "On average" not in answer.text  # never a mean with the gap counted as 0


def test_a_year_column_mixing_numbers_and_text_is_not_parsed_as_text() -> None:
    years = [str(y) if i % 2 == 0 else y for i, y in enumerate(range(1990, 2010))]
    frame = pd.DataFrame({"year": years, "sales": list(range(20))})
    answer = analyse("average sales from 1995 to 2000", {"t": frame})
    assert "read from text as numbers" not in answer.text


def test_a_dask_frame_reads_text_years_and_amounts_first() -> None:
    dd = pytest.importorskip("dask.dataframe")
    years = pd.DataFrame(
        {
            "year": [str(y) for y in range(1640, 1720, 10)],
            "wages": [6.0, 6.5, 7, 7.2, 7.5, 8, 9, 9.5],
        }
    )
    answer = analyse("average wages from 1650 to 1690", {"t": dd.from_pandas(years, npartitions=2)})
    assert answer.value == pytest.approx(years["wages"][1:6].mean()), answer.text
    prices = pd.DataFrame(
        {"item": list("abcd"), "price": ["$1,200.00", "$30.00", "$45.50", "$10.00"]}
    )
    answer = analyse("total price", {"m": dd.from_pandas(prices, npartitions=2)})
    assert answer.value == pytest.approx(1285.5), answer.text


CARDS = pd.DataFrame(
    {
        "status": ["declined", "approved", "declined", "approved", "declined"],
        "country": ["France", "UK", "France", "France", "UK"],
        "term": ["fall", "spring", "fall", "spring", "fall"],
        "sales_growth": [1.0, 2, 3, 4, 5],
        "amount": [10, 20, 30, 40, 50],
    }
)


@pytest.mark.parametrize(
    "question",
    [
        "how many transactions were declined from France?",
        "total amount in fall from France",
        "average sales growth from France",
    ],
)
def test_a_change_word_that_is_a_value_or_a_column_is_no_change(question: str) -> None:
    assert analyse(question, {"t": CARDS}).status == "answered"


@pytest.mark.parametrize(
    "question",
    [
        "how much did sales rise from 2019 to 2021 in each region?",
        "which region had the largest increase in sales between 2019 and 2021?",
    ],
)
def test_a_change_asked_per_group_is_never_each_groups_total(question: str) -> None:
    frame = pd.DataFrame(
        {
            "region": ["N", "S"] * 3,
            "year": [2019, 2019, 2020, 2020, 2021, 2021],
            "sales": [100.0, 50, 120, 90, 110, 200],
        }
    )
    assert analyse(question, {"t": frame}).status != "answered"
