"""Answers for the MLB items (2018 batting lines; a row is a player's season with a team)."""

from __future__ import annotations

from tests.data.trust.answers.common import (
    AmbiguousAnswer,
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


def _players(t: Tables, expression: str) -> int:
    """Rows matching ``expression``: one row per player. Names are abbreviated, so two
    players can share one ("Martinez, J" of BOS and of STL); a repeated name on the same
    team would be one player counted twice, which is refused."""
    rows = t("mlb").query(expression)
    if rows.duplicated(["name", "team"]).any():
        raise AmbiguousAnswer(f"a name repeats within a team where {expression}")
    return len(rows)


def _team_sum(t: Tables, team: str, column: str) -> int | float:
    frame = t("mlb")
    return num(frame.loc[frame["team"] == team, column].sum())


ANSWERS: dict[str, Answer] = {
    "mlb-001": lambda t: [len(t("mlb"))],
    "mlb-002": lambda t: [num(t("mlb")["HR"].sum())],
    "mlb-003": lambda t: [_players(t, "AB >= 100 and AVG > 0.300")],
    "mlb-004": lambda t: [_players(t, "AB >= 400 and AVG >= 0.280")],
    "mlb-005": lambda t: [_players(t, "stolen_bases >= 20")],
    "mlb-006": lambda t: [_team_sum(t, "NYY", "HR")],
    "mlb-007": lambda t: [num(t("mlb").query("position == 'SS' and AB >= 200")["OPS"].mean())],
    "mlb-008": lambda t: [top(t("mlb").set_index("name")["strike_outs"])],
    "mlb-009": lambda t: [_team_sum(t, "BOS", "RBI")],
    "mlb-010": lambda t: [mapping(t("mlb").groupby("position")["HR"].sum())],
    "mlb-011": lambda t: [ranked(t("mlb").groupby("team")["HR"].sum(), 5)],
    "mlb-012": lambda t: [top(t("mlb").groupby("team")["stolen_bases"].sum())],
    "mlb-013": lambda t: [_team_sum(t, "NYY", "HR"), _team_sum(t, "BOS", "HR")],
    "mlb-014": lambda t: [top(t("mlb").set_index("name")["HR"]), num(t("mlb")["HR"].max())],
    "mlb-015": lambda t: [_team_sum(t, "SEA", "doubles")],
    "mlb-016": lambda t: [mapping(t("mlb").groupby("team")["HR"].sum())],
    "mlb-017": lambda t: [mapping(t("mlb").groupby("position")["OBP"].mean())],
    "mlb-018": lambda t: [absent(t("mlb"), "salary", "salaries", "pay")],
    "mlb-019": lambda t: [_team_sum(t, "COL", "triples"), _team_sum(t, "COL", "walks")],
    "mlb-020": lambda t: [mapping(t("mlb").query("position == 'C'").groupby("team")["HR"].mean())],
    "mlb-021": lambda t: [num(t("mlb")["AVG"].mean())],
    "mlb-022": lambda t: [num(t("mlb")["games"].median())],
    "mlb-023": lambda t: [count(t("mlb")["HR"] >= 30)],
    "mlb-024": lambda t: [count(t("mlb").eval("AB >= 400 and AVG > 0.300"))],
    "mlb-025": lambda t: [top(t("mlb").groupby("team")["HR"].sum())],
    "mlb-026": lambda t: [
        num(t("mlb").query("team == 'NYY'")["HR"].sum()),
        num(t("mlb").query("team == 'BOS'")["HR"].sum()),
    ],
    "mlb-027": lambda t: [num(t("mlb").query("position == '2B'")["doubles"].sum())],
    "mlb-028": lambda t: [one(t("mlb").query("name == 'Trout, M'"), "HR")],
    "mlb-029": lambda t: [num(t("mlb")["strike_outs"].sum())],
    "mlb-030": lambda t: [absent(t("mlb"), "salary", "salaries")],
    "mlb-031": lambda t: [num(t("mlb").query("team == 'CHC'")["RBI"].sum())],
    "mlb-032": lambda t: [mapping(t("mlb").groupby("position")["stolen_bases"].sum())],
    "mlb-033": lambda t: [num(t("mlb")["team"].nunique())],
    "mlb-034": lambda t: [num(t("mlb")["AVG"].mean())],
}
