"""A negation reaches its value across the words that only lead to it, and across a code
defined in brackets: "excluding likely voter (LV) polls", "excluding all of the LV
polls", "other than for LV" leave the LV rows out. Read the other way, each was the mean
of the LV rows alone, presented as complete.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _polls() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "pollster": ["Ras", "Zog", "Gal", "Ras", "Gal", "Zog"],
            "pop": ["LV", "RV", "RV", "LV", "A", "RV"],
            "margin": [3, -2, 9, 5, 4, 1],
        }
    )


def _tickets() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "queue": ["CS", "IT", "CS", "HR", "IT", "CS"],
            "hours": [2.0, 5.0, 3.0, 8.0, 1.0, 4.0],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "average margin excluding likely voter (LV) polls",
        "average margin, excluding all of the LV polls",
        "average margin other than for LV",
    ],
)
def test_the_negation_reaches_the_value(question: str) -> None:
    frame = _polls()
    a = analyse(question, {"polls": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame[frame["pop"] != "LV"].margin.mean())


def test_a_defined_code_is_read_as_the_code() -> None:
    frame = _polls()
    a = analyse("average margin of likely voter (LV) polls", {"polls": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame[frame["pop"] == "LV"].margin.mean())


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "mean hours excluding customer service (CS) tickets",
            lambda f: f[f.queue != "CS"].hours.mean(),
        ),
        (
            "mean hours of information technology (IT) tickets",
            lambda f: f[f.queue == "IT"].hours.mean(),
        ),
    ],
)
def test_defined_codes_on_another_table(question: str, expected: object) -> None:
    frame = _tickets()
    a = analyse(question, {"tickets": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(expected(frame))  # type: ignore[operator]
