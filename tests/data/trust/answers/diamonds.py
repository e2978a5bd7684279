"""Answers for the diamonds items, in plain pandas."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, absent, cause, count, mapping, num, ranked, top

ANSWERS: dict[str, Answer] = {
    "diamonds-001": lambda t: [len(t("diamonds"))],
    "diamonds-002": lambda t: [num(t("diamonds")["price"].median())],
    "diamonds-003": lambda t: [count(t("diamonds")["price"] > 10000)],
    "diamonds-004": lambda t: [
        num(t("diamonds").loc[lambda f: f["carat"].between(1, 1.5), "price"].mean())
    ],
    "diamonds-005": lambda t: [
        num(t("diamonds").loc[lambda f: ~f["color"].isin(["I", "J"]), "carat"].mean())
    ],
    "diamonds-006": lambda t: [num(t("diamonds").query("cut == 'Very Good'")["price"].mean())],
    "diamonds-007": lambda t: [count(t("diamonds").eval("cut == 'Ideal' and color == 'D'"))],
    "diamonds-008": lambda t: [num(t("diamonds").query("clarity == 'VS1'")["price"].median())],
    "diamonds-009": lambda t: [
        num(t("diamonds").query("clarity in ['IF', 'VVS1']")["price"].mean())
    ],
    "diamonds-010": lambda t: [num(t("diamonds")["carat"].mean())],
    "diamonds-011": lambda t: [mapping(t("diamonds").groupby("cut")["price"].median())],
    "diamonds-012": lambda t: [mapping(t("diamonds").groupby("clarity")["carat"].mean())],
    "diamonds-013": lambda t: [top(t("diamonds").groupby("color")["price"].mean())],
    "diamonds-014": lambda t: [ranked(t("diamonds").groupby("cut")["carat"].mean(), 3)],
    "diamonds-015": lambda t: [
        num(t("diamonds").query("cut == 'Premium'")["price"].mean()),
        num(t("diamonds").query("cut == 'Ideal'")["price"].mean()),
    ],
    "diamonds-016": lambda t: [
        num(
            t("diamonds").query("cut == 'Fair'")["price"].median()
            / t("diamonds").query("cut == 'Ideal'")["price"].median()
        )
    ],
    "diamonds-017": lambda t: [ranked(t("diamonds").groupby("color")["price"].median(), 7)],
    "diamonds-018": lambda t: [mapping(t("diamonds").groupby("cut").size())],
    "diamonds-019": lambda t: [mapping(t("diamonds").groupby("clarity")["price"].mean())],
    "diamonds-020": lambda t: [absent(t("diamonds"), "sold", "sale", "year", "date")],
    "diamonds-021": lambda t: [
        count(t("diamonds")["price"] > 15000),
        num(t("diamonds").query("price > 15000")["carat"].mean()),
    ],
    "diamonds-022": lambda t: [cause()],
    "diamonds-023": lambda t: [count(t("diamonds")["depth"] <= 60)],
}
