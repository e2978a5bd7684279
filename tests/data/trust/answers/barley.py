"""Answers for the barley items (yields by variety, site and year, 1931-32)."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, absent, count, mapping, num, ranked, top

ANSWERS: dict[str, Answer] = {
    "barley-001": lambda t: [num(t("barley")["yield"].mean())],
    "barley-002": lambda t: [mapping(t("barley").groupby("site")["yield"].mean())],
    "barley-003": lambda t: [
        num(t("barley").query("site == 'Grand Rapids' and year == 1932")["yield"].sum())
    ],
    "barley-004": lambda t: [
        num(t("barley").query("variety == 'Wisconsin No. 38'")["yield"].mean())
    ],
    "barley-005": lambda t: [top(t("barley").groupby("variety")["yield"].sum())],
    "barley-006": lambda t: [ranked(t("barley").groupby("site")["yield"].mean(), 3)],
    "barley-007": lambda t: [
        num(t("barley").query("site == 'Morris' and year == 1931")["yield"].mean()),
        num(t("barley").query("site == 'Morris' and year == 1932")["yield"].mean()),
    ],
    "barley-008": lambda t: [
        num(t("barley").query("variety == 'Trebi'")["yield"].mean()),
        num(t("barley").query("variety == 'Peatland'")["yield"].mean()),
        num(
            t("barley").query("variety == 'Trebi'")["yield"].mean()
            - t("barley").query("variety == 'Peatland'")["yield"].mean()
        ),
    ],
    "barley-009": lambda t: [count(t("barley")["yield"] > 50)],
    "barley-010": lambda t: [
        num(t("barley").query("year == 1931")["yield"].mean()),
        num(t("barley").query("year == 1932")["yield"].mean()),
    ],
    "barley-011": lambda t: [
        mapping(t("barley").query("site == 'Crookston'").groupby("variety")["yield"].mean())
    ],
    "barley-012": lambda t: [mapping(t("barley").groupby("year")["yield"].mean())],
    "barley-013": lambda t: [mapping(t("barley").groupby("site")["yield"].sum())],
    "barley-014": lambda t: [absent(t("barley"), "fertili")],
    "barley-015": lambda t: [int(t("barley")["variety"].nunique())],
    "barley-016": lambda t: [
        count(t("barley").query("year == 1931").groupby("site")["yield"].mean() >= 35)
    ],
    "barley-017": lambda t: [len(t("barley"))],
    "barley-018": lambda t: [num(t("barley")["yield"].max())],
    "barley-019": lambda t: [
        num(t("barley").query("variety == 'Wisconsin No. 38' and year == 1932")["yield"].mean())
    ],
    "barley-020": lambda t: [
        ranked(t("barley").groupby("site")["yield"].mean(), 2, ascending=True)
    ],
    "barley-021": lambda t: [
        num(t("barley").query("site == 'Morris' and year == 1931")["yield"].mean()),
        num(t("barley").query("site == 'Morris' and year == 1932")["yield"].mean()),
    ],
    "barley-022": lambda t: [
        ranked(t("barley").query("variety == 'No. 462'").groupby("site")["yield"].sum(), 6)
    ],
    "barley-023": lambda t: [count(t("barley")["yield"] > 40)],
    "barley-024": lambda t: [absent(t("barley"), "fertili")],
    "barley-025": lambda t: [
        mapping(t("barley").query("site == 'Grand Rapids'").groupby("year")["yield"].mean())
    ],
    "barley-026": lambda t: [
        num(t("barley").query("year == 1931")["yield"].mean()),
        num(t("barley").query("year == 1932")["yield"].mean()),
    ],
    "barley-027": lambda t: [num(t("barley")["yield"].min())],
    "barley-028": lambda t: [num(t("barley")["variety"].nunique())],
}
