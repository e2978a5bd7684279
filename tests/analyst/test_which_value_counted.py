"""Which value of a column of whole-number ids has the most rows.

"which event has the most records?" over a table of readings (several stations a quake)
was answered with the largest event number; now each event's rows are counted. A figure
with no statistic said is still summed a group, and the answer says "total". The tables
are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _readings() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "event": [1, 2, 2, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7],
            "mag": [7.0, 5.1, 5.1, 5.1, 6.5, 6.5, 7.2, 5.0, 5.0, 5.0, 5.0, 6.9, 4.8],
            "station": list("abcdefghijklm"),
            "dist": [12.0, 40.0, 80.0, 33.0, 20.0, 25.0, 5.0, 60.0, 10.0, 70.0, 3.0, 8.0, 9.0],
        }
    )


def _visits() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "floor": [3, 1, 3, 2, 3, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 3],
            "minutes": [5, 7, 2, 9, 4, 1, 3, 8, 6, 2, 5, 4, 3, 2, 1, 6, 7],
        }
    )


@pytest.mark.parametrize(
    ("question", "frame", "column"),
    [
        ("which event has the most records?", _readings, "event"),
        ("which event appears most often?", _readings, "event"),
        ("which floor has the most entries?", _visits, "floor"),
        ("which floor occurs most frequently?", _visits, "floor"),
    ],
)
def test_which_value_has_the_most_rows(question: str, frame: object, column: str) -> None:
    table = frame()  # type: ignore[operator]
    a = analyse(question, {"t": table})
    assert a.status == "answered"
    assert a.value == table[column].value_counts().idxmax()


def test_which_value_has_the_fewest_rows_names_the_ties() -> None:
    a = analyse("which event has the fewest rows?", {"t": _readings()})
    counts = _readings()["event"].value_counts()
    assert a.value in set(counts[counts == counts.min()].index)


def test_a_figure_of_each_row_is_still_summed_and_said_so() -> None:
    frame = pd.DataFrame({"shop": ["a", "a", "b", "b", "c"], "sales": [1, 9, 4, 4, 5]})
    a = analyse("which shop has the highest sales?", {"t": frame})
    assert a.value == frame.groupby("shop")["sales"].sum().idxmax()
    assert "total sales" in a.text
