"""A person's full name said where the table keeps first and last names apart.

"what team is LeBron James on?" read both words as first names (``first_name in
(LeBron, James)``: every LeBron and every James) and answered about other people. The
two words side by side are one person's first and last name. A second word no last name
holds is named as not applied. Guards (passing before the change): a first name said
alone, a second word only first names hold, a name said as one value of a full-name column, an unknown surname flagged.
The tables are made up here; every expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _players() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "first_name": ["LeBron", "James", "James", "Anthony", "Kevin", "Harden"],
            "last_name": ["James", "Harden", "Johnson", "Davis", "Durant", "Smith"],
            "team": ["Lakers", "Rockets", "Heat", "Lakers", "Nets", "Bulls"],
            "points": [27.0, 34.0, 12.0, 26.0, 29.0, 8.0],
        }
    )


def _staff() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "fname": ["Maria", "Maria", "John", "Garcia", "Lee"],
            "lname": ["Garcia", "Lopez", "Garcia", "Smith", "Maria"],
            "dept": ["HR", "IT", "Ops", "IT", "HR"],
            "salary": [50.0, 60.0, 55.0, 70.0, 65.0],
        }
    )


@pytest.mark.parametrize(
    ("question", "first", "last"),
    [
        ("what is LeBron James's average points?", "LeBron", "James"),
        ("what are James Harden's points?", "James", "Harden"),
    ],
)
def test_a_full_name_is_the_first_and_the_last_name(question: str, first: str, last: str) -> None:
    frame = _players()
    a = analyse(question, {"players": frame})
    row = frame[(frame.first_name == first) & (frame.last_name == last)]
    assert a.value == pytest.approx(row.points.mean())
    assert f"first_name = {first}" in a.text and f"last_name = {last}" in a.text
    assert " in " not in a.text.split("rows where", 1)[-1]


@pytest.mark.parametrize(
    ("question", "first", "last"),
    [
        ("what is Maria Garcia's salary?", "Maria", "Garcia"),
        ("John Garcia's salary", "John", "Garcia"),
    ],
)
def test_other_name_columns_and_phrasings(question: str, first: str, last: str) -> None:
    frame = _staff()
    a = analyse(question, {"staff": frame})
    row = frame[(frame.fname == first) & (frame.lname == last)]
    assert a.value == pytest.approx(row.salary.iloc[0])
    assert f"fname = {first}" in a.text and f"lname = {last}" in a.text


def test_guard_a_second_part_only_first_names_hold_is_named_not_applied() -> None:
    """Guard: "Kevin Anthony": Anthony is a first name only; no such person, never Kevin
    alone passed off as the answer."""
    a = analyse("how many points does Kevin Anthony score?", {"players": _players()})
    assert a.status in ("partial", "declined")
    assert "Anthony" in a.text


def test_guard_an_unknown_surname_is_flagged() -> None:
    """Guard: "LeBron Okafor" (no such last name) is never answered as LeBron's."""
    a = analyse("how many points does LeBron Okafor score?", {"players": _players()})
    assert a.status in ("partial", "declined")
    assert "Okafor" in a.text


def test_guard_a_first_name_alone_stays_a_first_name() -> None:
    """Guard: "players named James" are the rows whose first name is James."""
    frame = _players()
    a = analyse("how many players are named James?", {"players": frame})
    assert a.value == int((frame.first_name == "James").sum())


def test_guard_a_full_name_column_keeps_its_value() -> None:
    """Guard: a table with one ``name`` column matches the full name as one value."""
    frame = pd.DataFrame({"name": ["Ann Lee", "Bob Roe", "Ann Kim"], "age": [30, 45, 33]})
    a = analyse("how old is Ann Lee?", {"people": frame})
    assert a.value == 30
