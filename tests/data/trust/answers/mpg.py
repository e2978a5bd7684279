"""Answers for the mpg items (ggplot2's fuel economy of 38 models, 1999 and 2008)."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, absent, count, mapping, num, ranked, top

ANSWERS: dict[str, Answer] = {
    "mpg-001": lambda t: [num(t("mpg")["hwy"].mean())],
    "mpg-002": lambda t: [len(t("mpg"))],
    "mpg-003": lambda t: [int(t("mpg")["manufacturer"].nunique())],
    "mpg-004": lambda t: [num(t("mpg")["cty"].mean())],
    "mpg-005": lambda t: [num(t("mpg").query("manufacturer == 'land rover'")["hwy"].mean())],
    "mpg-006": lambda t: [count(t("mpg").eval("manufacturer == 'toyota' and `class` == 'suv'"))],
    "mpg-007": lambda t: [count(t("mpg")["displ"] > 5)],
    "mpg-008": lambda t: [count((t("mpg")["cyl"] == 4) & (t("mpg")["hwy"] >= 30))],
    "mpg-009": lambda t: [mapping(t("mpg").groupby("class")["hwy"].mean())],
    "mpg-010": lambda t: [mapping(t("mpg").groupby("manufacturer")["model"].nunique())],
    "mpg-011": lambda t: [ranked(t("mpg").groupby("manufacturer")["hwy"].mean(), 3)],
    "mpg-012": lambda t: [top(t("mpg").groupby("manufacturer").size())],
    "mpg-013": lambda t: [
        num(t("mpg").query("drv == 'f'")["cty"].mean()),
        num(t("mpg").query("drv == '4'")["cty"].mean()),
    ],
    "mpg-014": lambda t: [num(t("mpg_1999")["hwy"].mean()), num(t("mpg_2008")["hwy"].mean())],
    "mpg-015": lambda t: [sorted(set(t("mpg_1999").columns) & set(t("mpg_2008").columns))],
    "mpg-016": lambda t: [
        num(t("mpg").query("year == 2008")["displ"].mean()),
        count((t("mpg")["year"] == 2008) & t("mpg")["trans"].str.startswith("manual")),
    ],
    "mpg-017": lambda t: [num(t("mpg").query("`class` == 'midsize'")["hwy"].median())],
    "mpg-018": lambda t: [mapping(t("mpg").groupby("class")["hwy"].mean())],
    "mpg-019": lambda t: [mapping(t("mpg").groupby("drv").size())],
    "mpg-020": lambda t: [absent(t("mpg"), "price", "cost", "msrp")],
    "mpg-021": lambda t: [
        sorted(
            name
            for name, n in t("mpg_2008").groupby("manufacturer").size().items()
            if n > int((t("mpg_1999")["manufacturer"] == name).sum())
        )
    ],
    "mpg-022": lambda t: [num(t("mpg").query("cyl == 6")["cty"].mean())],
    "mpg-023": lambda t: [num(t("mpg")["cty"].median())],
    "mpg-024": lambda t: [num(t("mpg")["displ"].min())],
    "mpg-025": lambda t: [count(t("mpg_1999")["drv"] == "4"), count(t("mpg_2008")["drv"] == "4")],
    "mpg-026": lambda t: [num(t("mpg").query("trans == 'auto(l4)'")["hwy"].mean())],
    "mpg-027": lambda t: [count(t("mpg")["manufacturer"] == "land rover")],
    "mpg-028": lambda t: [count(t("mpg")["displ"].between(2, 3))],
    "mpg-029": lambda t: [num(t("mpg").query("cyl != 8")["hwy"].mean())],
    "mpg-030": lambda t: [ranked(t("mpg").groupby("class")["hwy"].mean(), 2, ascending=True)],
    "mpg-031": lambda t: [
        num(t("mpg").query("drv == 'f'")["cty"].mean() - t("mpg").query("drv == '4'")["cty"].mean())
    ],
    "mpg-032": lambda t: [num(t("mpg")["displ"].mean())],
    "mpg-033": lambda t: [mapping(t("mpg").groupby("year")["cty"].median())],
    "mpg-034": lambda t: [mapping(t("mpg").groupby("manufacturer").size())],
    "mpg-035": lambda t: [absent(t("mpg"), "horsepower", "hp", "power")],
    "mpg-036": lambda t: [
        num(t("mpg_2008")["cty"].mean()),
        num(t("mpg_1999")["cty"].mean()),
    ],
    "mpg-037": lambda t: [
        num(t("mpg").loc[lambda f: f["class"] == "compact", "cty"].mean()),
        num(t("mpg").loc[lambda f: f["class"] == "suv", "hwy"].mean()),
    ],
    "mpg-038": lambda t: [num(t("mpg")["cty"].mean())],
    "mpg-039": lambda t: [num(t("mpg")["hwy"].max())],
}
