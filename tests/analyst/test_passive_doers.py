"""A passive verb's "by" names who did it: "polls were taken by poll takers other than
Gallup" counts those polls, it does not break them down by poll taker. The column after
"by" is filtered there; with no filter on it ("by each pollster", "by pollster") the
question still groups, and so does a verb that arranges rows ("grouped by").

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _polls() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "PollTaker": ["Gallup", "Rasmussen", "Zogby", "Gallup", "CNN", "Zogby", "CNN"],
            "Margin": [2.0, 1.0, 5.0, 3.0, 4.0, 6.0, 1.0],
        }
    )


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "customer": ["ann", "bob", "cy", "ann", "dee", "bob", "ann", "cy"],
            "amount": [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "how many polls were taken by poll takers other than Rasmussen and Gallup?",
        "how many polls were conducted by poll takers other than Gallup and Rasmussen?",
    ],
)
def test_polls_taken_by_poll_takers_other_than_some_are_counted(question: str) -> None:
    frame = _polls()
    a = analyse(question, {"polls": frame})
    assert a.status == "answered", a.text
    assert a.value == int((~frame.PollTaker.isin(["Gallup", "Rasmussen"])).sum()) == 4


def test_a_mean_over_rows_a_participle_names_the_doers_of() -> None:
    frame = _orders()
    a = analyse("average amount of orders placed by customers other than ann", {"o": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame[frame.customer != "ann"].amount.mean())


def test_by_each_doer_still_groups() -> None:
    frame = _orders()
    a = analyse("total amount of orders placed by each customer", {"o": frame})
    assert a.status == "answered", a.text
    expected = frame.groupby("customer").amount.sum()
    assert isinstance(a.value, dict)
    assert a.value == pytest.approx(expected.to_dict())


def test_grouped_by_a_filtered_column_still_groups() -> None:
    frame = _orders()
    a = analyse("total amount grouped by customer for ann and bob", {"o": frame})
    assert a.status == "answered", a.text
    kept = frame[frame.customer.isin(["ann", "bob"])]
    assert isinstance(a.value, dict)
    assert a.value == pytest.approx(kept.groupby("customer").amount.sum().to_dict())
