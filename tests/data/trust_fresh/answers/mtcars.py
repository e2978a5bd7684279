"""Answers for the mtcars items, in plain pandas."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.trust.answers.common import (
    Answer,
    Tables,
    absent,
    count,
    labels,
    mapping,
    num,
    one,
    ranked,
    top,
)


def _car(t: Tables, model: str) -> pd.DataFrame:
    frame = t("mtcars")
    return frame[frame["model"] == model]


def _gears_by_mpg(t: Tables) -> list[str]:
    means = t("mtcars").groupby("gear")["mpg"].mean()
    if means.duplicated().any():
        raise ValueError("tied means")
    return labels(means.sort_values(ascending=False).index)


ANSWERS: dict[str, Answer] = {
    "mtcars-001": lambda t: [num(t("mtcars")["mpg"].mean())],
    "mtcars-002": lambda t: [num(t("mtcars")["hp"].max())],
    "mtcars-003": lambda t: [count(t("mtcars")["mpg"] > 25)],
    "mtcars-004": lambda t: [count(t("mtcars")["cyl"].between(4, 6))],
    "mtcars-005": lambda t: [num(t("mtcars").loc[lambda f: f["wt"] > 3.5, "hp"].mean())],
    "mtcars-006": lambda t: [count(t("mtcars")["qsec"] < 17)],
    "mtcars-007": lambda t: [one(_car(t, "Maserati Bora"), "hp")],
    "mtcars-008": lambda t: [one(_car(t, "Lincoln Continental"), "mpg")],
    "mtcars-009": lambda t: [num(t("mtcars").loc[lambda f: f["am"] == 1, "wt"].mean())],
    "mtcars-010": lambda t: [count(t("mtcars")["gear"] == 3)],
    "mtcars-011": lambda t: [num(t("mtcars")["disp"].max())],
    "mtcars-012": lambda t: [mapping(t("mtcars").groupby("cyl")["mpg"].mean())],
    "mtcars-013": lambda t: [mapping(t("mtcars").groupby("gear")["qsec"].median())],
    "mtcars-014": lambda t: [ranked(t("mtcars").set_index("model")["mpg"], 2)],
    "mtcars-015": lambda t: [top(t("mtcars").groupby("cyl")["hp"].mean())],
    "mtcars-016": lambda t: [
        num(t("mtcars").loc[lambda f: f["am"] == 0, "mpg"].mean()),
        num(t("mtcars").loc[lambda f: f["am"] == 1, "mpg"].mean()),
    ],
    "mtcars-017": lambda t: [one(_car(t, "Ferrari Dino"), "hp") - one(_car(t, "Fiat 128"), "hp")],
    "mtcars-018": lambda t: [
        num(t("mtcars").loc[lambda f: f["cyl"] == 8, "wt"].mean()),
        count(t("mtcars")["cyl"] == 8),
    ],
    "mtcars-019": lambda t: [num(t("mtcars").loc[lambda f: f["cyl"] == 6, "hp"].mean())],
    "mtcars-020": lambda t: [_gears_by_mpg(t)],
    "mtcars-021": lambda t: [mapping(t("mtcars").groupby("carb")["hp"].mean())],
    "mtcars-022": lambda t: [num((t("mtcars")["hp"] / t("mtcars")["wt"]).mean())],
    "mtcars-023": lambda t: [absent(t("mtcars"), "price", "cost", "msrp")],
    "mtcars-024": lambda t: [absent(t("mtcars"), "co2", "emission")],
    "mtcars-025": lambda t: [
        num(t("mtcars").loc[lambda f: f["gear"] == 4, "mpg"].mean()),
        num(t("mtcars").loc[lambda f: f["gear"] == 5, "mpg"].mean()),
    ],
}
