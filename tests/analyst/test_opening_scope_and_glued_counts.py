"""Two readings that had answered a simpler question as complete.

A scope said first whose words nothing reads ("for orange juice, the mean length and the
longest tooth" where the column holds "OJ") is named as left out: the figures are over
every row. An opener that is no scope ("for example, ...") is left alone.

A count word glued to the front of a column's name ("ncases") says the column counts
things: "how many cases" is its total, not the number of rows that have a value.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _teeth() -> pd.DataFrame:
    return pd.DataFrame(
        {"supp": ["OJ", "VC", "OJ", "VC"], "len": [10.0, 20.0, 30.0, 5.0], "dose": [1, 1, 2, 2]}
    )


def _study() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "agegp": ["25-34", "35-44", "75+", "25-34"],
            "ncases": [0, 1, 4, 2],
            "nvisits": [3, 1, 2, 5],
        }
    )


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("for orange juice, what is the mean length and the longest tooth?", "orange juice"),
        ("among guinea pigs on vitamin pills, the average length", "guinea pigs"),
    ],
)
def test_an_unread_scope_said_first_is_named(question: str, said: str) -> None:
    a = analyse(question, {"tooth": _teeth()})
    assert a.status == "partial", a.text
    assert said in a.text


def test_an_opener_that_is_no_scope_stays_complete() -> None:
    frame = _teeth()
    a = analyse("for example, what is the mean length?", {"tooth": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame.len.mean())


def test_a_read_scope_said_first_is_applied() -> None:
    frame = _teeth()
    a = analyse("for OJ, what is the mean length?", {"tooth": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame[frame.supp == "OJ"].len.mean())


@pytest.mark.parametrize(
    ("question", "column"),
    [("how many cases are there?", "ncases"), ("how many visits", "nvisits")],
)
def test_how_many_of_a_glued_count_column_is_its_total(question: str, column: str) -> None:
    frame = _study()
    a = analyse(question, {"study": frame})
    assert a.status == "answered", a.text
    assert a.value == frame[column].sum()
