"""A value asked about again ("... in Newark, and what about Reno?") gets the statistic of
its own: a figure per value, every other condition kept, never one figure pooled over both.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.analyst.tables import warehouse_stock


def _staff() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "team": ["Eng", "Eng", "Ops", "Eng", "Ops", "Eng", "Ops"],
            "office": ["Oslo", "Lima", "Lima", "Lima", "Oslo", "Oslo", "Oslo"],
            "salary": [100.0, 150.0, 90.0, 170.0, 80.0, 120.0, 60.0],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "average price of Toys in Newark and how about Reno?",
        "what is the mean price of Toys in Newark, and what about Reno?",
    ],
)
def test_a_mean_for_each_place_asked(question: str) -> None:
    d = warehouse_stock()
    a = analyse(question, {"stock": d})
    toys = d[d["category"] == "Toys"]
    truth = toys.groupby("warehouse")["price"].mean()
    assert a.value == pytest.approx({"Newark": truth["Newark"], "Reno": truth["Reno"]}), a.text


@pytest.mark.parametrize(
    "question",
    [
        "total salary of Eng in Oslo and what about Lima?",
        "how many Eng people in Oslo, how about Lima?",
    ],
)
def test_each_office_asked_about_gets_its_own_figure(question: str) -> None:
    d = _staff()
    a = analyse(question, {"staff": d})
    eng = d[d["team"] == "Eng"]
    by = eng.groupby("office")["salary"]
    truth = by.sum() if "salary" in question else by.size()
    assert a.value == pytest.approx({"Oslo": truth["Oslo"], "Lima": truth["Lima"]}), a.text
