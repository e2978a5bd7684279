"""A column named by the first letters of the words for it: "student-teacher ratio" for
``str``, "test score" for ``testscr``, "average income" for ``avginc``. The ratio was read
as ``teachers`` (the one word a name held whole) and answered as complete; "their mean
test score" gave the mean of every column as complete. A statistic of every column asked
with a measure no column holds is named as left out.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

DISTRICTS = pd.DataFrame(
    {
        "county": ["Fresno", "Fresno", "Kern", "Kern", "Fresno"],
        "teachers": [20.0, 30.0, 40.0, 50.0, 60.0],
        "str": [18.0, 19.5, 21.0, 22.5, 20.0],
        "testscr": [640.0, 650.0, 660.0, 670.0, 630.0],
        "avginc": [10.0, 12.0, 14.0, 16.0, 18.0],
    }
)
FRESNO = DISTRICTS[DISTRICTS.county == "Fresno"]


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("average student-teacher ratio in Fresno county", FRESNO["str"].mean()),
        ("what is the mean test score of districts in Fresno?", FRESNO["testscr"].mean()),
        ("median average income", DISTRICTS["avginc"].median()),
        ("mean number of teachers", DISTRICTS["teachers"].mean()),
    ],
)
def test_a_name_of_initials_is_the_column_meant(question: str, truth: float) -> None:
    a = analyse(question, {"districts": DISTRICTS})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(truth), a.text


def test_their_measure_after_a_count_is_that_column() -> None:
    a = analyse(
        "how many districts are in Fresno county and what is their mean test score?",
        {"districts": DISTRICTS},
    )
    assert a.status == "answered", a.text
    assert f"{FRESNO['testscr'].mean():g}" in a.text, a.text


def test_every_column_for_a_measure_no_column_holds_is_partial() -> None:
    frame = DISTRICTS.drop(columns=["testscr"])
    a = analyse("what is their mean test score?", {"districts": frame})
    assert a.status in ("partial", "declined"), a.text
    assert "test score" in a.text, a.text


@pytest.mark.parametrize(
    ("question", "table", "never"),
    [
        # a statistic's word is the operation, not letters of ``amt``
        (
            "average monthly temperature by city",
            {"amt": [1.0], "temp": [2.0], "city": ["a"]},
            "amt",
        ),
        # a column's name said first is that column
        ("average sales across locations", {"sal": [1.0], "sales": [2.0], "store": ["a"]}, "'sal'"),
        # a short form of one word ("pct" for percent) is no initials
        ("average purchase cost today", {"pct": [0.1], "price": [2.0]}, "pct"),
    ],
)
def test_initials_never_take_a_statistic_a_named_column_or_a_short_form(
    question: str, table: dict[str, list[object]], never: str
) -> None:
    a = analyse(question, {"t": pd.DataFrame(table)})
    assert never not in a.code, a.code
