"""A share word right after a column's name, with a statistic said, names the column:
"average Obama share by poll taker" is the mean of ``Obama`` (a column of vote shares)
for each poll taker, not each poll taker's part of the total of ``Obama``, which dropped
the "average". A share *of* a column ("share of revenue by region") is still each group's
part of the total, and the rows it is of are said in the answer.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _polls() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "pollster": ["Gallup", "Zogby", "Gallup", "CNN", "Zogby", "CNN"],
            "pop": ["RV", "LV", "LV", "RV", "RV", "LV"],
            "Obama": [48.0, 50.0, 46.0, 49.0, 47.0, 51.0],
        }
    )


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["N", "S", "N", "E", "S"],
            "channel": ["web", "web", "shop", "shop", "web"],
            "revenue": [10.0, 20.0, 30.0, 40.0, 50.0],
        }
    )


@pytest.mark.parametrize(
    "question", ["average Obama share by pollster", "mean Obama share for each pollster"]
)
def test_an_average_share_column_by_group_is_its_mean(question: str) -> None:
    frame = _polls()
    a = analyse(question, {"polls": frame})
    assert a.status == "answered", a.text
    assert isinstance(a.value, dict)
    assert a.value == pytest.approx(frame.groupby("pollster").Obama.mean().to_dict())


def test_an_average_share_column_keeps_its_rows() -> None:
    frame = _polls()
    a = analyse("average Obama share by pollster for RV polls", {"polls": frame})
    assert a.status == "answered", a.text
    assert isinstance(a.value, dict)
    kept = frame[frame["pop"] == "RV"]
    assert a.value == pytest.approx(kept.groupby("pollster").Obama.mean().to_dict())
    assert "RV" in a.text


def test_a_share_of_a_total_for_some_rows_says_which_rows() -> None:
    frame = _orders()
    a = analyse("share of revenue by region for web orders", {"orders": frame})
    assert a.status == "answered", a.text
    web = frame[frame.channel == "web"]
    expected = (web.groupby("region").revenue.sum() / web.revenue.sum()).to_dict()
    assert isinstance(a.value, dict)
    assert a.value == pytest.approx(expected)
    assert "channel = web" in a.text
