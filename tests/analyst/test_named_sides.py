"""A two-valued column whose name says one of its values ("low"/"not low" of
``lowbirthweight``, "premature"/"not premature" of ``premature``): naming the column as a
condition names that value.

Before, "how many babies were low birth weight?" answered "births has 6 rows" (every row,
the name read as the thing counted), and a follow-up asking it of the rows of an earlier
answer counted those rows again. The tables are small stand-ins built here; every
expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from notebook_router.analyst import analyse


def _births() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "gained": [60, 55, 10, 70, 20, 52, 30],
            "weight": [5.0, 8.0, 7.0, 4.0, 9.0, 7.5, 5.5],
            "lowbirthweight": ["low", "not low", "not low", "low", "not low", "not low", "low"],
        }
    )


def _wards() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "ward": ["A", "B", "A", "C", "B", "A"],
            "stay_days": [3, 10, 4, 12, 2, 9],
            "premature": [*(["premature", "not premature"] * 2), "premature", "premature"],
        }
    )


@pytest.mark.parametrize(
    "question", ["how many babies were low birth weight?", "how many had a low birth weight?"]
)
def test_naming_the_column_counts_the_value_its_name_says(question: str) -> None:
    frame = _births()
    a = analyse(question, {"births": frame})
    assert a.value == (frame.lowbirthweight == "low").sum() == 3
    assert a.status == "answered"


@pytest.mark.parametrize(
    ("question", "side"),
    [
        ("how many babies were premature?", "premature"),
        ("how many babies were not premature?", "not premature"),
    ],
)
def test_on_another_table_the_side_the_name_says(question: str, side: str) -> None:
    frame = _wards()
    a = analyse(question, {"wards": frame})
    # four and two: a swapped side gives the other count
    assert a.value == (frame.premature == side).sum() != (frame.premature != side).sum()


def _invoices() -> pd.DataFrame:
    return pd.DataFrame(
        {"amount": [10.0, 20.0, 30.0, 40.0], "unpaid": ["paid", "unpaid", "paid", "paid"]}
    )


def _people() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "income": [100.0, 5.0, 8.0, 20.0, 0.0],
            "unemployed": ["employed", "unemployed", "unemployed", "employed", "employed"],
        }
    )


@pytest.mark.parametrize(
    ("question", "name", "frame", "column", "side"),
    [
        ("how many invoices are unpaid?", "invoices", _invoices(), "unpaid", "unpaid"),
        ("how many people were unemployed?", "people", _people(), "unemployed", "unemployed"),
    ],
)
def test_a_name_that_is_the_negated_value_names_that_value(
    question: str, name: str, frame: pd.DataFrame, column: str, side: str
) -> None:
    # "employed" is inside "unemployed": the name is the negated label, not the plain one
    a = analyse(question, {name: frame})
    assert a.value == (frame[column] == side).sum() != (frame[column] != side).sum()


def test_a_statistic_for_the_negated_side_its_name_says() -> None:
    frame = _people()
    a = analyse("average income for unemployed", {"people": frame})
    truth = frame.loc[frame.unemployed == "unemployed", "income"].mean()
    assert a.value == pytest.approx(truth)


@pytest.mark.parametrize(
    "second",
    ["how many of their babies were low birth weight?", "how many of them were low birth weight?"],
)
def test_a_follow_up_about_the_earlier_rows_applies_its_own_condition(second: str) -> None:
    frame = _births()
    router = Router(data={"births": frame.copy()}, memory=True)
    router.run_sync("how many mothers gained more than 50 pounds?")
    run = router.run_sync(second)
    truth = ((frame.gained > 50) & (frame.lowbirthweight == "low")).sum()
    assert f"There are {truth} rows where gained > 50 and lowbirthweight = low" in run.answer
    assert "has 4 rows" not in run.answer  # never the earlier rows counted again
