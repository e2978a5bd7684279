""" "How many months had revenue over 1000": a month's revenue is its total.

Revenue adds up over a month's rows, so a month passes the bound when its total does; a
count of the months with one row past the bound answers something else, and is never
given as complete. A temperature does not add up: its months with a row past the bound
are counted as they are. Each table is a small stand-in built here.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

_DATES = pd.to_datetime(["2024-01-05", "2024-01-20", "2024-02-03", "2024-03-10", "2024-03-11"])


def _sales() -> pd.DataFrame:
    return pd.DataFrame({"date": _DATES, "revenue": [600.0, 600.0, 100.0, 300.0, 900.0]})


@pytest.mark.parametrize(
    "question",
    ["how many months had revenue over 1000", "in how many months was revenue above 1000?"],
)
def test_a_bound_on_an_amount_that_adds_up_is_never_read_on_rows_silently(question: str) -> None:
    frame = _sales()
    totals = frame.groupby(frame["date"].dt.to_period("M"))["revenue"].sum()
    a = analyse(question, {"sales": frame})
    if a.status == "answered":
        assert a.value == int((totals > 1000).sum()), (a.text, a.code)
    else:
        assert a.status in ("partial", "declined"), a.status
        assert a.status == "declined" or any("total" in g for g in a.left_out), a.left_out


def test_a_bound_on_a_state_counts_the_months_with_such_a_row() -> None:
    frame = pd.DataFrame({"date": _DATES, "temperature": [6.5, 12.5, 1.5, 3.5, 9.5]})
    a = analyse("how many months had temperature over 10", {"weather": frame})
    expected = frame.loc[frame["temperature"] > 10, "date"].dt.to_period("M").nunique()
    assert a.status == "answered", (a.text, a.left_out)
    assert a.value == expected
