"""A later count said with no noun ("how many Toys items in Newark and how many in
Reno?") counts the earlier part's rows in its own place: every earlier condition on a
column it does not set carries, the one it sets replaces, and the answer names both.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _stock() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "category": ["Toys", "Toys", "Tools", "Toys", "Tools", "Toys", "Tools", "Toys"],
            "warehouse": ["Newark", "Reno", "Reno", "Reno", "Newark", "Newark", "Reno", "Reno"],
        }
    )


def _cars() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "colour": ["red", "red", "blue", "red", "blue", "red", "blue"],
            "city": ["Oslo", "Bergen", "Bergen", "Bergen", "Oslo", "Bergen", "Oslo"],
            "year": [2020, 2021, 2020, 2020, 2021, 2021, 2020],
        }
    )


def _count(d: pd.DataFrame, **conditions: object) -> int:
    rows = pd.Series(True, index=d.index)
    for column, value in conditions.items():
        rows &= d[column] == value
    return int(rows.sum())


@pytest.mark.parametrize(
    "question",
    [
        "how many Toys items in Newark and how many in Reno?",
        "how many Toys products are in Newark, and how many at Reno?",
    ],
)
def test_the_shared_category_carries_to_the_second_count(question: str) -> None:
    d = _stock()
    a = analyse(question, {"stock": d})
    assert a.value == (
        _count(d, category="Toys", warehouse="Newark"),
        _count(d, category="Toys", warehouse="Reno"),
    )
    assert a.text.count("category = Toys") == 2, a.text  # each count says its conditions


@pytest.mark.parametrize(
    "question",
    [
        "how many red cars in Oslo and how many in Bergen?",
        "number of red cars registered in 2020 in Oslo and how many in Bergen",
    ],
)
def test_every_condition_not_restated_carries(question: str) -> None:
    d = _cars()
    a = analyse(question, {"cars": d})
    extra = {"year": 2020} if "2020" in question else {}
    assert a.value == (
        _count(d, colour="red", city="Oslo", **extra),
        _count(d, colour="red", city="Bergen", **extra),
    )


@pytest.mark.parametrize(
    ("question", "second"),
    [
        ("how many Toys items in Newark and how many in Reno that are Tools?", "Tools"),
        ("how many red cars in Oslo and how many in Bergen that are blue?", "blue"),
    ],
)
def test_a_condition_the_second_count_sets_replaces_the_earlier_one(
    question: str, second: str
) -> None:
    d = _stock() if "Toys" in question else _cars()
    frame = "stock" if "Toys" in question else "cars"
    a = analyse(question, {frame: d})
    column, place = ("category", "warehouse") if frame == "stock" else ("colour", "city")
    where = "Reno" if frame == "stock" else "Bergen"
    assert isinstance(a.value, tuple)
    assert a.value[1] == _count(d, **{column: second, place: where})


def test_a_later_count_with_only_a_condition_of_its_own_carries_nothing() -> None:
    inv = pd.DataFrame(
        {
            "category": ["Toys", "Toys", "Tools", "Toys", "Tools", "Tools", "Toys"],
            "warehouse": ["Newark", "Reno", "Reno", "Newark", "Newark", "Reno", "Reno"],
            "price": [5, 6, 20, 7, 30, 25, 8],
        }
    )
    a = analyse("how many Toys in Newark and how many with a price above 10?", {"inv": inv})
    toys_newark = int(((inv.category == "Toys") & (inv.warehouse == "Newark")).sum())
    assert a.value == (toys_newark, int((inv.price > 10).sum())), a.text
