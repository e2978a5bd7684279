"""Answers for the quakes items, in plain pandas."""

from __future__ import annotations

import numpy as np

from tests.data.trust.answers.common import Answer, absent, count, mapping, num, top

ANSWERS: dict[str, Answer] = {
    "quakes-001": lambda t: [len(t("quakes"))],
    "quakes-002": lambda t: [num(t("quakes")["mag"].max())],
    "quakes-003": lambda t: [num(t("quakes")["depth"].mean())],
    "quakes-004": lambda t: [count(t("quakes")["mag"] >= 5)],
    "quakes-005": lambda t: [count(t("quakes")["depth"] > 500)],
    "quakes-006": lambda t: [
        num(t("quakes").loc[lambda f: f["depth"].between(100, 300), "mag"].mean())
    ],
    "quakes-007": lambda t: [count(t("quakes")["stations"] > 100)],
    "quakes-008": lambda t: [num(t("quakes").query("depth < 70 and mag > 4.5")["stations"].mean())],
    "quakes-009": lambda t: [num(t("quakes")["stations"].median())],
    "quakes-010": lambda t: [num(t("quakes")["depth"].max())],
    "quakes-011": lambda t: [num(t("quakes")["lat"].min())],
    "quakes-012": lambda t: [
        mapping(t("quakes").loc[lambda f: f["mag"] >= 5.5].groupby("mag").size())
    ],
    "quakes-013": lambda t: [
        mapping(t("quakes").groupby(np.floor(t("quakes")["mag"]).astype(int))["depth"].mean())
    ],
    "quakes-014": lambda t: [top(t("quakes").groupby("mag").size())],
    "quakes-015": lambda t: [
        num(t("quakes").loc[lambda f: f["mag"] == 4.0, "stations"].mean()),
        num(t("quakes").loc[lambda f: f["mag"] == 5.0, "stations"].mean()),
    ],
    "quakes-016": lambda t: [
        num(t("quakes").loc[lambda f: f["depth"] > 300, "mag"].mean()),
        num(t("quakes").loc[lambda f: f["depth"] <= 300, "mag"].mean()),
    ],
    "quakes-017": lambda t: [
        count(t("quakes")["depth"] > 600),
        num(t("quakes").loc[lambda f: f["depth"] > 600, "mag"].mean()),
    ],
    "quakes-018": lambda t: [count(t("quakes")["mag"] >= 5.5)],
    "quakes-019": lambda t: [num(t("quakes").loc[lambda f: f["mag"] > 5, "depth"].median())],
    "quakes-020": lambda t: [
        mapping(t("quakes").loc[lambda f: f["stations"] >= 90].groupby("stations").size())
    ],
    "quakes-021": lambda t: [absent(t("quakes"), "date", "time", "year")],
    "quakes-022": lambda t: [absent(t("quakes"), "death", "casualt", "died")],
    "quakes-023": lambda t: [
        num(t("quakes").loc[lambda f: f["stations"] >= 50, "mag"].mean()),
        num(t("quakes").loc[lambda f: f["stations"] >= 50, "depth"].mean()),
    ],
    "quakes-024": lambda t: [count(t("quakes").eval("depth < 100 and mag >= 5"))],
}
