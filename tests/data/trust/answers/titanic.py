"""Answers for the Titanic items (carData's TitanicSurvival: yes/no survival, 263 missing ages)."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, absent, count, mapping, num, one, percent, top

ANSWERS: dict[str, Answer] = {
    "titanic-001": lambda t: [len(t("titanic"))],
    "titanic-002": lambda t: [num(t("titanic")["age"].mean())],
    "titanic-003": lambda t: [percent(t("titanic")["survived"] == "yes")],
    "titanic-004": lambda t: [count(t("titanic").eval("sex == 'female' and survived == 'yes'"))],
    "titanic-005": lambda t: [count(t("titanic")["passengerClass"] == "1st")],
    "titanic-006": lambda t: [
        percent(t("titanic").query("passengerClass == '3rd'")["survived"] == "yes")
    ],
    "titanic-007": lambda t: [count(t("titanic")["age"] < 18)],
    "titanic-008": lambda t: [count(t("titanic").eval("age >= 60 and survived == 'yes'"))],
    "titanic-009": lambda t: [
        mapping(
            100 * t("titanic")["survived"].eq("yes").groupby(t("titanic")["passengerClass"]).mean()
        )
    ],
    "titanic-010": lambda t: [mapping(t("titanic").groupby("passengerClass")["age"].mean())],
    "titanic-011": lambda t: [
        percent(t("titanic").query("sex == 'male'")["survived"] == "yes"),
        percent(t("titanic").query("sex == 'female'")["survived"] == "yes"),
    ],
    "titanic-012": lambda t: [
        top(t("titanic")["survived"].eq("yes").groupby(t("titanic")["passengerClass"]).mean())
    ],
    "titanic-013": lambda t: [
        count(t("titanic")["survived"] == "yes"),
        count(t("titanic")["survived"] == "no"),
    ],
    "titanic-014": lambda t: [
        count(t("titanic").eval("sex == 'male' and passengerClass == '2nd' and survived == 'yes'"))
    ],
    "titanic-015": lambda t: [
        mapping(100 * t("titanic")["survived"].eq("yes").groupby(t("titanic")["sex"]).mean())
    ],
    "titanic-016": lambda t: [mapping(t("titanic").groupby("passengerClass")["age"].mean())],
    "titanic-017": lambda t: [absent(t("titanic"), "fare", "price", "ticket", values=False)],
    "titanic-018": lambda t: [absent(t("titanic"), "embark", "port", values=False)],
    "titanic-019": lambda t: [sorted(set(t("titanic").columns) & set(t("penguins").columns))],
    "titanic-020": lambda t: [num(t("titanic").query("survived == 'no'")["age"].mean())],
    "titanic-021": lambda t: [num(t("titanic")["age"].max())],
    "titanic-022": lambda t: [
        num(t("titanic").query("passengerClass == '1st'")["age"].mean()),
        percent(t("titanic").query("passengerClass == '3rd'")["survived"] == "yes"),
    ],
    "titanic-023": lambda t: [count(t("titanic").eval("age < 18 and survived == 'yes'"))],
    "titanic-024": lambda t: [num(t("titanic").query("passengerClass != '3rd'")["age"].median())],
    "titanic-025": lambda t: [
        mapping(
            t("titanic")
            .assign(survived_pct=lambda f: 100 * (f["survived"] == "yes"))
            .groupby("passengerClass")["survived_pct"]
            .mean()
        )
    ],
    "titanic-026": lambda t: [
        one(t("titanic").loc[lambda f: f["name"].str.startswith("Astor, Col. John Jacob")], "age")
    ],
    "titanic-027": lambda t: [
        num(t("titanic").query("sex == 'female'")["age"].mean()),
        num(t("titanic").query("sex == 'male'")["age"].mean()),
    ],
    "titanic-028": lambda t: [
        count(t("titanic").eval("passengerClass == '1st' and sex == 'female' and survived == 'no'"))
    ],
    "titanic-029": lambda t: [mapping(t("titanic").groupby("passengerClass").size())],
    "titanic-030": lambda t: [absent(t("titanic"), "fare", values=False)],
    "titanic-031": lambda t: [
        count(t("titanic")["age"] >= 60),
        count(t("titanic")["age"].isna()),
    ],
    "titanic-032": lambda t: [sorted(set(t("titanic").columns) & set(t("mlb").columns))],
    "titanic-033": lambda t: [num(t("titanic")["age"].max())],
    "titanic-034": lambda t: [count(t("titanic")["survived"] == "yes")],
}
