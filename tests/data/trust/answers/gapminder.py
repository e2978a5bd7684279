"""Answers for the gapminder items (142 countries every five years, 1952-2007)."""

from __future__ import annotations

from tests.data.trust.answers.common import (
    Answer,
    Tables,
    absent,
    cause,
    count,
    mapping,
    num,
    one,
    ranked,
    top,
)


def _at(t: Tables, country: str, year: int, column: str) -> int | float:
    frame = t("gapminder")
    return one(frame[(frame["country"] == country) & (frame["year"] == year)], column)


ANSWERS: dict[str, Answer] = {
    "gapminder-001": lambda t: [num(t("gapminder")["lifeExp"].mean())],
    "gapminder-002": lambda t: [_at(t, "New Zealand", 2007, "lifeExp")],
    "gapminder-003": lambda t: [_at(t, "United States", 1952, "pop")],
    "gapminder-004": lambda t: [
        num(t("gapminder").query("continent == 'Oceania' and year == 2007")["gdpPercap"].mean())
    ],
    "gapminder-005": lambda t: [
        num(t("gapminder").query("continent == 'Africa' and year == 2007")["lifeExp"].mean())
    ],
    "gapminder-006": lambda t: [count(t("gapminder").eval("year == 2007 and lifeExp > 75"))],
    "gapminder-007": lambda t: [count(t("gapminder").eval("year == 2007 and pop > 100_000_000"))],
    "gapminder-008": lambda t: [
        sorted(t("gapminder").query("year == 2007 and gdpPercap < 500")["country"])
    ],
    "gapminder-009": lambda t: [
        mapping(t("gapminder").query("year == 2007").groupby("continent")["lifeExp"].mean())
    ],
    "gapminder-010": lambda t: [
        mapping(t("gapminder").query("year == 2007").groupby("continent")["pop"].sum())
    ],
    "gapminder-011": lambda t: [
        ranked(t("gapminder").query("year == 2007").set_index("country")["pop"], 5)
    ],
    "gapminder-012": lambda t: [
        top(t("gapminder").query("year == 1952").groupby("continent")["gdpPercap"].mean())
    ],
    "gapminder-013": lambda t: [ranked(t("gapminder").groupby("country")["lifeExp"].mean(), 3)],
    "gapminder-014": lambda t: [
        _at(t, "Japan", 2007, "lifeExp"),
        _at(t, "Brazil", 2007, "lifeExp"),
    ],
    "gapminder-015": lambda t: [
        num(t("gapminder_1952")["pop"].sum()),
        num(t("gapminder_2007")["pop"].sum()),
    ],
    "gapminder-016": lambda t: [
        num(t("gapminder_1952")["lifeExp"].mean()),
        num(t("gapminder_2007")["lifeExp"].mean()),
    ],
    "gapminder-017": lambda t: [_at(t, "China", 2007, "pop"), _at(t, "India", 2007, "pop")],
    "gapminder-018": lambda t: [_at(t, "Mexico", 2007, "lifeExp")],
    "gapminder-019": lambda t: [
        mapping(t("gapminder").query("year == 2007").groupby("continent")["lifeExp"].mean())
    ],
    "gapminder-020": lambda t: [
        mapping(t("gapminder").query("country == 'Japan'").set_index("year")["lifeExp"])
    ],
    "gapminder-021": lambda t: [
        mapping(t("gapminder").query("year == 2007").groupby("continent")["gdpPercap"].mean())
    ],
    "gapminder-022": lambda t: [absent(t("gapminder"), "literacy", "literate")],
    "gapminder-023": lambda t: [
        len(set(t("gapminder_1952")["country"]) & set(t("gapminder_2007")["country"]))
    ],
    "gapminder-024": lambda t: [_at(t, "Bosnia and Herzegovina", 1992, "pop")],
    "gapminder-025": lambda t: [len(t("gapminder"))],
    "gapminder-026": lambda t: [num(t("gapminder")["pop"].max())],
    "gapminder-027": lambda t: [
        num(t("gapminder").query("continent == 'Asia' and year == 2007")["pop"].sum()),
        num(t("gapminder").query("continent == 'Asia' and year == 2007")["lifeExp"].mean()),
    ],
    "gapminder-028": lambda t: [
        top(
            t("gapminder_2007").groupby("continent")["lifeExp"].mean()
            - t("gapminder_1952").groupby("continent")["lifeExp"].mean()
        )
    ],
    "gapminder-029": lambda t: [
        ranked(t("gapminder").query("year == 1952").set_index("country")["gdpPercap"], 5)
    ],
    "gapminder-030": lambda t: [
        one(t("gapminder").query("country == 'Korea, Rep.' and year == 2007"), "lifeExp")
    ],
    "gapminder-031": lambda t: [
        one(t("gapminder").query('country == "Cote d\'Ivoire" and year == 2002'), "gdpPercap")
    ],
    "gapminder-032": lambda t: [count(t("gapminder").eval("year == 2007 and lifeExp > 75"))],
    "gapminder-033": lambda t: [
        num(t("gapminder").query("year == 2007 and continent != 'Africa'")["gdpPercap"].mean())
    ],
    "gapminder-034": lambda t: [
        ranked(t("gapminder").query("year == 2007").set_index("country")["pop"], 5)
    ],
    "gapminder-035": lambda t: [
        mapping(t("gapminder").query("year == 2007").groupby("continent")["lifeExp"].median())
    ],
    "gapminder-036": lambda t: [
        num(t("gapminder_2007")["lifeExp"].mean() - t("gapminder_1952")["lifeExp"].mean())
    ],
    "gapminder-037": lambda t: [
        mapping(t("gapminder").query("year == 1952").groupby("continent")["pop"].sum())
    ],
    "gapminder-038": lambda t: [
        mapping(t("gapminder").query("year == 1952").groupby("continent")["lifeExp"].mean())
    ],
    "gapminder-039": lambda t: [absent(t("gapminder"), "literacy")],
    "gapminder-040": lambda t: [cause()],
    "gapminder-041": lambda t: [
        top(t("gapminder").query("year == 2007").groupby("continent")["gdpPercap"].mean()),
        top(
            t("gapminder").query("year == 2007").groupby("continent")["gdpPercap"].mean(),
            ascending=True,
        ),
    ],
    "gapminder-042": lambda t: [num(t("gapminder")["country"].nunique())],
    "gapminder-043": lambda t: [num(t("gapminder")["gdpPercap"].max())],
}
