""" "How many smokers are there in each race?" counts the smokers of each race.

A yes/no column said as what is counted ("smokers" of ``smoke``, "survivors" of
``survived``) is a condition on the rows counted, grouped or not; grouped, it was
dropped and every row of each group counted, marked complete. A later part that refers
back ("..., and *their* average weight?") is asked of the same rows in each group. Each
table is a small stand-in built here; each expected figure is plain pandas.

Guards (right before this reading too): the ungrouped count "how many smokers are
there?" and "how many births per race?", which names no condition.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from notebook_router.analyst import analyse
from tests.analyst.conftest import rerun


def _births() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "race": [1, 2, 3, 1, 2, 3, 1, 1, 3, 2] * 3,
            "smoke": [1, 0, 1, 0, 1, 1, 0, 1, 0, 0] * 3,
            "bwt": [2500, 3000, 2800, 3200, 2600, 2900, 3100, 2700, 3300, 3050] * 3,
        }
    )


def _passengers() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "pclass": ["1st", "2nd", "3rd", "3rd", "1st", "2nd", "3rd", "3rd", "1st", "3rd"] * 2,
            "survived": [True, False, False, True, True, True, False, False, False, True] * 2,
            "fare": [80.0, 20, 8, 7, 90, 25, 9, 8, 70, 7.5] * 2,
        }
    )


@pytest.mark.parametrize(
    ("name", "make", "question", "group", "rows"),
    [
        ("births", _births, "how many smokers are there in each race?", "race",
         lambda f: f.smoke == 1),
        ("births", _births, "how many smokers per race?", "race", lambda f: f.smoke == 1),
        ("births", _births, "how many non-smokers are in each race?", "race",
         lambda f: f.smoke == 0),
        ("passengers", _passengers, "how many survivors were there in each pclass?", "pclass",
         lambda f: f.survived),
        # guard
        ("births", _births, "how many births per race?", "race", lambda f: f.smoke >= 0),
    ],
)  # fmt: skip
def test_a_counted_yes_no_column_is_a_condition_in_each_group(
    name: str, make: object, question: str, group: str, rows: object
) -> None:
    frame = make()  # type: ignore[operator]
    a = analyse(question, {name: frame})
    expected = frame[rows(frame)].groupby(group).size()  # type: ignore[operator]
    assert a.status == "answered", (a.status, a.text, a.left_out)
    got = pd.Series(rerun(a, {name: frame})).astype(float)
    assert got.to_dict() == expected.astype(float).to_dict(), a.code


def test_their_statistic_after_a_grouped_count_is_of_each_group() -> None:
    """Asked of a router, as a user's cell asks it."""
    frame = _births()
    router = Router(data={"births": frame})
    result = router.run_sync("how many smokers are there in each race, and their average bwt?")
    smokers = frame[frame.smoke == 1]
    assert result.completed and all(t.status == "fulfilled" for t in result.tasks), result.answer
    for race, mean in smokers.groupby("race").bwt.mean().items():
        assert f"{race}: {mean:.0f}" in result.answer, result.answer


def test_the_ungrouped_count_of_a_yes_no_column_is_unchanged() -> None:
    """Guard."""
    frame = _births()
    a = analyse("how many smokers are there?", {"births": frame})
    assert a.value == int((frame.smoke == 1).sum()), a.text
