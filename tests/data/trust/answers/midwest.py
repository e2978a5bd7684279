"""Answers for the midwest items, in plain pandas."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, absent, count, mapping, num, one, ranked, top

ANSWERS: dict[str, Answer] = {
    "midwest-001": lambda t: [len(t("midwest"))],
    "midwest-002": lambda t: [num(t("midwest")["percollege"].mean())],
    "midwest-003": lambda t: [num(t("midwest").query("state == 'WI'")["poptotal"].sum())],
    "midwest-004": lambda t: [one(t("midwest").query("county == 'FOND DU LAC'"), "poptotal")],
    "midwest-005": lambda t: [
        one(t("midwest").query("county == 'ST CLAIR' and state == 'MI'"), "poptotal")
    ],
    "midwest-006": lambda t: [count(t("midwest")["poptotal"] > 1_000_000)],
    "midwest-007": lambda t: [count(t("midwest")["percollege"] > 30)],
    "midwest-008": lambda t: [count(t("midwest").eval("state == 'OH' and percollege > 25"))],
    "midwest-009": lambda t: [num(t("midwest")["percbelowpoverty"].mean())],
    "midwest-010": lambda t: [
        num(t("midwest").query("state == 'IL'")["percchildbelowpovert"].mean())
    ],
    "midwest-011": lambda t: [mapping(t("midwest").groupby("state")["poptotal"].sum())],
    "midwest-012": lambda t: [mapping(t("midwest").groupby("state")["percollege"].mean())],
    "midwest-013": lambda t: [
        ranked(t("midwest").query("state == 'MI'").set_index("county")["poptotal"], 3)
    ],
    "midwest-014": lambda t: [top(t("midwest").groupby("state")["popdensity"].mean())],
    "midwest-015": lambda t: [
        num(t("midwest").query("state == 'IL'")["percbelowpoverty"].mean()),
        num(t("midwest").query("state == 'IN'")["percbelowpoverty"].mean()),
    ],
    "midwest-016": lambda t: [
        num(t("midwest").query("inmetro == 1")["percbelowpoverty"].mean()),
        num(t("midwest").query("inmetro == 0")["percbelowpoverty"].mean()),
    ],
    "midwest-017": lambda t: [
        num(t("midwest_il")["percollege"].median()),
        num(t("midwest_wi")["percollege"].median()),
    ],
    "midwest-018": lambda t: [num(t("midwest").query("state == 'IN'")["percollege"].mean())],
    "midwest-019": lambda t: [mapping(t("midwest").groupby("state")["percbelowpoverty"].mean())],
    "midwest-020": lambda t: [absent(t("midwest"), "income", "household")],
    "midwest-021": lambda t: [
        count(t("midwest")["inmetro"] == 1),
        num(t("midwest").query("inmetro == 1")["poptotal"].sum()),
    ],
    "midwest-022": lambda t: [
        count(t("midwest_il")["percollege"] > t("midwest_wi")["percollege"].median())
    ],
    "midwest-023": lambda t: [num(t("midwest")["poptotal"].median())],
}
