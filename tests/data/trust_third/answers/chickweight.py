"""Answers for the ``chickweight`` items (datasets ChickWeight: grams, days since hatching)."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.trust.answers.common import Tables, absent, count, mapping, num, one, ranked, top
from tests.data.trust_third.answers._register import registry

ANSWERS, item = registry("chickweight")


def _day(t: Tables, day: int) -> pd.DataFrame:
    c = t("chickweight")
    return c[c["Time"] == day]


@item(1)
def _rows(t: Tables) -> list[object]:
    return [num(len(t("chickweight")))]


@item(2)
def _chicks(t: Tables) -> list[object]:
    return [num(t("chickweight")["Chick"].nunique())]


@item(3)
def _weight(t: Tables) -> list[object]:
    return [num(t("chickweight")["weight"].mean())]


@item(4)
def _over_200(t: Tables) -> list[object]:
    return [count(t("chickweight")["weight"] > 200)]


@item(5)
def _day_21(t: Tables) -> list[object]:
    return [num(_day(t, 21)["weight"].mean())]


@item(6)
def _diet_3_late(t: Tables) -> list[object]:
    c = t("chickweight")
    return [num(c.loc[(c["Diet"] == 3) & (c["Time"] >= 10), "weight"].mean())]


@item(7)
def _light_early(t: Tables) -> list[object]:
    c = t("chickweight")
    return [count(c["Time"].between(5, 10) & (c["weight"] < 100))]


@item(8)
def _measured_day_21(t: Tables) -> list[object]:
    return [count(t("chickweight")["Time"] == 21)]


@item(9)
def _diet_2(t: Tables) -> list[object]:
    c = t("chickweight")
    return [num(c.loc[c["Diet"] == 2, "weight"].mean())]


@item(10)
def _chick_7(t: Tables) -> list[object]:
    day = _day(t, 21)
    return [one(day[day["Chick"] == 7], "weight")]


@item(11)
def _diet_4_chicks(t: Tables) -> list[object]:
    c = t("chickweight")
    return [num(c.loc[c["Diet"] == 4, "Chick"].nunique())]


@item(12)
def _heaviest_hatchling(t: Tables) -> list[object]:
    return [num(_day(t, 0)["weight"].max())]


@item(13)
def _last_day(t: Tables) -> list[object]:
    c = t("chickweight")
    return [num(c.loc[c["Time"] == c["Time"].max(), "weight"].mean())]


@item(14)
def _by_diet(t: Tables) -> list[object]:
    return [mapping(t("chickweight").groupby("Diet")["weight"].mean())]


@item(15)
def _by_day(t: Tables) -> list[object]:
    return [mapping(t("chickweight").groupby("Time")["weight"].mean())]


@item(16)
def _by_diet_day_21(t: Tables) -> list[object]:
    return [mapping(_day(t, 21).groupby("Diet")["weight"].mean())]


@item(17)
def _best_diet(t: Tables) -> list[object]:
    return [top(_day(t, 21).groupby("Diet")["weight"].mean())]


@item(18)
def _heaviest_chicks(t: Tables) -> list[object]:
    return [ranked(_day(t, 21).set_index("Chick")["weight"], 3)]


@item(19)
def _diet_1_vs_3(t: Tables) -> list[object]:
    means = _day(t, 21).groupby("Diet")["weight"].mean()
    return [num(means[1]), num(means[3])]


@item(20)
def _diet_4_minus_1(t: Tables) -> list[object]:
    means = _day(t, 10).groupby("Diet")["weight"].mean()
    return [num(means[4] - means[1])]


@item(21)
def _weight_frames(t: Tables) -> list[object]:
    return [num(t("chicks_diet1")["weight"].mean()), num(t("chicks_diet4")["weight"].mean())]


@item(22)
def _rows_frames(t: Tables) -> list[object]:
    return [num(len(t("chicks_diet1"))), num(len(t("chicks_diet4")))]


@item(23)
def _diet_1_start(t: Tables) -> list[object]:
    c = t("chickweight")
    first = c[c["Diet"] == 1]
    return [num(first["Chick"].nunique()), num(first.loc[first["Time"] == 0, "weight"].mean())]


@item(24)
def _extremes(t: Tables) -> list[object]:
    weights = t("chickweight")["weight"]
    return [num(weights.min()), num(weights.max())]


@item(25)
def _diet_2_day_21(t: Tables) -> list[object]:
    day = _day(t, 21)
    return [num(day.loc[day["Diet"] == 2, "weight"].mean())]


@item(26)
def _by_diet_day_20(t: Tables) -> list[object]:
    return [mapping(_day(t, 20).groupby("Diet")["weight"].mean())]


@item(27)
def _plot_over_time(t: Tables) -> list[object]:
    return [mapping(t("chickweight").groupby("Time")["weight"].mean())]


@item(28)
def _plot_by_diet(t: Tables) -> list[object]:
    return [mapping(t("chickweight").groupby("Diet")["weight"].mean())]


@item(29)
def _breed(t: Tables) -> list[object]:
    return [absent(t("chickweight"), "breed")]


@item(30)
def _feed(t: Tables) -> list[object]:
    return [absent(t("chickweight"), "feed", "food", "eat")]
