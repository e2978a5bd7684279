"""Answers for the economics items, in plain pandas."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.trust.answers.common import Answer, absent, count, mapping, num, one, ranked, top


def _yearly(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with a ``year`` column taken from its monthly ``date``."""
    return frame.assign(year=frame["date"].dt.year)


ANSWERS: dict[str, Answer] = {
    "economics-001": lambda t: [num(t("economics")["psavert"].mean())],
    "economics-002": lambda t: [num(t("economics")["unemploy"].max())],
    "economics-003": lambda t: [
        num(t("economics").loc[lambda f: f["date"] < "2000-01-01", "psavert"].mean())
    ],
    "economics-004": lambda t: [
        num(t("economics").loc[lambda f: f["date"] >= "2010-01-01", "uempmed"].mean())
    ],
    "economics-005": lambda t: [
        num(_yearly(t("economics")).query("1990 <= year <= 1995")["unemploy"].mean())
    ],
    "economics-006": lambda t: [count(t("economics")["unemploy"] > 10000)],
    "economics-007": lambda t: [count(t("economics")["psavert"] < 5)],
    "economics-008": lambda t: [top(t("economics").set_index("date")["uempmed"])],
    "economics-009": lambda t: [
        one(t("economics").loc[lambda f: f["date"] == "2000-01-01"], "pce")
    ],
    "economics-010": lambda t: [
        mapping(
            _yearly(t("economics")).query("2008 <= year <= 2012").groupby("year")["unemploy"].mean()
        )
    ],
    "economics-011": lambda t: [
        ranked(_yearly(t("economics")).groupby("year")["unemploy"].mean(), 3)
    ],
    "economics-012": lambda t: [
        num(_yearly(t("economics")).query("year == 2005")["psavert"].mean()),
        num(_yearly(t("economics")).query("year == 1975")["psavert"].mean()),
    ],
    "economics-013": lambda t: [
        num(t("economics_1990s")["psavert"].mean()),
        num(t("economics_2000s")["psavert"].mean()),
    ],
    "economics-014": lambda t: [
        top({name: t(name)["uempmed"].mean() for name in ("economics_1990s", "economics_2000s")}),
        num(t("economics_1990s")["uempmed"].mean()),
        num(t("economics_2000s")["uempmed"].mean()),
    ],
    "economics-015": lambda t: [
        num(_yearly(t("economics")).query("year == 2010")["uempmed"].max())
    ],
    "economics-016": lambda t: [
        mapping(
            _yearly(t("economics")).query("2000 <= year <= 2009").groupby("year")["unemploy"].mean()
        )
    ],
    "economics-017": lambda t: [absent(t("economics"), "inflation", "cpi", "price")],
    "economics-018": lambda t: [absent(t("economics"), "rate", "labor", "labour", "force")],
    "economics-019": lambda t: [
        num(t("economics")["psavert"].max()),
        top(t("economics").set_index("date")["psavert"]),
    ],
    "economics-020": lambda t: [len(t("economics"))],
    "economics-021": lambda t: [
        num(t("economics_2000s")["unemploy"].mean() - t("economics_1990s")["unemploy"].mean())
    ],
}
