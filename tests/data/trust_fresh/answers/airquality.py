"""Answers for the airquality items, in plain pandas."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.trust.answers.common import (
    Answer,
    Tables,
    absent,
    count,
    mapping,
    num,
    one,
    ranked,
    top,
)


def _month(t: Tables, month: int) -> pd.DataFrame:
    frame = t("airquality")
    return frame[frame["Month"] == month]


def _ozone_per_degree(t: Tables, month: int) -> float | int:
    frame = _month(t, month).dropna(subset=["Ozone"])
    return num((frame["Ozone"] / frame["Temp"]).mean())


ANSWERS: dict[str, Answer] = {
    "airquality-001": lambda t: [num(t("airquality")["Ozone"].mean())],
    "airquality-002": lambda t: [count(t("airquality")["Ozone"].isna())],
    "airquality-003": lambda t: [count(t("airquality")["Ozone"] > 100)],
    "airquality-004": lambda t: [
        num(t("airquality").loc[lambda f: f["Wind"] >= 15, "Temp"].mean())
    ],
    "airquality-005": lambda t: [count(t("airquality")["Temp"].between(80, 90))],
    "airquality-006": lambda t: [
        num(t("airquality").loc[lambda f: f["Month"] >= 7, "Solar.R"].mean())
    ],
    "airquality-007": lambda t: [count(t("airquality").eval("Temp > 90 and Month == 8"))],
    "airquality-008": lambda t: [num(_month(t, 6)["Ozone"].mean())],
    "airquality-009": lambda t: [one(_month(t, 7).loc[lambda f: f["Day"] == 4], "Temp")],
    "airquality-010": lambda t: [num(_month(t, 5)["Solar.R"].mean())],
    "airquality-011": lambda t: [num(t("airquality")["Wind"].max())],
    "airquality-012": lambda t: [num(_month(t, 9)["Temp"].mean())],
    "airquality-013": lambda t: [mapping(t("airquality").groupby("Month")["Temp"].mean())],
    "airquality-014": lambda t: [mapping(t("airquality").groupby("Month")["Ozone"].count())],
    "airquality-015": lambda t: [mapping(t("airquality").groupby("Month")["Wind"].max())],
    "airquality-016": lambda t: [ranked(t("airquality").groupby("Month")["Ozone"].mean(), 2)],
    "airquality-017": lambda t: [
        top(t("airquality").groupby("Month")["Wind"].mean(), ascending=True)
    ],
    "airquality-018": lambda t: [
        num(_month(t, 5)["Ozone"].mean()),
        num(_month(t, 8)["Ozone"].mean()),
    ],
    "airquality-019": lambda t: [num(_month(t, 7)["Temp"].mean() - _month(t, 5)["Temp"].mean())],
    "airquality-020": lambda t: [
        num(t("airquality")["Temp"].max()),
        count(t("airquality")["Temp"] == t("airquality")["Temp"].max()),
    ],
    "airquality-021": lambda t: [
        num(_month(t, 6)["Wind"].mean()),
        num(_month(t, 7)["Wind"].mean()),
    ],
    "airquality-022": lambda t: [num(_month(t, 9)["Ozone"].mean())],
    "airquality-023": lambda t: [mapping(t("airquality").groupby("Month")["Wind"].mean())],
    "airquality-024": lambda t: [mapping(t("airquality").groupby("Month")["Solar.R"].mean())],
    "airquality-025": lambda t: [_ozone_per_degree(t, 7), _ozone_per_degree(t, 5)],
    "airquality-026": lambda t: [absent(t("airquality"), "pm2", "particul")],
    "airquality-027": lambda t: [absent(t("airquality"), "city", "station", "location")],
}
