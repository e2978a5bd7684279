"""Answers for the ``cars93`` items (MASS Cars93: prices in thousands of dollars)."""

from __future__ import annotations

from tests.data.trust.answers.common import (
    Tables,
    absent,
    count,
    mapping,
    num,
    percent,
    ranked,
    top,
)
from tests.data.trust_third.answers._register import registry

ANSWERS, item = registry("cars93")


@item(1)
def _rows(t: Tables) -> list[object]:
    return [num(len(t("cars93")))]


@item(2)
def _mean_price(t: Tables) -> list[object]:
    return [num(t("cars93")["Price"].mean())]


@item(3)
def _median_highway(t: Tables) -> list[object]:
    return [num(t("cars93")["MPG.highway"].median())]


@item(4)
def _heavy(t: Tables) -> list[object]:
    return [count(t("cars93")["Weight"] > 3500)]


@item(5)
def _four_cylinder_thrifty(t: Tables) -> list[object]:
    c = t("cars93")
    return [count((c["Cylinders"] == "4") & (c["MPG.city"] >= 30))]


@item(6)
def _cheap_horsepower(t: Tables) -> list[object]:
    c = t("cars93")
    return [num(c.loc[c["Price"] < 15, "Horsepower"].mean())]


@item(7)
def _engine_two_to_three(t: Tables) -> list[object]:
    return [count(t("cars93")["EngineSize"].between(2.0, 3.0))]


@item(8)
def _six_seats(t: Tables) -> list[object]:
    return [percent(t("cars93")["Passengers"] >= 6)]


@item(9)
def _honda_city(t: Tables) -> list[object]:
    c = t("cars93")
    return [num(c.loc[c["Manufacturer"] == "Honda", "MPG.city"].mean())]


@item(10)
def _vans(t: Tables) -> list[object]:
    return [count(t("cars93")["Type"] == "Van")]


@item(11)
def _two_airbags_price(t: Tables) -> list[object]:
    c = t("cars93")
    return [num(c.loc[c["AirBags"] == "Driver & Passenger", "Price"].mean())]


@item(12)
def _foreign_4wd(t: Tables) -> list[object]:
    c = t("cars93")
    return [count((c["DriveTrain"] == "4WD") & (c["Origin"] == "non-USA"))]


@item(13)
def _tank(t: Tables) -> list[object]:
    return [num(t("cars93")["Fuel.tank.capacity"].mean())]


@item(14)
def _manual(t: Tables) -> list[object]:
    return [count(t("cars93")["Man.trans.avail"] == "Yes")]


@item(15)
def _compact_turn(t: Tables) -> list[object]:
    c = t("cars93")
    return [num(c.loc[c["Type"] == "Compact", "Turn.circle"].mean())]


@item(16)
def _price_by_type(t: Tables) -> list[object]:
    return [mapping(t("cars93").groupby("Type")["Price"].mean())]


@item(17)
def _horsepower_by_drive(t: Tables) -> list[object]:
    return [mapping(t("cars93").groupby("DriveTrain")["Horsepower"].median())]


@item(18)
def _highway_by_origin_drive(t: Tables) -> list[object]:
    c = t("cars93")
    table = c.groupby(["Origin", "DriveTrain"])["MPG.highway"].mean()
    return [mapping(table.loc["USA"]), mapping(table.loc["non-USA"])]


@item(19)
def _priciest_makers(t: Tables) -> list[object]:
    return [ranked(t("cars93").groupby("Manufacturer")["Price"].mean(), 3)]


@item(20)
def _thriftiest_type(t: Tables) -> list[object]:
    return [top(t("cars93").groupby("Type")["MPG.highway"].mean())]


@item(21)
def _horsepower_by_origin(t: Tables) -> list[object]:
    means = t("cars93").groupby("Origin")["Horsepower"].mean()
    return [num(means["USA"]), num(means["non-USA"])]


@item(22)
def _van_minus_small_weight(t: Tables) -> list[object]:
    means = t("cars93").groupby("Type")["Weight"].mean()
    return [num(means["Van"] - means["Small"])]


@item(23)
def _price_usa_imports(t: Tables) -> list[object]:
    return [num(t("cars93_usa")["Price"].mean()), num(t("cars93_imports")["Price"].mean())]


@item(24)
def _front_wheel_gap(t: Tables) -> list[object]:
    usa, imports = t("cars93_usa"), t("cars93_imports")
    return [num(count(usa["DriveTrain"] == "Front") - count(imports["DriveTrain"] == "Front"))]


@item(25)
def _cheapest_and_dearest(t: Tables) -> list[object]:
    prices = t("cars93").set_index("Make")["Price"]
    return [top(prices, ascending=True), top(prices)]


@item(26)
def _six_cylinders(t: Tables) -> list[object]:
    c = t("cars93")
    six = c[c["Cylinders"] == "6"]
    return [num(len(six)), num(six["Weight"].mean())]


@item(27)
def _large_highway(t: Tables) -> list[object]:
    c = t("cars93")
    return [num(c.loc[c["Type"] == "Large", "MPG.highway"].mean())]


@item(28)
def _rear_foreign(t: Tables) -> list[object]:
    c = t("cars93")
    return [count((c["DriveTrain"] == "Rear") & (c["Origin"] == "non-USA"))]


@item(29)
def _plot_price_by_type(t: Tables) -> list[object]:
    return [mapping(t("cars93").groupby("Type")["Price"].mean())]


@item(30)
def _plot_cylinders(t: Tables) -> list[object]:
    return [mapping(t("cars93").groupby("Cylinders").size())]


@item(31)
def _safety(t: Tables) -> list[object]:
    return [absent(t("cars93"), "safety", "rating", "crash")]


@item(32)
def _sales(t: Tables) -> list[object]:
    return [absent(t("cars93"), "sold", "sales", "units")]
