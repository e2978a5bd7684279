"""Answers for the ``ncbirths`` items (openintro ncbirths: weights in pounds)."""

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

ANSWERS, item = registry("ncbirths")


@item(1)
def _weight(t: Tables) -> list[object]:
    return [num(t("ncbirths")["weight"].mean())]


@item(2)
def _rows(t: Tables) -> list[object]:
    return [num(len(t("ncbirths")))]


@item(3)
def _visits(t: Tables) -> list[object]:
    return [num(t("ncbirths")["visits"].median())]


@item(4)
def _light(t: Tables) -> list[object]:
    return [count(t("ncbirths")["weight"] < 5.5)]


@item(5)
def _older_mothers(t: Tables) -> list[object]:
    return [count(t("ncbirths")["mage"] >= 35)]


@item(6)
def _gain_full_term(t: Tables) -> list[object]:
    b = t("ncbirths")
    return [num(b.loc[b["weeks"] >= 40, "gained"].mean())]


@item(7)
def _weeks_37_to_39(t: Tables) -> list[object]:
    return [count(t("ncbirths")["weeks"].between(37, 39))]


@item(8)
def _older_fathers(t: Tables) -> list[object]:
    return [count(t("ncbirths")["fage"] > 40)]


@item(9)
def _married_premies(t: Tables) -> list[object]:
    b = t("ncbirths")
    return [count((b["premie"] == "premie") & (b["marital"] == "married"))]


@item(10)
def _mature_weeks(t: Tables) -> list[object]:
    b = t("ncbirths")
    return [num(b.loc[b["mature"] == "mature mom", "weeks"].mean())]


@item(11)
def _low_girls(t: Tables) -> list[object]:
    b = t("ncbirths")
    return [count((b["lowbirthweight"] == "low") & (b["gender"] == "female"))]


@item(12)
def _not_white_weight(t: Tables) -> list[object]:
    b = t("ncbirths")
    return [num(b.loc[b["whitemom"] == "not white", "weight"].mean())]


@item(13)
def _smokers_weight(t: Tables) -> list[object]:
    b = t("ncbirths")
    return [num(b.loc[b["habit"] == "smoker", "weight"].mean())]


@item(14)
def _fathers_age(t: Tables) -> list[object]:
    return [num(t("ncbirths")["fage"].mean())]


@item(15)
def _boys(t: Tables) -> list[object]:
    return [count(t("ncbirths")["gender"] == "male")]


@item(16)
def _weight_by_habit(t: Tables) -> list[object]:
    return [mapping(t("ncbirths").groupby("habit")["weight"].mean())]


@item(17)
def _gain_by_marital(t: Tables) -> list[object]:
    return [mapping(t("ncbirths").groupby("marital")["gained"].mean())]


@item(18)
def _low_by_race(t: Tables) -> list[object]:
    b = t("ncbirths")
    return [mapping((b["lowbirthweight"] == "low").groupby(b["whitemom"]).sum())]


@item(19)
def _common_ages(t: Tables) -> list[object]:
    return [ranked(t("ncbirths").groupby("mage").size(), 3)]


@item(20)
def _common_weeks(t: Tables) -> list[object]:
    return [top(t("ncbirths").groupby("weeks").size())]


@item(21)
def _weight_by_gender(t: Tables) -> list[object]:
    means = t("ncbirths").groupby("gender")["weight"].mean()
    return [num(means["male"]), num(means["female"])]


@item(22)
def _smoking_gap(t: Tables) -> list[object]:
    means = t("ncbirths").groupby("habit")["weight"].mean()
    return [num(means["nonsmoker"] - means["smoker"])]


@item(23)
def _low_share_frames(t: Tables) -> list[object]:
    return [
        percent(t("births_smokers")["lowbirthweight"] == "low"),
        percent(t("births_nonsmokers")["lowbirthweight"] == "low"),
    ]


@item(24)
def _mother_age_frames(t: Tables) -> list[object]:
    return [
        num(t("births_smokers")["mage"].mean()),
        num(t("births_nonsmokers")["mage"].mean()),
    ]


@item(25)
def _premies(t: Tables) -> list[object]:
    b = t("ncbirths")
    premies = b[b["premie"] == "premie"]
    return [num(len(premies)), num(premies["weight"].mean())]


@item(26)
def _parents_ages(t: Tables) -> list[object]:
    b = t("ncbirths")
    return [num(b["mage"].mean()), num(b["fage"].mean())]


@item(27)
def _unmarried_weight(t: Tables) -> list[object]:
    b = t("ncbirths")
    return [num(b.loc[b["marital"] == "not married", "weight"].mean())]


@item(28)
def _big_gain_low(t: Tables) -> list[object]:
    b = t("ncbirths")
    return [count((b["gained"] > 50) & (b["lowbirthweight"] == "low"))]


@item(29)
def _plot_weight_by_weeks(t: Tables) -> list[object]:
    return [mapping(t("ncbirths").groupby("weeks")["weight"].mean())]


@item(30)
def _plot_marital(t: Tables) -> list[object]:
    return [mapping(t("ncbirths").groupby("marital").size())]


@item(31)
def _caesarean(t: Tables) -> list[object]:
    return [absent(t("ncbirths"), "caesarean", "cesarean", "section", "delivery")]


@item(32)
def _hospital(t: Tables) -> list[object]:
    return [absent(t("ncbirths"), "hospital")]
