"""Answers for the prestige items, in plain pandas."""

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


def _job(t: Tables, occupation: str) -> pd.DataFrame:
    frame = t("prestige")
    return frame[frame["occupation"] == occupation]


def _type(t: Tables, kind: str) -> pd.DataFrame:
    frame = t("prestige")
    return frame[frame["type"] == kind]


ANSWERS: dict[str, Answer] = {
    "prestige-001": lambda t: [len(t("prestige"))],
    "prestige-002": lambda t: [num(t("prestige")["income"].median())],
    "prestige-003": lambda t: [count(t("prestige")["income"] > 10_000)],
    "prestige-004": lambda t: [count(t("prestige")["prestige"].between(40, 60))],
    "prestige-005": lambda t: [num(t("prestige").loc[lambda f: f["women"] > 50, "income"].mean())],
    "prestige-006": lambda t: [
        num(t("prestige").loc[lambda f: f["education"] >= 12, "prestige"].mean())
    ],
    "prestige-007": lambda t: [one(_job(t, "primary.school.teachers"), "income")],
    "prestige-008": lambda t: [one(_job(t, "real.estate.salesmen"), "prestige")],
    "prestige-009": lambda t: [
        num(_type(t, "prof").loc[lambda f: f["income"] < 8000, "education"].mean())
    ],
    "prestige-010": lambda t: [len(_type(t, "bc"))],
    "prestige-011": lambda t: [num(_type(t, "prof")["women"].mean())],
    "prestige-012": lambda t: [mapping(t("prestige").groupby("type")["income"].mean())],
    "prestige-013": lambda t: [mapping(t("prestige").groupby("type")["prestige"].max())],
    "prestige-014": lambda t: [ranked(t("prestige").set_index("occupation")["income"], 3)],
    "prestige-015": lambda t: [
        ranked(t("prestige").set_index("occupation")["prestige"], 2, ascending=True)
    ],
    "prestige-016": lambda t: [top(t("prestige").groupby("type")["education"].mean())],
    "prestige-017": lambda t: [
        num(_type(t, "wc")["income"].mean()),
        num(_type(t, "bc")["income"].mean()),
    ],
    "prestige-018": lambda t: [
        num(one(_job(t, "physicians"), "prestige") - one(_job(t, "nurses"), "prestige"))
    ],
    "prestige-019": lambda t: [
        one(_job(t, "lawyers"), "income"),
        one(_job(t, "electricians"), "prestige"),
    ],
    "prestige-020": lambda t: [len(_type(t, "wc")), num(_type(t, "wc")["prestige"].mean())],
    "prestige-021": lambda t: [num(_type(t, "prof")["prestige"].mean())],
    "prestige-022": lambda t: [mapping(t("prestige").groupby("type")["income"].median())],
    "prestige-023": lambda t: [mapping(t("prestige").groupby("type")["prestige"].mean())],
    "prestige-024": lambda t: [absent(t("prestige"), "unemploy", "jobless")],
    "prestige-025": lambda t: [absent(t("prestige"), "hour", "week")],
    "prestige-026": lambda t: [
        num((_type(t, "prof")["income"] / _type(t, "prof")["education"]).mean())
    ],
}
