"""Answers for the stocks items (monthly prices of five symbols, 2000-2010)."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, absent, count, key, mapping, num, ranked, top

ANSWERS: dict[str, Answer] = {
    "stocks-001": lambda t: [len(t("stocks"))],
    "stocks-002": lambda t: [
        num(
            t("stocks")
            .loc[lambda d: (d["symbol"] == "AAPL") & (d["date"].dt.year == 2008), "price"]
            .mean()
        )
    ],
    "stocks-003": lambda t: [num(t("stocks").query("symbol == 'MSFT'")["price"].max())],
    "stocks-004": lambda t: [mapping(t("stocks").groupby("symbol")["price"].mean())],
    "stocks-005": lambda t: [
        top(t("stocks").loc[lambda d: d["date"].dt.year == 2009].groupby("symbol")["price"].mean())
    ],
    "stocks-006": lambda t: [
        num(
            t("stocks")
            .loc[lambda d: (d["symbol"] == "IBM") & (d["date"].dt.year == 2005), "price"]
            .mean()
        ),
        num(
            t("stocks")
            .loc[lambda d: (d["symbol"] == "AAPL") & (d["date"].dt.year == 2005), "price"]
            .mean()
        ),
    ],
    "stocks-007": lambda t: [count(t("stocks").eval("symbol == 'GOOG' and price > 500"))],
    "stocks-008": lambda t: [
        mapping(t("stocks").query("symbol == 'AMZN'").set_index("date")["price"])
    ],
    "stocks-009": lambda t: [mapping(t("stocks").groupby("symbol")["price"].mean())],
    "stocks-010": lambda t: [
        top(t("stocks").query("symbol == 'IBM'").set_index("date")["price"], ascending=True)
    ],
    "stocks-011": lambda t: [key(t("stocks")["date"].min()), key(t("stocks")["date"].max())],
    "stocks-012": lambda t: [absent(t("stocks"), "volume")],
    "stocks-013": lambda t: [count(t("stocks")["symbol"] == "GOOG")],
    "stocks-014": lambda t: [
        ranked(
            t("stocks").loc[lambda d: d["date"] >= "2007-01-01"].groupby("symbol")["price"].mean(),
            2,
            ascending=True,
        )
    ],
    "stocks-015": lambda t: [num(t("stocks")["price"].max())],
    "stocks-016": lambda t: [
        num(t("stocks").query("symbol == 'AMZN'")["price"].max()),
        num(t("stocks").query("symbol == 'AMZN'")["price"].min()),
    ],
    "stocks-017": lambda t: [
        num(
            t("stocks")
            .loc[lambda d: (d["symbol"] == "AAPL") & (d["date"].dt.year == 2009), "price"]
            .max()
        )
    ],
    "stocks-018": lambda t: [
        num(
            t("stocks")
            .assign(year=lambda f: f["date"].dt.year)
            .query("symbol == 'AAPL' and year == 2008")["price"]
            .mean()
        )
    ],
    "stocks-019": lambda t: [count(t("stocks").eval("symbol == 'AAPL' and price > 100"))],
    "stocks-020": lambda t: [
        num(
            t("stocks")
            .loc[lambda f: (f["symbol"] == "IBM") & (f["date"] < "2005-01-01"), "price"]
            .mean()
        )
    ],
    "stocks-021": lambda t: [
        ranked(
            t("stocks").loc[lambda f: f["date"] == "2010-03-01"].set_index("symbol")["price"],
            5,
            ascending=True,
        )
    ],
    "stocks-022": lambda t: [
        num(t("stocks").query("symbol == 'GOOG'")["price"].mean()),
        num(t("stocks").query("symbol == 'AMZN'")["price"].mean()),
    ],
    "stocks-023": lambda t: [
        mapping(
            t("stocks")
            .assign(year=lambda f: f["date"].dt.year)
            .query("year == 2008")
            .groupby("symbol")["price"]
            .mean()
        )
    ],
    "stocks-024": lambda t: [num(t("stocks")["price"].max())],
    "stocks-025": lambda t: [sorted(set(t("stocks").columns) & set(t("economics").columns))],
    "stocks-026": lambda t: [
        num(t("stocks").query("symbol == 'MSFT'")["price"].max()),
        num(t("stocks").query("symbol == 'MSFT'")["price"].min()),
    ],
    "stocks-027": lambda t: [
        mapping(
            t("stocks").loc[lambda f: f["date"] >= "2007-01-01"].groupby("symbol")["price"].median()
        )
    ],
}
