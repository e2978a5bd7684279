"""Edges of rankings and of the rows they rank.

- A group with no value recorded has no total: ranked as 0 it was "the lowest".
- "the 3 crabs with the largest CW for each sex" asks a top N within each group, which
  was answered as a ranking of the groups, shown as complete.
- The rows a top N is taken from are said, as every other answer says them.
- A table's name glued into a word ("e-bikes" of a table ``bikes``) is that word: the
  yes/no column it names was dropped with the table's name.
"""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

WAGES = pd.DataFrame({"year": [1, 2, 3, 4, 5], "wages": [5.0, np.nan, 3, np.nan, 9]})
CRABS = pd.DataFrame(
    {"sex": list("MFMFMFMF"), "cw": [10.0, 20, 30, 40, 50, 60, 70, 80], "fl": [1.0] * 8}
)
CITIES = pd.DataFrame(
    {
        "city": list("abcdef"),
        "population": [100.0, 600, 700, np.nan, 900, 50],
        "crime": [90.0, 10, 20, 80, 30, 70],
    }
)
BIKES = pd.DataFrame(
    {
        "station": ["n", "s", "n", "s", "e", "e"],
        "e_bike": ["yes", "no", "yes", "yes", "no", "no"],
        "minutes": [10.0, 20, 30, 40, 50, 60],
    }
)


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("list the 2 years with the lowest wages", [3, 1]),
        ("which year had the lowest wages?", 3),
    ],
)
def test_a_group_with_no_value_is_never_ranked_lowest(question: str, truth: object) -> None:
    answer = analyse(question, {"t": WAGES})
    assert answer.value == truth, answer.text


@pytest.mark.parametrize(
    "question",
    [
        "list the 3 crabs with the largest cw for each sex",
        "top 2 crabs by fl for each sex",
    ],
)
def test_a_top_n_within_each_group_is_said_as_not_computed(question: str) -> None:
    answer = analyse(question, {"crabs": CRABS})
    assert answer.status == "partial", answer.text
    assert "a top N within each group" in answer.text


def test_a_top_n_of_the_groups_themselves_is_answered() -> None:
    answer = analyse("top 2 sexes by total cw", {"crabs": CRABS})
    assert answer.status == "answered", answer.text


@pytest.mark.parametrize(
    "question",
    [
        "which 3 cities have the highest crime, among those with a population over 500?",
        "which city has the highest crime among those with a population over 500?",
    ],
)
def test_the_rows_a_ranking_is_taken_from_are_said(question: str) -> None:
    answer = analyse(question, {"cities": CITIES})
    assert "population > 500" in answer.text, answer.text


@pytest.mark.parametrize("question", ["average minutes for e-bikes", "how many e-bikes?"])
def test_a_table_name_inside_a_word_is_that_word(question: str) -> None:
    answer = analyse(question, {"bikes": BIKES})
    assert "e_bike = yes" in answer.text, answer.text


def test_a_difference_between_two_sides_shown_side_by_side_is_said_as_not_computed() -> None:
    answer = analyse(
        "difference in average minutes between e-bikes and regular bikes", {"bikes": BIKES}
    )
    assert answer.status == "partial", answer.text
    assert "“difference”" in answer.text
