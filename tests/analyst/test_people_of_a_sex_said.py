""" "average age of women" on a table whose sex column holds "W" and "M" was the mean of
every row, as a complete answer. "W" is women's code as "F" is. With no such column, a
sex word beside an age is named as not applied; away from an age it may name every row
(a table of mothers), and "men and women" together is everyone.
"""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

CODED_W = pd.DataFrame({"gender": ["W", "M", "W", "M", "M", "W"], "age": [20, 30, 40, 50, 60, 70]})
CODED_F = pd.DataFrame({"sex": ["F", "M", "F", "M", "M", "F"], "age": [20, 30, 40, 50, 60, 70]})
NO_SEX = pd.DataFrame({"city": ["a", "b", "a", "b", "c", "a"], "age": [20, 30, 40, 50, 60, 70]})


@pytest.mark.parametrize("frame", [CODED_W, CODED_F])
@pytest.mark.parametrize(
    ("question", "code", "how"),
    [
        ("average age of women", "female", "mean"),
        ("how many men are there?", "male", "count"),
        ("average age of men over 40", "male", "mean>40"),
    ],
)
def test_a_sex_word_is_the_sex_columns_code(
    frame: pd.DataFrame, question: str, code: str, how: str
) -> None:
    column = frame.columns[0]
    picked = frame[frame[column].isin(["F", "W"] if code == "female" else ["M"])]
    if how == "mean>40":
        truth: float = picked.loc[picked["age"] > 40, "age"].mean()
    else:
        truth = picked["age"].mean() if how == "mean" else len(picked)
    answer = analyse(question, {"people": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(truth), answer.text


def test_a_sex_word_beside_an_age_that_no_column_holds_is_named() -> None:
    answer = analyse("average age of men over 40", {"people": NO_SEX})
    assert answer.status == "partial", answer.text
    assert "no column says who are" in answer.text


def test_men_and_women_together_are_everyone() -> None:
    answer = analyse("how many men and women are there?", {"people": NO_SEX})
    assert answer.status == "answered", answer.text
    assert answer.value == len(NO_SEX), answer.text
