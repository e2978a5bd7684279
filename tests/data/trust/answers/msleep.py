"""Answers for the msleep items (sleep of 83 mammals; many missing values)."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, absent, count, mapping, num, one, ranked, top

ANSWERS: dict[str, Answer] = {
    "msleep-001": lambda t: [num(t("msleep")["sleep_total"].mean())],
    "msleep-002": lambda t: [one(t("msleep").query("name == 'Cow'"), "sleep_total")],
    "msleep-003": lambda t: [num(t("msleep").query("vore == 'herbi'")["sleep_total"].mean())],
    "msleep-004": lambda t: [num(t("msleep").query("order == 'Primates'")["sleep_total"].mean())],
    "msleep-005": lambda t: [num(t("msleep")["bodywt"].mean())],
    "msleep-006": lambda t: [num(t("msleep").query("vore == 'carni'")["awake"].mean())],
    "msleep-007": lambda t: [count(t("msleep")["sleep_total"] > 15)],
    "msleep-008": lambda t: [count(t("msleep")["bodywt"] < 1)],
    "msleep-009": lambda t: [mapping(t("msleep").groupby("vore")["sleep_total"].mean())],
    "msleep-010": lambda t: [top(t("msleep").groupby("order")["sleep_total"].mean())],
    "msleep-011": lambda t: [ranked(t("msleep").set_index("name")["brainwt"], 3)],
    "msleep-012": lambda t: [
        num(t("msleep").query("vore == 'carni'")["sleep_rem"].mean()),
        num(t("msleep").query("vore == 'herbi'")["sleep_rem"].mean()),
    ],
    "msleep-013": lambda t: [
        top(t("msleep").set_index("name")["sleep_total"], ascending=True),
        num(t("msleep")["sleep_total"].min()),
    ],
    "msleep-014": lambda t: [num(t("msleep").query("order == 'Carnivora'")["sleep_total"].mean())],
    "msleep-015": lambda t: [mapping(t("msleep").groupby("vore")["sleep_total"].mean())],
    "msleep-016": lambda t: [absent(t("msleep"), "life", "span", "longev")],
    "msleep-017": lambda t: [absent(t("msleep"), "life", "span", "longev")],
    "msleep-018": lambda t: [count(t("msleep")["conservation"] == "domesticated")],
    "msleep-019": lambda t: [top(t("msleep").groupby("order").size())],
    "msleep-020": lambda t: [len(t("msleep"))],
    "msleep-021": lambda t: [
        mapping(t("msleep").groupby("vore").size()),
        mapping(t("msleep").groupby("vore")["brainwt"].mean()),
    ],
    "msleep-022": lambda t: [count(t("msleep")["sleep_total"] > 12)],
    "msleep-023": lambda t: [count(t("msleep")["bodywt"] > 100)],
    "msleep-024": lambda t: [one(t("msleep").query("name == 'Domestic cat'"), "sleep_total")],
    "msleep-025": lambda t: [
        one(t("msleep").query("name == 'Cow'"), "sleep_total"),
        one(t("msleep").query("name == 'Horse'"), "sleep_total"),
    ],
    "msleep-026": lambda t: [num(t("msleep").query("vore == 'carni'")["sleep_rem"].mean())],
    "msleep-027": lambda t: [ranked(t("msleep").groupby("order")["bodywt"].max(), 3)],
    "msleep-028": lambda t: [mapping(t("msleep").groupby("vore")["awake"].mean())],
    "msleep-029": lambda t: [absent(t("msleep"), "lifespan", "longevity", "life")],
    "msleep-030": lambda t: [
        count(t("msleep").eval("conservation == 'domesticated' and sleep_total > 10"))
    ],
    "msleep-031": lambda t: [
        num(t("msleep")["sleep_total"].max()),
        num(t("msleep")["sleep_total"].min()),
    ],
    "msleep-032": lambda t: [num(t("msleep")["brainwt"].mean())],
    "msleep-033": lambda t: [len(t("msleep"))],
}
