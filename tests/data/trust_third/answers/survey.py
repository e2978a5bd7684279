"""Answers for the ``survey`` items (MASS survey: spans and heights in centimetres)."""

from __future__ import annotations

from tests.data.trust.answers.common import Tables, absent, count, mapping, num, ranked, top
from tests.data.trust_third.answers._register import registry

ANSWERS, item = registry("survey")


@item(1)
def _rows(t: Tables) -> list[object]:
    return [num(len(t("survey")))]


@item(2)
def _age(t: Tables) -> list[object]:
    return [num(t("survey")["Age"].mean())]


@item(3)
def _pulse(t: Tables) -> list[object]:
    return [num(t("survey")["Pulse"].median())]


@item(4)
def _tall(t: Tables) -> list[object]:
    return [count(t("survey")["Height"] > 180)]


@item(5)
def _twenty_one(t: Tables) -> list[object]:
    return [count(t("survey")["Age"] >= 21)]


@item(6)
def _pulse_18_to_20(t: Tables) -> list[object]:
    s = t("survey")
    return [num(s.loc[s["Age"].between(18, 20), "Pulse"].mean())]


@item(7)
def _wide_span(t: Tables) -> list[object]:
    return [count(t("survey")["Wr.Hnd"] >= 20)]


@item(8)
def _short(t: Tables) -> list[object]:
    return [count(t("survey")["Height"] < 160)]


@item(9)
def _left_handed(t: Tables) -> list[object]:
    return [count(t("survey")["W.Hnd"] == "Left")]


@item(10)
def _heavy_smoker_height(t: Tables) -> list[object]:
    s = t("survey")
    return [num(s.loc[s["Smoke"] == "Heavy", "Height"].mean())]


@item(11)
def _women_left_on_right(t: Tables) -> list[object]:
    s = t("survey")
    return [count((s["Sex"] == "Female") & (s["Fold"] == "L on R"))]


@item(12)
def _never_smoke_frequent_exercise(t: Tables) -> list[object]:
    s = t("survey")
    return [count((s["Smoke"] == "Never") & (s["Exer"] == "Freq"))]


@item(13)
def _other_hand(t: Tables) -> list[object]:
    return [num(t("survey")["NW.Hnd"].mean())]


@item(14)
def _imperial(t: Tables) -> list[object]:
    return [count(t("survey")["M.I"] == "Imperial")]


@item(15)
def _men(t: Tables) -> list[object]:
    return [count(t("survey")["Sex"] == "Male")]


@item(16)
def _height_by_sex(t: Tables) -> list[object]:
    return [mapping(t("survey").groupby("Sex")["Height"].mean())]


@item(17)
def _pulse_by_smoke(t: Tables) -> list[object]:
    return [mapping(t("survey").groupby("Smoke")["Pulse"].median())]


@item(18)
def _clap(t: Tables) -> list[object]:
    return [mapping(t("survey").groupby("Clap").size())]


@item(19)
def _fastest_pulse_group(t: Tables) -> list[object]:
    return [top(t("survey").groupby("Smoke")["Pulse"].mean())]


@item(20)
def _folds(t: Tables) -> list[object]:
    return [ranked(t("survey").groupby("Fold").size(), 2)]


@item(21)
def _height_male_female(t: Tables) -> list[object]:
    means = t("survey").groupby("Sex")["Height"].mean()
    return [num(means["Male"]), num(means["Female"])]


@item(22)
def _pulse_regular_minus_never(t: Tables) -> list[object]:
    means = t("survey").groupby("Smoke")["Pulse"].mean()
    return [num(means["Regul"] - means["Never"])]


@item(23)
def _span_men_women(t: Tables) -> list[object]:
    return [num(t("survey_men")["Wr.Hnd"].mean()), num(t("survey_women")["Wr.Hnd"].mean())]


@item(24)
def _age_men_women(t: Tables) -> list[object]:
    return [num(t("survey_men")["Age"].mean()), num(t("survey_women")["Age"].mean())]


@item(25)
def _heavy_smokers(t: Tables) -> list[object]:
    s = t("survey")
    heavy = s[s["Smoke"] == "Heavy"]
    return [num(len(heavy)), num(heavy["Age"].mean())]


@item(26)
def _tallest_shortest(t: Tables) -> list[object]:
    heights = t("survey")["Height"]
    return [num(heights.max()), num(heights.min())]


@item(27)
def _some_exercise_pulse(t: Tables) -> list[object]:
    s = t("survey")
    return [num(s.loc[s["Exer"] == "Some", "Pulse"].mean())]


@item(28)
def _left_handed_women(t: Tables) -> list[object]:
    s = t("survey")
    return [count((s["W.Hnd"] == "Left") & (s["Sex"] == "Female"))]


@item(29)
def _plot_height_by_smoke(t: Tables) -> list[object]:
    return [mapping(t("survey").groupby("Smoke")["Height"].mean())]


@item(30)
def _plot_exercise(t: Tables) -> list[object]:
    return [mapping(t("survey").groupby("Exer").size())]


@item(31)
def _body_weight(t: Tables) -> list[object]:
    return [absent(t("survey"), "weight", "kg", "mass")]


@item(32)
def _degree(t: Tables) -> list[object]:
    return [absent(t("survey"), "degree", "programme", "course", "major")]
