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
            "premature": [*(["premature", "not premature"] * 2), "not premature", "premature"],
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
    ("question", "truth"),
    [
        ("how many babies were premature?", 3),
        ("how many babies were not premature?", 3),
    ],
)
def test_on_another_table_the_side_the_name_says(question: str, truth: float) -> None:
    a = analyse(question, {"wards": _wards()})
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
    assert truth == 2
    assert "There are 2 rows where gained > 50 and lowbirthweight = low" in run.answer
    assert "has 4 rows" not in run.answer  # never the earlier rows counted again
