"""Answers for the ``fastfood`` items (openintro fastfood: grams, milligrams of sodium)."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.trust.answers.common import (
    Tables,
    absent,
    count,
    mapping,
    num,
    one,
    percent,
    ranked,
    top,
)
from tests.data.trust_third.answers._register import registry

ANSWERS, item = registry("fastfood")


def _at(t: Tables, restaurant: str, column: str) -> pd.Series:
    food = t("fastfood")
    selected: pd.Series = food.loc[food["restaurant"] == restaurant, column]
    return selected


@item(1)
def _rows(t: Tables) -> list[object]:
    return [num(len(t("fastfood")))]


@item(2)
def _calories(t: Tables) -> list[object]:
    return [num(t("fastfood")["calories"].mean())]


@item(3)
def _sodium(t: Tables) -> list[object]:
    return [num(t("fastfood")["sodium"].median())]


@item(4)
def _thousand_calories(t: Tables) -> list[object]:
    return [count(t("fastfood")["calories"] > 1000)]


@item(5)
def _protein_rich(t: Tables) -> list[object]:
    return [count(t("fastfood")["protein"] >= 50)]


@item(6)
def _light_sugar(t: Tables) -> list[object]:
    f = t("fastfood")
    return [num(f.loc[f["calories"] < 300, "sugar"].mean())]


@item(7)
def _mid_calories(t: Tables) -> list[object]:
    return [count(t("fastfood")["calories"].between(500, 800))]


@item(8)
def _no_trans_fat(t: Tables) -> list[object]:
    return [percent(t("fastfood")["trans_fat"] == 0)]


@item(9)
def _taco_bell(t: Tables) -> list[object]:
    return [num(_at(t, "Taco Bell", "calories").mean())]


@item(10)
def _sweet_subway(t: Tables) -> list[object]:
    f = t("fastfood")
    return [count((f["restaurant"] == "Subway") & (f["sugar"] > 20))]


@item(11)
def _dairy_queen_sodium(t: Tables) -> list[object]:
    return [num(_at(t, "Dairy Queen", "sodium").mean())]


@item(12)
def _chick_fil_a(t: Tables) -> list[object]:
    return [count(t("fastfood")["restaurant"] == "Chick Fil-A")]


@item(13)
def _big_mac(t: Tables) -> list[object]:
    f = t("fastfood")
    return [one(f[f["item"] == "Big Mac"], "calories")]


@item(14)
def _mcdonalds_saturated(t: Tables) -> list[object]:
    return [num(_at(t, "Mcdonalds", "sat_fat").mean())]


@item(15)
def _burger_king_carbs(t: Tables) -> list[object]:
    return [num(_at(t, "Burger King", "total_carb").mean())]


@item(16)
def _calories_by_restaurant(t: Tables) -> list[object]:
    return [mapping(t("fastfood").groupby("restaurant")["calories"].mean())]


@item(17)
def _protein_by_restaurant(t: Tables) -> list[object]:
    return [mapping(t("fastfood").groupby("restaurant")["protein"].median())]


@item(18)
def _saltiest(t: Tables) -> list[object]:
    return [ranked(t("fastfood").groupby("restaurant")["sodium"].mean(), 3)]


@item(19)
def _lightest(t: Tables) -> list[object]:
    return [top(t("fastfood").groupby("restaurant")["calories"].mean(), ascending=True)]


@item(20)
def _biggest_menus(t: Tables) -> list[object]:
    return [ranked(t("fastfood").groupby("restaurant").size(), 2)]


@item(21)
def _mcdonalds_burger_king(t: Tables) -> list[object]:
    means = t("fastfood").groupby("restaurant")["calories"].mean()
    return [num(means["Mcdonalds"]), num(means["Burger King"])]


@item(22)
def _arbys_minus_sonic(t: Tables) -> list[object]:
    means = t("fastfood").groupby("restaurant")["sodium"].mean()
    return [num(means["Arbys"] - means["Sonic"])]


@item(23)
def _protein_frames(t: Tables) -> list[object]:
    return [num(t("mcdonalds")["protein"].mean()), num(t("burger_king")["protein"].mean())]


@item(24)
def _heavy_items_frames(t: Tables) -> list[object]:
    return [count(t("mcdonalds")["calories"] > 800), count(t("burger_king")["calories"] > 800)]


@item(25)
def _heaviest_item(t: Tables) -> list[object]:
    f = t("fastfood")
    return [top(f.set_index("item")["calories"]), num(f["calories"].max())]


@item(26)
def _subway_fiber_sugar(t: Tables) -> list[object]:
    return [
        num(_at(t, "Subway", "fiber").mean()),
        num(_at(t, "Subway", "sugar").mean()),
    ]


@item(27)
def _sonic_median(t: Tables) -> list[object]:
    return [num(_at(t, "Sonic", "calories").median())]


@item(28)
def _fatty_sonic(t: Tables) -> list[object]:
    f = t("fastfood")
    return [count((f["restaurant"] == "Sonic") & (f["total_fat"] > 40))]


@item(29)
def _plot_calories(t: Tables) -> list[object]:
    return [mapping(t("fastfood").groupby("restaurant")["calories"].mean())]


@item(30)
def _plot_menu_sizes(t: Tables) -> list[object]:
    return [mapping(t("fastfood").groupby("restaurant").size())]


@item(31)
def _price(t: Tables) -> list[object]:
    return [absent(t("fastfood"), "price", "cost", "dollar", values=False)]


@item(32)
def _locations(t: Tables) -> list[object]:
    return [absent(t("fastfood"), "location", "store", "branch", values=False)]
