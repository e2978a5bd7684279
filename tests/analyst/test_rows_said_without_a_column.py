"""Rows picked out by words the table does not hold are never counted as every row.

- "how many observations are of married hispanic men?" on a table with no such columns
  counted all 6 rows as complete: words before an irregular plural ("men") after "of"
  now name a kind of row no column holds.
- "how many employees does Toyota have?" counted the one row of Toyota: the rows of one
  name (a column naming each row once) are one row, whatever is counted.
- "top 3 industries by number of observations in the south" showed the first 3 rows of
  the table: a count of rows per a column named, with a condition, is a ranking of
  groups.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

WORKERS = pd.DataFrame(
    {
        "industry": ["trade", "trade", "mining", "farming", "trade", "mining", "farming"],
        "residence": ["south", "south", "south", "north", "south", "south", "south"],
        "wage": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0],
    }
)
COMPANIES = pd.DataFrame(
    {
        "name": ["Toyota Motor", "Ford", "Shell", "Sony"],
        "country": ["Japan", "United States", "Netherlands", "Japan"],
        "sales": [170.0, 160.0, 260.0, 60.0],
    }
)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("how many observations are of married hispanic men?", "married hispanic men"),
        ("average wage of unemployed women", "unemployed women"),
    ],
)
def test_words_before_the_rows_that_no_column_holds_are_named(question: str, said: str) -> None:
    a = analyse(question, {"workers": WORKERS})
    assert a.status == "partial", a.text
    assert any(said in gap for gap in a.left_out), a.left_out


@pytest.mark.parametrize(
    "question",
    ["how many employees does Toyota Motor have?", "how many cars did Ford sell?"],
)
def test_a_count_of_one_named_row_is_no_count_of_what_was_asked(question: str) -> None:
    a = analyse(question, {"companies": COMPANIES})
    assert a.status != "answered", a.text


def test_rows_of_a_named_value_are_still_counted() -> None:
    a = analyse("how many companies are in Japan?", {"companies": COMPANIES})
    assert a.status == "answered" and a.value == 2, a.text


def test_top_groups_by_a_count_of_rows_with_a_condition() -> None:
    a = analyse("top 2 industries by number of observations in the south", {"workers": WORKERS})
    truth = WORKERS[WORKERS.residence == "south"]["industry"].value_counts().head(2)
    assert a.status == "answered", a.text
    assert "first" not in a.text.lower()
    assert [str(x) for x in _labels(a.value)] == list(truth.index), a.value


def test_the_first_rows_are_still_the_first_rows() -> None:
    a = analyse("show the top 3 rows", {"workers": WORKERS})
    assert a.status == "answered" and "first 3 rows" in a.text, a.text


def _labels(value: object) -> list[object]:
    if isinstance(value, pd.DataFrame):
        return list(value.iloc[:, 0]) if value.index.dtype == "int64" else list(value.index)
    if isinstance(value, pd.Series):
        return list(value.index)
    if isinstance(value, dict):
        return list(value)
    if isinstance(value, list):
        return list(value)
    raise AssertionError(f"no labels in {value!r}")
