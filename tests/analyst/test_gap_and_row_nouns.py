"""A gap between two sides is a comparison; a noun compound with "number" is no count; an
average count per group is one figure; an amount per unit is no grouping.

- "gap between the dpi of Switzerland and Italy" listed the two values with no gap,
  shown complete: "gap" is read as "difference" is.
- "what seat number did each buyer get?" on a table with no seat column counted each
  buyer's rows, shown complete: "number" counts only in "number of".
- "how many orders per buyer on average?" listed each buyer's count: it is their mean.
- "more than $100 per ticket" split the count by the tickets column.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _countries() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "country": ["Italy", "Switzerland", "Japan", "Chile"],
            "dpi": [1390.0, 2630.96, 1257.28, 662.86],
            "sr": [14.28, 14.13, 21.1, 0.6],
        }
    )


def _tickets() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "order_ref": [f"O-{i}" for i in range(8)],
            "buyer_id": ["B1", "B2", "B1", "B3", "B2", "B1", "B3", "B3"],
            "venue": ["Hall", "Mill", "Hall", "Hall", "Mill", "Arena", "Arena", "Hall"],
            "rating": [4.0, 3.0, 5.0, 2.0, 4.0, 3.0, 5.0, 4.0],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "gap between the dpi of Switzerland and Italy",
        "what is the gap in dpi between Switzerland and Italy?",
    ],
)
def test_a_gap_between_two_sides_is_their_difference(question: str) -> None:
    countries = _countries().set_index("country")
    a = analyse(question, {"savings": _countries()})
    assert a.status == "answered" and isinstance(a.value, dict)
    assert a.value["difference"] == pytest.approx(
        countries.loc["Switzerland", "dpi"] - countries.loc["Italy", "dpi"]
    )


def test_a_number_that_names_a_thing_no_column_holds_is_not_a_count() -> None:
    a = analyse("what seat number did each buyer get?", {"tickets": _tickets()})
    assert a.status != "answered"
    assert "seat" in a.text


@pytest.mark.parametrize(
    "question",
    ["how many orders per buyer on average?", "on average, how many orders per buyer?"],
)
def test_an_average_count_per_group_is_one_figure(question: str) -> None:
    tickets = _tickets()
    a = analyse(question, {"orders": tickets})
    assert a.status == "answered"
    assert a.value == pytest.approx(tickets.groupby("buyer_id").size().mean())


def test_an_average_by_group_still_lists_each_group() -> None:
    tickets = _tickets()
    a = analyse("what is the rating on average by venue?", {"tickets": tickets})
    assert a.value == pytest.approx(tickets.groupby("venue")["rating"].mean().to_dict())


def test_an_amount_per_unit_is_no_grouping() -> None:
    tickets = _tickets().assign(price_each=[50, 120, 80, 150, 30, 200, 110, 90], tickets=1)
    a = analyse("how many orders cost more than $100 per ticket?", {"tickets": tickets})
    assert not isinstance(a.value, dict)
    assert a.status != "answered" or a.value == int((tickets["price_each"] > 100).sum())
