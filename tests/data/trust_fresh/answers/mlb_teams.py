"""Answers for the mlb_teams items, in plain pandas."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.trust.answers.common import (
    Answer,
    Tables,
    absent,
    count,
    mapping,
    num,
    one,
    ranked,
    top,
)


def _team(t: Tables, name: str) -> pd.DataFrame:
    frame = t("mlb_teams")
    return frame[frame["team_name"] == name]


def _season(t: Tables, name: str, year: int) -> pd.DataFrame:
    team = _team(t, name)
    return team[team["year"] == year]


def _ball_park(t: Tables) -> str:
    season = _season(t, "Tampa Bay Rays", 2015)
    if len(season) != 1:
        raise ValueError("expected one season")
    return str(season["ball_park"].iloc[0])


def _years(t: Tables, first: int, last: int) -> pd.DataFrame:
    frame = t("mlb_teams")
    return frame[frame["year"].between(first, last)]


ANSWERS: dict[str, Answer] = {
    "mlb_teams-001": lambda t: [len(t("mlb_teams"))],
    "mlb_teams-002": lambda t: [num(t("mlb_teams")["wins"].max())],
    "mlb_teams-003": lambda t: [num(t("mlb_teams")["team_name"].nunique())],
    "mlb_teams-004": lambda t: [
        count(t("mlb_teams").eval("earned_run_average < 3.5 and year >= 1990"))
    ],
    "mlb_teams-005": lambda t: [count(t("mlb_teams")["home_attendance"] > 3_000_000)],
    "mlb_teams-006": lambda t: [num(_years(t, 2000, 2009)["homeruns"].mean())],
    "mlb_teams-007": lambda t: [count(t("mlb_teams")["fielding_percentage"] >= 0.985)],
    "mlb_teams-008": lambda t: [
        num(t("mlb_teams").loc[lambda f: f["homeruns"] >= 250, "wins"].mean())
    ],
    "mlb_teams-009": lambda t: [one(_season(t, "Boston Red Sox", 2004), "wins")],
    "mlb_teams-010": lambda t: [
        num(_team(t, "New York Yankees").loc[lambda f: f["year"] >= 2010, "homeruns"].sum())
    ],
    "mlb_teams-011": lambda t: [
        num(
            _team(t, "Chicago Cubs")
            .loc[lambda f: f["year"].between(2010, 2019), "home_attendance"]
            .mean()
        )
    ],
    "mlb_teams-012": lambda t: [_ball_park(t)],
    "mlb_teams-013": lambda t: [
        count(_team(t, "St. Louis Cardinals")["world_series_winner"] == "Y")
    ],
    "mlb_teams-014": lambda t: [
        num(t("mlb_teams").loc[lambda f: f["year"] == 2019, "homeruns"].sum())
    ],
    "mlb_teams-015": lambda t: [
        mapping(t("mlb_teams").loc[lambda f: f["year"] >= 2000].groupby("league_id")["wins"].mean())
    ],
    "mlb_teams-016": lambda t: [
        mapping(
            t("mlb_teams")
            .loc[lambda f: f["year"] == 2018]
            .groupby("division_id")["stolen_bases"]
            .sum()
        )
    ],
    "mlb_teams-017": lambda t: [ranked(t("mlb_teams").groupby("year")["homeruns"].mean(), 3)],
    "mlb_teams-018": lambda t: [
        ranked(
            t("mlb_teams").loc[lambda f: f["year"] >= 2000].groupby("team_name")["wins"].sum(), 5
        )
    ],
    "mlb_teams-019": lambda t: [
        top(_years(t, 2010, 2019).groupby("team_name")["home_attendance"].mean())
    ],
    "mlb_teams-020": lambda t: [
        num(
            t("mlb_teams").query("league_id == 'AL' and year == 2015")["earned_run_average"].mean()
        ),
        num(
            t("mlb_teams").query("league_id == 'NL' and year == 2015")["earned_run_average"].mean()
        ),
    ],
    "mlb_teams-021": lambda t: [
        one(_season(t, "Los Angeles Dodgers", 2019), "wins")
        - one(_season(t, "San Francisco Giants", 2019), "wins")
    ],
    "mlb_teams-022": lambda t: [
        num(t("teams_1998")["homeruns"].sum()),
        num(t("teams_2018")["homeruns"].sum()),
    ],
    "mlb_teams-023": lambda t: [
        num(t("teams_2018")["strikeouts_by_batters"].mean()),
        num(t("teams_1998")["strikeouts_by_batters"].mean()),
    ],
    "mlb_teams-024": lambda t: [top(t("teams_1998").set_index("team_name")["wins"])],
    "mlb_teams-025": lambda t: [
        one(_season(t, "Seattle Mariners", 2001), "wins"),
        one(_season(t, "Seattle Mariners", 2001), "losses"),
    ],
    "mlb_teams-026": lambda t: [
        num(_team(t, "New York Mets").loc[lambda f: f["year"] >= 2000, "wins"].median())
    ],
    "mlb_teams-027": lambda t: [
        num(t("mlb_teams").loc[lambda f: f["year"] == 2014, "homeruns"].sum())
    ],
    "mlb_teams-028": lambda t: [
        mapping(t("mlb_teams").loc[lambda f: f["year"] >= 2000].groupby("year")["homeruns"].mean())
    ],
    "mlb_teams-029": lambda t: [absent(t("mlb_teams"), "payroll", "salary", "salaries")],
    "mlb_teams-030": lambda t: [absent(t("mlb_teams"), "online", "ticket")],
    "mlb_teams-031": lambda t: [
        num(t("teams_1998")["home_attendance"].mean()),
        num(t("teams_2018")["home_attendance"].mean()),
    ],
    "mlb_teams-032": lambda t: [
        count(t("teams_2018")["wins"] >= 90),
        count(t("teams_1998")["wins"] >= 90),
    ],
    "mlb_teams-033": lambda t: [ranked(t("teams_2018").set_index("team_name")["homeruns"], 3)],
    "mlb_teams-034": lambda t: [
        count(t("mlb_teams").eval("hits / at_bats >= 0.270 and year >= 2000"))
    ],
}
