"""Answers for the professors' salaries items (carData's Salaries, 2008-09)."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, absent, cause, count, mapping, num, top

ANSWERS: dict[str, Answer] = {
    "salaries-001": lambda t: [num(t("salaries")["salary"].mean())],
    "salaries-002": lambda t: [len(t("salaries"))],
    "salaries-003": lambda t: [num(t("salaries").query("sex == 'Female'")["salary"].mean())],
    "salaries-004": lambda t: [count(t("salaries")["sex"] == "Male")],
    "salaries-005": lambda t: [count(t("salaries")["salary"] > 150_000)],
    "salaries-006": lambda t: [
        num(t("salaries").loc[lambda d: d["yrs.service"] >= 20, "salary"].mean())
    ],
    "salaries-007": lambda t: [count(t("salaries")["salary"] < 80_000)],
    "salaries-008": lambda t: [num(t("salaries").query("rank == 'AsstProf'")["salary"].mean())],
    "salaries-009": lambda t: [num(t("salaries").query("discipline == 'B'")["salary"].mean())],
    "salaries-010": lambda t: [mapping(t("salaries").groupby("rank")["salary"].mean())],
    "salaries-011": lambda t: [mapping(t("salaries").groupby("sex")["salary"].median())],
    "salaries-012": lambda t: [top(t("salaries").groupby("rank")["salary"].mean())],
    "salaries-013": lambda t: [
        num(t("salaries").query("sex == 'Male'")["salary"].mean()),
        num(t("salaries").query("sex == 'Female'")["salary"].mean()),
    ],
    "salaries-014": lambda t: [
        num(t("salaries").query("rank == 'Prof' and sex == 'Male'")["salary"].mean()),
        num(t("salaries").query("rank == 'Prof' and sex == 'Female'")["salary"].mean()),
    ],
    "salaries-015": lambda t: [
        count(t("salaries")["sex"] == "Female"),
        num(t("salaries").query("sex == 'Female'")["yrs.service"].mean()),
    ],
    "salaries-016": lambda t: [mapping(t("salaries").groupby("rank")["salary"].median())],
    "salaries-017": lambda t: [
        num(t("salaries").query("sex == 'Female' and discipline == 'A'")["salary"].mean())
    ],
    "salaries-018": lambda t: [mapping(t("salaries").groupby("rank")["salary"].mean())],
    "salaries-019": lambda t: [mapping(t("salaries").groupby("rank").size())],
    "salaries-020": lambda t: [absent(t("salaries"), "department", "physics")],
    "salaries-021": lambda t: [cause()],
    "salaries-022": lambda t: [sorted(set(t("salaries").columns) - set(t("titanic").columns))],
    "salaries-023": lambda t: [count(t("salaries").eval("rank == 'AsstProf' and salary < 75000"))],
    "salaries-024": lambda t: [num(t("salaries")["salary"].max())],
    "salaries-025": lambda t: [num(t("salaries")["yrs.since.phd"].min())],
    "salaries-026": lambda t: [count(t("salaries").eval("sex == 'Female' and salary > 150000"))],
    "salaries-027": lambda t: [count(t("salaries")["salary"] > 150000)],
    "salaries-028": lambda t: [count(t("salaries")["yrs.service"] <= 5)],
    "salaries-029": lambda t: [
        count(t("salaries").pipe(lambda f: (f["sex"] == "Female") & (f["rank"] == "AsstProf")))
    ],
    "salaries-030": lambda t: [
        num(
            t("salaries").loc[lambda f: f["rank"] == "Prof", "salary"].mean()
            / t("salaries").loc[lambda f: f["rank"] == "AsstProf", "salary"].mean()
        )
    ],
    "salaries-031": lambda t: [mapping(t("salaries").groupby("sex")["salary"].median())],
    "salaries-032": lambda t: [
        num(t("salaries").query("sex == 'Female' and discipline == 'B'")["salary"].mean())
    ],
    "salaries-033": lambda t: [num(t("salaries")["yrs.service"].mean())],
    "salaries-034": lambda t: [
        count(t("salaries")["yrs.since.phd"] >= 30),
        num(t("salaries").loc[lambda f: f["yrs.since.phd"] >= 30, "salary"].mean()),
    ],
    "salaries-035": lambda t: [absent(t("salaries"), "publication", "paper")],
    "salaries-036": lambda t: [
        top({"salaries": len(t("salaries")), "titanic": len(t("titanic"))}),
        len(t("titanic")) - len(t("salaries")),
    ],
    "salaries-037": lambda t: [num(t("salaries")["salary"].mean())],
    "salaries-038": lambda t: [num(t("salaries")["salary"].min())],
}
