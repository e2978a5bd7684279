"""Answers for the starwars items, in plain pandas."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.trust.answers.common import Answer, Tables, absent, count, mapping, num, ranked, top


def _where(t: Tables, column: str, value: str) -> pd.DataFrame:
    frame = t("starwars")
    return frame[frame[column] == value]


def _eyes_of_five(t: Tables) -> pd.Series:
    sizes = t("starwars").groupby("eye_color").size()
    return sizes[sizes >= 5]


def _species_of_two(t: Tables) -> pd.Series:
    sizes = t("starwars").groupby("species").size()
    return sizes[sizes >= 2]


def _tallest_species(t: Tables) -> str:
    frame = t("starwars")
    groups = frame.groupby("species")["height"]
    means = groups.mean()[groups.size() >= 2]
    return top(means)


ANSWERS: dict[str, Answer] = {
    "starwars-001": lambda t: [len(t("starwars"))],
    "starwars-002": lambda t: [num(t("starwars")["height"].mean())],
    "starwars-003": lambda t: [num(t("starwars")["mass"].max())],
    "starwars-004": lambda t: [count(t("starwars")["height"] >= 200)],
    "starwars-005": lambda t: [count(t("starwars")["mass"].between(70, 90))],
    "starwars-006": lambda t: [
        num(t("starwars").loc[lambda f: f["birth_year"] > 100, "height"].mean())
    ],
    "starwars-007": lambda t: [count(t("starwars")["height"] < 150)],
    "starwars-008": lambda t: [count(t("starwars")["homeworld"] == "Tatooine")],
    "starwars-009": lambda t: [
        num(t("starwars").query("species == 'Human' and homeworld == 'Naboo'")["height"].mean())
    ],
    "starwars-010": lambda t: [count(t("starwars")["skin_color"] == "white, blue")],
    "starwars-011": lambda t: [
        num(t("starwars").query("sex == 'male' and hair_color == 'brown'")["mass"].mean())
    ],
    "starwars-012": lambda t: [count(t("starwars")["species"] == "Droid")],
    "starwars-013": lambda t: [num(_where(t, "sex", "female")["height"].mean())],
    "starwars-014": lambda t: [num(t("starwars")["homeworld"].nunique())],
    "starwars-015": lambda t: [mapping(t("starwars").groupby("gender")["height"].mean())],
    "starwars-016": lambda t: [mapping(_eyes_of_five(t))],
    "starwars-017": lambda t: [ranked(t("starwars").groupby("homeworld").size(), 2)],
    "starwars-018": lambda t: [_tallest_species(t)],
    "starwars-019": lambda t: [
        num(_where(t, "species", "Human")["height"].mean()),
        num(_where(t, "species", "Droid")["height"].mean()),
    ],
    "starwars-020": lambda t: [
        num(_where(t, "eye_color", "blue")["mass"].mean()),
        num(_where(t, "eye_color", "brown")["mass"].mean()),
    ],
    "starwars-021": lambda t: [
        count(t("starwars")["species"] == "Human"),
        num(_where(t, "species", "Human")["birth_year"].median()),
    ],
    "starwars-022": lambda t: [count(t("starwars")["homeworld"] == "Alderaan")],
    "starwars-023": lambda t: [num(_where(t, "species", "Droid")["mass"].mean())],
    "starwars-024": lambda t: [mapping(t("starwars").groupby("sex").size())],
    "starwars-025": lambda t: [absent(t("starwars"), "screen", "minutes", "time")],
    "starwars-026": lambda t: [absent(t("starwars"), "lightsaber", "saber")],
    "starwars-027": lambda t: [
        num(t("starwars")["height"].max()),
        num(t("starwars")["mass"].min()),
    ],
    "starwars-028": lambda t: [mapping(_species_of_two(t))],
}
