"""Words that pick out rows which no column holds are named as left out: "average tip for
tall customers" on a table with no height is the mean over every customer, so the answer
is partial and says "tall customers"; "students who like music" likewise. A word the
reading links ("male customers", "customers who tipped more than 2", "the biggest
days") is used, and the answer stays complete.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _tips() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "day": ["Sun", "Sat", "Sun", "Fri", "Sat"],
            "sex": ["F", "M", "M", "F", "M"],
            "tip": [1.0, 2.0, 3.0, 4.0, 5.0],
        }
    )


def _scores() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "school": ["north", "south", "north", "south"],
            "gender": ["female", "male", "male", "female"],
            "math": [50.0, 60.0, 70.0, 80.0],
        }
    )


@pytest.mark.parametrize(
    ("question", "table", "said"),
    [
        ("average tip for tall customers", "tips", "tall customers"),
        ("average tip by day for happy diners", "tips", "happy diners"),
        ("average tip by day for customers who like music", "tips", "who like music"),
        ("mean math score among left-handed students", "scores", "left-handed students"),
        ("average math by school for students who play chess", "scores", "who play chess"),
    ],
)
def test_a_kind_of_row_no_column_holds_is_named(question: str, table: str, said: str) -> None:
    frame = _tips() if table == "tips" else _scores()
    a = analyse(question, {table: frame})
    assert a.status == "partial", a.text
    assert said in a.text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("average tip for male customers", _tips()[_tips().sex == "M"].tip.mean()),
        ("how many customers who tipped more than 2", int((_tips().tip > 2).sum())),
    ],
)
def test_rows_the_reading_picks_out_stay_complete(question: str, expected: float) -> None:
    a = analyse(question, {"tips": _tips()})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(expected)


def test_students_who_are_female_stay_complete() -> None:
    frame = _scores()
    a = analyse("average math of students who are female", {"scores": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame[frame.gender == "female"].math.mean())
