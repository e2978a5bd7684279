"""Where an exclusion's reach stops, and exclusions the conditions cannot state.

An exclusion before a comparison leaves its rows out ("excluding those with amount over
$100"), but a question or a pronoun after the exclusion starts something new ("apart from
that, how many orders have amount over 100" keeps those orders), a unit said with an
excluded range is converted as the range is, and an excluded span of dates, which no
condition here states, is named as not applied rather than kept as if asked. A two-letter
unit ("ms", "hr") is a unit, never a value some text column happens to hold.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _orders() -> pd.DataFrame:
    return pd.DataFrame({"amount": [50, 150, 200, 120, 80, 300]})


@pytest.mark.parametrize(
    "question",
    [
        "apart from that how many orders have amount over 100",
        "except that, how many orders have amount above 100?",
        "besides the mean how many orders have amount over 100",
    ],
)
def test_a_question_after_an_exclusion_is_not_excluded(question: str) -> None:
    orders = _orders()
    a = analyse(question, {"orders": orders})
    assert a.value == int((orders["amount"] > 100).sum())


@pytest.mark.parametrize(
    ("question", "keep"),
    [
        ("how many orders excluding those with amount over $100", lambda a: a <= 100),
        ("how many orders excluding those between $100 and $200", lambda a: ~a.between(100, 200)),
    ],
)
def test_an_excluded_money_bound_leaves_its_rows_out(question: str, keep: object) -> None:
    orders = _orders()
    a = analyse(question, {"orders": orders})
    assert a.value == int(keep(orders["amount"]).sum())  # type: ignore[operator]


def test_an_excluded_range_in_another_unit_is_converted() -> None:
    calls = pd.DataFrame({"duration_min": [30, 70, 90, 150, 200, 45], "cost": [1, 2, 3, 4, 5, 6]})
    a = analyse("total cost excluding calls with duration between 1 and 2 hours", {"c": calls})
    assert a.value == calls[~calls["duration_min"].between(60, 120)]["cost"].sum()
    b = analyse("how many calls have duration over 3 hours or duration under 1 hour", {"c": calls})
    assert b.value == int(((calls["duration_min"] > 180) | (calls["duration_min"] < 60)).sum())


def test_an_excluded_span_of_dates_is_named_not_kept() -> None:
    sales = pd.DataFrame(
        {
            "date": pd.to_datetime(["2019-03-01", "2020-03-05", "2021-01-01", "2022-03-09"]),
            "amount": [10, 20, 40, 50],
        }
    )
    a = analyse("total amount excluding 2019 to 2020", {"sales": sales})
    assert a.status == "partial"
    b = analyse("total amount except in 2020", {"sales": sales})
    assert b.value == sales[sales["date"].dt.year != 2020]["amount"].sum()


@pytest.mark.parametrize("question", ["average latency in ms", "average latency per hr"])
def test_a_two_letter_unit_is_no_value(question: str) -> None:
    calls = pd.DataFrame(
        {
            "title": ["mr", "ms", "dr", "mr"],
            "tier": ["hr", "pm", "hr", "pm"],
            "latency": [1, 2, 3, 4],
        }
    )
    a = analyse(question, {"calls": calls})
    assert "title = ms" not in a.text and "tier = hr" not in a.text
