"""Answers for the airports items (US airports with postal state codes)."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, absent, count, key, mapping, num, ranked, top

ANSWERS: dict[str, Answer] = {
    "airports-001": lambda t: [len(t("airports"))],
    "airports-002": lambda t: [int(t("airports")["state"].nunique())],
    "airports-003": lambda t: [count(t("airports")["state"] == "TX")],
    "airports-004": lambda t: [count(t("airports")["city"] == "Colorado Springs")],
    "airports-005": lambda t: [
        count((t("airports")["city"] == "Houston") & (t("airports")["state"] == "TX"))
    ],
    "airports-006": lambda t: [str(t("airports").query("iata == 'LAX'")["city"].item())],
    "airports-007": lambda t: [count(t("airports")["latitude"] > 60)],
    "airports-008": lambda t: [
        count((t("airports")["state"] == "FL") & (t("airports")["latitude"] < 26))
    ],
    "airports-009": lambda t: [mapping(t("airports").groupby("country").size())],
    "airports-010": lambda t: [ranked(t("airports").groupby("state").size(), 4)],
    "airports-011": lambda t: [top(t("airports").groupby("city").size())],
    "airports-012": lambda t: [
        count(t("airports")["state"] == "CA"),
        count(t("airports")["state"] == "NY"),
    ],
    "airports-013": lambda t: [
        num(t("airports").query("state == 'AK'")["latitude"].mean()),
        num(t("airports").query("state == 'HI'")["latitude"].mean()),
    ],
    "airports-014": lambda t: [
        count(t("airports")["country"] != "USA"),
        sorted(set(t("airports").query("country != 'USA'")["country"])),
    ],
    "airports-015": lambda t: [count(t("airports")["state"] == "MI")],
    "airports-016": lambda t: [mapping(t("airports").groupby("country").size())],
    "airports-017": lambda t: [absent(t("airports"), "runway")],
    "airports-018": lambda t: [absent(t("airports"), "passenger", "traffic")],
    "airports-019": lambda t: [int(t("airports")["city"].nunique())],
    "airports-020": lambda t: [num(t("airports")["latitude"].mean())],
    "airports-021": lambda t: [
        count(t("airports")["state"] == "AK"),
        count((t("airports")["state"] == "AK") & (t("airports")["latitude"] > 66.56)),
    ],
    "airports-022": lambda t: [key(t("airports").set_index("iata").loc["ORD", "city"])],
    "airports-023": lambda t: [count(t("airports")["city"] == "Ft. Lauderdale")],
    "airports-024": lambda t: [count(t("airports")["latitude"] > 60)],
    "airports-025": lambda t: [
        count(t("airports")["state"] == "WA"),
        count(t("airports")["state"] == "OR"),
    ],
    "airports-026": lambda t: [count(t("airports")["country"] != "USA")],
    "airports-027": lambda t: [ranked(t("airports").groupby("state").size(), 4)],
    "airports-028": lambda t: [absent(t("airports"), "runway")],
    "airports-029": lambda t: [num(t("airports")["state"].nunique())],
    "airports-030": lambda t: [count(t("airports")["state"] == "OK")],
    "airports-031": lambda t: [
        mapping(t("airports").query("state in ['WA', 'OR', 'ID']").groupby("state").size())
    ],
    "airports-032": lambda t: [
        count(t("airports")["state"] == "AK"),
        num(t("airports").query("state == 'AK'")["latitude"].mean()),
    ],
    "airports-033": lambda t: [len(t("airports"))],
    "airports-034": lambda t: [num(t("airports")["latitude"].min())],
}
