"""Answers for the penguins items, in plain pandas."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, absent, cause, count, mapping, num, ranked, top

ANSWERS: dict[str, Answer] = {
    "penguins-001": lambda t: [num(t("penguins")["body_mass_g"].mean())],
    "penguins-002": lambda t: [len(t("penguins"))],
    "penguins-003": lambda t: [count(t("penguins")["flipper_length_mm"] > 200)],
    "penguins-004": lambda t: [count(t("penguins")["body_mass_g"] >= 4500)],
    "penguins-005": lambda t: [
        num(
            t("penguins")
            .query("species == 'Adelie' and island == 'Biscoe'")["bill_length_mm"]
            .mean()
        )
    ],
    "penguins-006": lambda t: [
        count(t("penguins").eval("species == 'Gentoo' and sex == 'female'"))
    ],
    "penguins-007": lambda t: [
        num(t("penguins").query("island == 'Torgersen'")["flipper_length_mm"].median())
    ],
    "penguins-008": lambda t: [
        num(t("penguins").query("species == 'Chinstrap'")["body_mass_g"].mean())
    ],
    "penguins-009": lambda t: [count(t("penguins")["sex"] == "male")],
    "penguins-010": lambda t: [mapping(t("penguins").groupby("species")["body_mass_g"].mean())],
    "penguins-011": lambda t: [mapping(t("penguins").groupby("island").size())],
    "penguins-012": lambda t: [top(t("penguins").groupby("island")["body_mass_g"].mean())],
    "penguins-013": lambda t: [ranked(t("penguins").groupby("species")["bill_depth_mm"].mean(), 3)],
    "penguins-014": lambda t: [
        num(t("penguins").query("species == 'Adelie'")["flipper_length_mm"].mean()),
        num(t("penguins").query("species == 'Chinstrap'")["flipper_length_mm"].mean()),
    ],
    "penguins-015": lambda t: [
        num(
            t("penguins").query("sex == 'male'")["body_mass_g"].mean()
            - t("penguins").query("sex == 'female'")["body_mass_g"].mean()
        )
    ],
    "penguins-016": lambda t: [sorted(set(t("penguins").columns) & set(t("salaries").columns))],
    "penguins-017": lambda t: [
        num(t("penguins").query("species == 'Gentoo'")["bill_length_mm"].mean()),
        count(t("penguins").eval("species == 'Gentoo' and island == 'Biscoe'")),
    ],
    "penguins-018": lambda t: [
        mapping(t("penguins").groupby("species").size()),
        mapping(t("penguins").groupby("island")["flipper_length_mm"].mean()),
    ],
    "penguins-019": lambda t: [
        num(t("penguins").query("species == 'Gentoo'")["body_mass_g"].mean())
    ],
    "penguins-020": lambda t: [
        mapping(t("penguins").groupby("species")["bill_length_mm"].median())
    ],
    "penguins-021": lambda t: [mapping(t("penguins").groupby("species")["body_mass_g"].mean())],
    "penguins-022": lambda t: [mapping(t("penguins").groupby("island").size())],
    "penguins-023": lambda t: [absent(t("penguins"), "age")],
    "penguins-024": lambda t: [cause()],
    "penguins-025": lambda t: [
        num(t("penguins").query("species == 'Gentoo'")["body_mass_g"].mean()),
        absent(t("penguins"), "life", "span"),
    ],
    "penguins-026": lambda t: [len(t("penguins").columns)],
    "penguins-027": lambda t: [num(t("penguins")["bill_length_mm"].median())],
    "penguins-028": lambda t: [count(t("penguins")["body_mass_g"] > 4500)],
    "penguins-029": lambda t: [count(t("penguins").eval("year < 2009 and island != 'Torgersen'"))],
    "penguins-030": lambda t: [
        num(
            t("penguins").query("species == 'Gentoo' and sex == 'male'")["flipper_length_mm"].mean()
        )
    ],
    "penguins-031": lambda t: [top(t("penguins").groupby("species")["bill_length_mm"].mean())],
    "penguins-032": lambda t: [
        num(t("penguins").query("island == 'Dream'")["body_mass_g"].mean()),
        num(t("penguins").query("island == 'Biscoe'")["body_mass_g"].mean()),
    ],
    "penguins-033": lambda t: [mapping(t("penguins").groupby("island")["bill_depth_mm"].mean())],
    "penguins-034": lambda t: [mapping(t("penguins").groupby("year").size())],
    "penguins-035": lambda t: [
        count(t("penguins")["species"] == "Chinstrap"),
        num(t("penguins").query("species == 'Chinstrap'")["bill_length_mm"].mean()),
    ],
    "penguins-036": lambda t: [absent(t("penguins"), "wing", "span")],
    "penguins-037": lambda t: [num(t("penguins")["body_mass_g"].max())],
    "penguins-038": lambda t: [count(t("penguins")["sex"].isna())],
    "penguins-039": lambda t: [mapping(t("penguins").groupby("species")["body_mass_g"].median())],
    "penguins-040": lambda t: [
        top({"penguins": len(t("penguins").columns), "msleep": len(t("msleep").columns)}),
        len(t("msleep").columns) - len(t("penguins").columns),
    ],
}
