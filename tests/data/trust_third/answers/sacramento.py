"""Answers for the ``sacramento`` items (modeldata Sacramento: prices in dollars)."""

from __future__ import annotations

from tests.data.trust.answers.common import (
    AmbiguousAnswer,
    Tables,
    absent,
    count,
    key,
    mapping,
    num,
    percent,
    ranked,
)
from tests.data.trust_third.answers._register import registry

ANSWERS, item = registry("sacramento")


@item(1)
def _price(t: Tables) -> list[object]:
    return [num(t("sacramento")["price"].mean())]


@item(2)
def _rows(t: Tables) -> list[object]:
    return [num(len(t("sacramento")))]


@item(3)
def _sqft(t: Tables) -> list[object]:
    return [num(t("sacramento")["sqft"].median())]


@item(4)
def _dear(t: Tables) -> list[object]:
    return [count(t("sacramento")["price"] > 500_000)]


@item(5)
def _big_family(t: Tables) -> list[object]:
    h = t("sacramento")
    return [count((h["beds"] >= 4) & (h["baths"] >= 2))]


@item(6)
def _mid_size_price(t: Tables) -> list[object]:
    h = t("sacramento")
    return [num(h.loc[h["sqft"].between(1500, 2000), "price"].mean())]


@item(7)
def _small(t: Tables) -> list[object]:
    return [count(t("sacramento")["sqft"] < 1000)]


@item(8)
def _cheap_share(t: Tables) -> list[object]:
    return [percent(t("sacramento")["price"] < 150_000)]


def _city(t: Tables, city: str, column: str, how: str) -> int | float:
    h = t("sacramento")
    selected = h.loc[h["city"] == city, column]
    return num(selected.median() if how == "median" else selected.mean())


@item(9)
def _elk_grove(t: Tables) -> list[object]:
    return [_city(t, "ELK_GROVE", "price", "mean")]


@item(10)
def _city_condos(t: Tables) -> list[object]:
    h = t("sacramento")
    return [count((h["type"] == "Condo") & (h["city"] == "SACRAMENTO"))]


@item(11)
def _roseville(t: Tables) -> list[object]:
    return [_city(t, "ROSEVILLE", "price", "median")]


@item(12)
def _zip(t: Tables) -> list[object]:
    return [count(t("sacramento")["zip"] == "z95823")]


@item(13)
def _el_dorado_hills(t: Tables) -> list[object]:
    return [_city(t, "EL_DORADO_HILLS", "sqft", "mean")]


@item(14)
def _beds(t: Tables) -> list[object]:
    return [num(t("sacramento")["beds"].mean())]


@item(15)
def _multi_family(t: Tables) -> list[object]:
    return [count(t("sacramento")["type"] == "Multi_Family")]


@item(16)
def _price_by_type(t: Tables) -> list[object]:
    return [mapping(t("sacramento").groupby("type")["price"].mean())]


@item(17)
def _median_by_beds(t: Tables) -> list[object]:
    return [mapping(t("sacramento").groupby("beds")["price"].median())]


@item(18)
def _busiest_cities(t: Tables) -> list[object]:
    return [ranked(t("sacramento").groupby("city").size(), 3)]


@item(19)
def _dearest_cities(t: Tables) -> list[object]:
    groups = t("sacramento").groupby("city")["price"]
    means = groups.mean()[groups.size() >= 20]
    return [ranked(means, 3)]


@item(20)
def _condo_vs_residential(t: Tables) -> list[object]:
    means = t("sacramento").groupby("type")["price"].mean()
    return [num(means["Condo"]), num(means["Residential"])]


@item(21)
def _folsom_minus_galt(t: Tables) -> list[object]:
    means = t("sacramento").groupby("city")["price"].mean()
    return [num(means["FOLSOM"] - means["GALT"])]


@item(22)
def _median_frames(t: Tables) -> list[object]:
    return [
        num(t("homes_elk_grove")["price"].median()),
        num(t("homes_roseville")["price"].median()),
    ]


@item(23)
def _size_frames(t: Tables) -> list[object]:
    return [num(t("homes_elk_grove")["sqft"].mean()), num(t("homes_roseville")["sqft"].mean())]


@item(24)
def _dearest_sale(t: Tables) -> list[object]:
    h = t("sacramento")
    dearest = h[h["price"] == h["price"].max()]
    if len(dearest) != 1:
        raise AmbiguousAnswer("the highest price is shared")
    return [num(dearest["price"].iloc[0]), key(dearest["city"].iloc[0])]


@item(25)
def _two_beds(t: Tables) -> list[object]:
    h = t("sacramento")
    two = h[h["beds"] == 2]
    return [num(len(two)), num(two["price"].mean())]


@item(26)
def _four_beds(t: Tables) -> list[object]:
    h = t("sacramento")
    return [num(h.loc[h["beds"] == 4, "price"].mean())]


@item(27)
def _antelope_size(t: Tables) -> list[object]:
    return [_city(t, "ANTELOPE", "sqft", "mean")]


@item(28)
def _plot_price_by_beds(t: Tables) -> list[object]:
    return [mapping(t("sacramento").groupby("beds")["price"].mean())]


@item(29)
def _plot_types(t: Tables) -> list[object]:
    return [mapping(t("sacramento").groupby("type").size())]


@item(30)
def _year_built(t: Tables) -> list[object]:
    return [absent(t("sacramento"), "year", "built", "age")]


@item(31)
def _days_on_market(t: Tables) -> list[object]:
    return [absent(t("sacramento"), "days", "market", "listed")]
