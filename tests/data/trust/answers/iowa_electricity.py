"""Answers for the Iowa electricity items (net generation by source and year)."""

from __future__ import annotations

from tests.data.trust.answers.common import (
    Answer,
    Tables,
    absent,
    count,
    key,
    labels,
    mapping,
    num,
    one,
    top,
)


def _share(t: Tables, source: str) -> float:
    frame = t("iowa_electricity").query("year == 2017")
    return num(
        100
        * frame.loc[frame["source"] == source, "net_generation"].sum()
        / frame["net_generation"].sum()
    )


ANSWERS: dict[str, Answer] = {
    "iowa_electricity-001": lambda t: [num(t("iowa_electricity")["net_generation"].sum())],
    "iowa_electricity-002": lambda t: [
        one(
            t("iowa_electricity").query("source == 'Renewables' and year == 2017"), "net_generation"
        )
    ],
    "iowa_electricity-003": lambda t: [
        num(t("iowa_electricity").query("source == 'Nuclear Energy'")["net_generation"].sum())
    ],
    "iowa_electricity-004": lambda t: [
        mapping(t("iowa_electricity").groupby("source")["net_generation"].sum())
    ],
    "iowa_electricity-005": lambda t: [
        top(t("iowa_electricity").groupby("year")["net_generation"].sum())
    ],
    "iowa_electricity-006": lambda t: [
        one(
            t("iowa_electricity").query("source == 'Fossil Fuels' and year == 2001"),
            "net_generation",
        ),
        one(
            t("iowa_electricity").query("source == 'Renewables' and year == 2001"), "net_generation"
        ),
    ],
    "iowa_electricity-007": lambda t: [
        count(t("iowa_electricity").eval("source == 'Renewables' and net_generation > 10000"))
    ],
    "iowa_electricity-008": lambda t: [
        mapping(
            t("iowa_electricity")
            .query("source == 'Renewables'")
            .set_index("year")["net_generation"]
        )
    ],
    "iowa_electricity-009": lambda t: [
        mapping(t("iowa_electricity").groupby("source")["net_generation"].mean())
    ],
    "iowa_electricity-010": lambda t: [
        num(t("iowa_electricity").query("year == 2015")["net_generation"].sum())
    ],
    "iowa_electricity-011": lambda t: [_share(t, "Renewables"), _share(t, "Fossil Fuels")],
    "iowa_electricity-012": lambda t: [absent(t("iowa_electricity"), "import")],
    "iowa_electricity-013": lambda t: [absent(t("iowa_electricity"), "coal")],
    "iowa_electricity-014": lambda t: [
        mapping(t("iowa_electricity").groupby("source")["net_generation"].sum())
    ],
    "iowa_electricity-015": lambda t: [len(t("iowa_electricity"))],
    "iowa_electricity-016": lambda t: [
        num(
            t("iowa_electricity")
            .query("source == 'Nuclear Energy' and year >= 2010")["net_generation"]
            .sum()
        )
    ],
    "iowa_electricity-017": lambda t: [
        num(
            one(
                t("iowa_electricity").query("source == 'Renewables' and year == 2017"),
                "net_generation",
            )
            / one(
                t("iowa_electricity").query("source == 'Fossil Fuels' and year == 2017"),
                "net_generation",
            )
        )
    ],
    "iowa_electricity-018": lambda t: [
        key(
            t("iowa_electricity")
            .query("source == 'Renewables' and net_generation > 10000")["year"]
            .min()
        )
    ],
    "iowa_electricity-019": lambda t: [
        mapping(
            t("iowa_electricity")
            .query("source == 'Renewables'")
            .set_index("year")["net_generation"]
        )
    ],
    "iowa_electricity-020": lambda t: [
        one(
            t("iowa_electricity").query("source == 'Fossil Fuels' and year == 2016"),
            "net_generation",
        )
    ],
    "iowa_electricity-021": lambda t: [num(t("iowa_electricity")["net_generation"].sum())],
    "iowa_electricity-022": lambda t: [labels(t("iowa_electricity")["source"].unique())],
}
