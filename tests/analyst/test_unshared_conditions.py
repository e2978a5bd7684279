"""A later part that asks something else in another place ("how many Toys items in Newark
and what is the average price in Reno?") is answered over what it says, and the earlier
condition it did not apply ("Toys") is named: the asker sees the reading, nothing is
passed off as complete.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.analyst.tables import warehouse_stock


def _cars() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "colour": ["red", "red", "blue", "red", "blue", "red", "blue"],
            "city": ["Oslo", "Bergen", "Bergen", "Bergen", "Oslo", "Bergen", "Oslo"],
            "mileage": [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0],
        }
    )


@pytest.mark.parametrize(
    ("frame", "question", "held", "place", "where", "measure"),
    [
        ("stock", "how many Toys items in Newark and what is the average price in Reno?",
         "Toys", "warehouse", "Reno", "price"),
        ("stock", "how many Toys are in Newark, and what's the mean price in Reno?",
         "Toys", "warehouse", "Reno", "price"),
        ("cars", "how many red cars in Oslo and what is the average mileage in Bergen?",
         "red", "city", "Bergen", "mileage"),
        ("cars", "count the red cars in Oslo and what is the mean mileage in Bergen",
         "red", "city", "Bergen", "mileage"),
    ],
)  # fmt: skip
def test_the_condition_not_carried_is_named(
    frame: str, question: str, held: str, place: str, where: str, measure: str
) -> None:
    d = warehouse_stock() if frame == "stock" else _cars()
    a = analyse(question, {frame: d})
    assert a.status != "answered", a.text
    assert any(said.startswith(f"“{held}”") for said in a.left_out), a.left_out
    assert isinstance(a.value, tuple)
    assert a.value[1] == pytest.approx(d.loc[d[place] == where, measure].mean())


def test_parts_that_each_say_their_conditions_are_not_flagged() -> None:
    d = warehouse_stock()
    q = "how many Toys items in Newark and what is the average price of Tools in Reno?"
    a = analyse(q, {"stock": d})
    assert a.status == "answered", a.text
    tools_reno = d[(d["category"] == "Tools") & (d["warehouse"] == "Reno")]
    assert isinstance(a.value, tuple)
    assert a.value[1] == pytest.approx(tools_reno["price"].mean())
