"""\"how many <unit>\" of a column named for a unit that adds up is its total, however few
values the column holds; a few values of another whole-number column still label rows."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from notebook_router.analyst import analyse


def _elections() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "year": [2000, 2000, 2004, 2004, 2008, 2008, 2012, 2012],
            "candidate": ["Gore", "Bush", "Kerry", "Bush", "Obama", "McCain", "Obama", "Romney"],
            "electoral_votes": [266, 271, 251, 286, 365, 173, 332, 206],
        }
    )


def _matches() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "team": ["Lions", "Bears", "Lions", "Hawks", "Bears", "Lions", "Hawks", "Bears"] * 3,
            "goals": [2, 1, 0, 3, 2, 1, 0, 2] * 3,
            "stars": [3, 4, 3, 5, 4, 3, 5, 4] * 3,
        }
    )


def test_votes_of_a_few_values_are_added_up() -> None:
    frame = _elections()
    a = analyse("how many electoral votes did Obama get?", {"results": frame})
    assert (a.status, a.value) == (
        "answered",
        frame[frame.candidate == "Obama"].electoral_votes.sum(),
    )
    b = analyse("how many electoral votes did Bush get in 2004?", {"results": frame})
    truth = frame[(frame.candidate == "Bush") & (frame.year == 2004)].electoral_votes.sum()
    assert (b.status, b.value) == ("answered", truth)


def test_goals_repeated_on_many_rows_are_added_up() -> None:
    frame = _matches()
    a = analyse("how many goals did the Lions score?", {"matches": frame})
    assert (a.status, a.value) == ("answered", frame[frame.team == "Lions"].goals.sum())
    assert "total" in a.text


def test_a_few_labels_are_not_added_up() -> None:
    frame = _matches()
    a = analyse("how many matches had 4 stars?", {"matches": frame})
    assert a.value == int((frame.stars == 4).sum())


def test_a_column_named_in_the_singular_is_added_up() -> None:
    frame = _elections().rename(columns={"electoral_votes": "electoral_vote"})
    a = analyse("how many electoral votes did Obama get?", {"results": frame})
    assert (a.status, a.value) == (
        "answered",
        frame[frame.candidate == "Obama"].electoral_vote.sum(),
    )
