"""A decade said of another column is not pinned to the year column; a column's values
counted and a quarter code that is a column's name are no conditions left unapplied.

Before, "how many homes have sqft in the 2000s?" filtered year_built to 2000-2009 and
answered as if complete, "how many values in children?" was partial ("every row has a
children value") and "mean q2 score" on a ``q2`` column was partial ("a period I did not
filter on"). The tables are small stand-ins built here; every figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _homes() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "sqft": [1500, 2100, 2500, 2900, 3100, 1800],
            "year_built": [1995, 2003, 1998, 2005, 1992, 2008],
            "price": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
        }
    )


@pytest.mark.parametrize(
    "question",
    ["how many homes have sqft in the 2000s?", "average price of homes with sqft in the 2000s"],
)
def test_a_decade_said_of_another_column_is_not_read_as_years_built(question: str) -> None:
    a = analyse(question, {"homes": _homes()})
    assert "year_built" not in a.code
    assert a.status == "partial"
    assert any("2000s" in str(item) for item in a.left_out)


@pytest.mark.parametrize(
    "question",
    ["how many homes were built in the 1990s?", "how many homes have year_built in the 1990s?"],
)
def test_a_decade_of_the_year_column_is_still_read(question: str) -> None:
    frame = _homes()
    a = analyse(question, {"homes": frame})
    assert a.value == frame.year_built.between(1990, 1999).sum()
    assert a.status == "answered"


@pytest.mark.parametrize(
    "question", ["how many values in children?", "count the values of children"]
)
def test_counting_a_columns_values_is_the_count(question: str) -> None:
    frame = pd.DataFrame({"children": [0, 1, 2, 4, 3, 0, 1], "age": [1, 2, 3, 4, 5, 6, 7]})
    a = analyse(question, {"people": frame})
    assert a.value == frame.children.count()
    assert a.status == "answered"


@pytest.mark.parametrize(
    ("question", "agg"), [("mean q2 score", "mean"), ("total q2 score", "sum")]
)
def test_a_quarter_code_that_names_a_column_is_the_column(question: str, agg: str) -> None:
    frame = pd.DataFrame(
        {
            "q1": [1.0, 2.0, 4.0],
            "q2": [2.0, 2.0, 5.0],
            "date": pd.date_range("2024-01-01", periods=3, freq="MS"),
        }
    )
    a = analyse(question, {"survey": frame})
    assert a.value == pytest.approx(frame.q2.agg(agg))
    assert a.status == "answered"
