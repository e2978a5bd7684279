"""A value whose word is also an operation's ("Test", "Plot", "Count") is read as a value
when it is listed beside another value of its column, written as the column holds it:
"except Train, Test" leaves both out. It was dropped, and the answer over a list of one
was presented as complete.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _runs() -> pd.DataFrame:
    return pd.DataFrame(
        {"split": ["Train", "Test", "Val", "Train", "Val", "Test"], "loss": [1.0, 2, 9, 4, 5, 6]}
    )


def _events() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "kind": ["Count", "Plot", "View", "Plot", "View", "Count", "Share"],
            "ms": [10.0, 20, 30, 40, 50, 60, 70],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "average loss except Train, Test",
        "average loss except Train and Test",
        "average loss excluding splits Train, Test",
    ],
)
def test_a_listed_operation_word_is_a_value(question: str) -> None:
    frame = _runs()
    a = analyse(question, {"runs": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame[~frame.split.isin(["Train", "Test"])].loss.mean())


def test_a_listed_value_kept_in_a_positive_list() -> None:
    frame = _runs()
    a = analyse("average loss for Val or Test", {"runs": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame[frame.split.isin(["Val", "Test"])].loss.mean())


def test_listed_values_on_another_table() -> None:
    frame = _events()
    a = analyse("mean ms other than View, Plot and Count", {"events": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame[frame.kind == "Share"].ms.mean())


def test_the_word_in_lower_case_is_no_value() -> None:
    a = analyse("average loss for Train, and test it", {"runs": _runs()})
    assert a.status != "answered" or "Test" not in a.text, a.text
