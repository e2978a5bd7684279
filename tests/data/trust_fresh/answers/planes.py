"""Answers for the planes items, in plain pandas."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.trust.answers.common import Answer, Tables, absent, count, mapping, num, ranked, top


def _by(t: Tables, maker: str) -> pd.DataFrame:
    frame = t("planes")
    return frame[frame["manufacturer"] == maker]


def _newest_maker(t: Tables) -> str:
    groups = t("planes").groupby("manufacturer")["year"]
    return top(groups.mean()[groups.size() >= 100])


ANSWERS: dict[str, Answer] = {
    "planes-001": lambda t: [len(t("planes"))],
    "planes-002": lambda t: [num(t("planes")["seats"].mean())],
    "planes-003": lambda t: [count(t("planes")["seats"] > 200)],
    "planes-004": lambda t: [count(t("planes")["year"] >= 2005)],
    "planes-005": lambda t: [
        num(t("planes").loc[lambda f: f["year"].between(1990, 1999), "seats"].mean())
    ],
    "planes-006": lambda t: [count(t("planes")["engines"] < 2)],
    "planes-007": lambda t: [count(t("planes")["manufacturer"] == "AIRBUS INDUSTRIE")],
    "planes-008": lambda t: [
        num(t("planes").loc[lambda f: f["type"] == "Fixed wing single engine", "seats"].mean())
    ],
    "planes-009": lambda t: [count(_by(t, "BOMBARDIER INC")["engine"] == "Turbo-fan")],
    "planes-010": lambda t: [num(_by(t, "MCDONNELL DOUGLAS AIRCRAFT CO")["year"].min())],
    "planes-011": lambda t: [count(t("planes")["type"] == "Rotorcraft")],
    "planes-012": lambda t: [num(_by(t, "BOEING")["seats"].median())],
    "planes-013": lambda t: [mapping(t("planes").groupby("engine")["seats"].mean())],
    "planes-014": lambda t: [mapping(t("planes").groupby("type").size())],
    "planes-015": lambda t: [mapping(t("planes").groupby("engines")["seats"].max())],
    "planes-016": lambda t: [ranked(t("planes").groupby("manufacturer").size(), 3)],
    "planes-017": lambda t: [ranked(t("planes").groupby("model").size(), 3)],
    "planes-018": lambda t: [_newest_maker(t)],
    "planes-019": lambda t: [
        num(_by(t, "BOEING")["seats"].mean()),
        num(_by(t, "AIRBUS")["seats"].mean()),
    ],
    "planes-020": lambda t: [
        num(_by(t, "EMBRAER")["year"].mean() - _by(t, "BOEING")["year"].mean())
    ],
    "planes-021": lambda t: [len(_by(t, "EMBRAER")), num(_by(t, "EMBRAER")["seats"].mean())],
    "planes-022": lambda t: [count(t("planes")["year"] == 2002)],
    "planes-023": lambda t: [top(t("planes").groupby("manufacturer")["seats"].mean())],
    "planes-024": lambda t: [
        mapping(t("planes").loc[lambda f: f["year"] >= 2000].groupby("year").size())
    ],
    "planes-025": lambda t: [absent(t("planes"), "airline", "carrier", "owner")],
    "planes-026": lambda t: [absent(t("planes"), "price", "cost", "value")],
    "planes-027": lambda t: [
        count(t("planes")["engines"] == 4),
        num(t("planes").loc[lambda f: f["engines"] == 4, "seats"].max()),
    ],
    "planes-028": lambda t: [
        num(t("planes").loc[lambda f: f["engine"] == "Turbo-jet", "year"].mean())
    ],
}
