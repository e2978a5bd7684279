"""Short codes people say in lower case, and codes defined in brackets after the words
they shorten.

A two-letter value that is no English word ("wc", "bc") is read as that value, as a
longer one is: it used to be skipped unread, so "average prestige for wc" was the mean
over every row, shown as complete. A code in brackets is read with the words it shortens,
by initials or by the words' own letters ("socioeconomic status (ses)", "reported weight
(repwt)"), and a last word may be the noun the code describes ("professional occupations
(prof)"): so "excluding professional occupations (prof)" leaves the prof rows out.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _jobs() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "occupation": ["doctor", "clerk", "miner", "lawyer", "typist", "welder"],
            "type": ["prof", "wc", "bc", "prof", "wc", "bc"],
            "income": [90, 40, 30, 80, 35, 25],
        }
    )


def _pupils() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "ses": ["low", "high", "low", "middle", "high"],
            "repwt": [50.0, 60.0, 70.0, 80.0, 90.0],
            "math": [40, 60, 50, 55, 65],
            "sex": ["F", "M", "F", "M", "F"],
        }
    )


def _jobs_figure(kept: list[str]) -> float:
    jobs = _jobs()
    return float(jobs[jobs["type"].isin(kept)]["income"].mean())


@pytest.mark.parametrize(
    ("question", "kept"),
    [
        ("average income for wc", ["wc"]),
        ("average income of bc occupations", ["bc"]),
        ("average income excluding wc and bc", ["prof"]),
        ("average income of white collar (wc) occupations", ["wc"]),
        ("average income excluding professional occupations (prof)", ["wc", "bc"]),
        ("average income other than professional jobs (prof)", ["wc", "bc"]),
    ],
)
def test_a_short_code_is_read_as_its_value(question: str, kept: list[str]) -> None:
    a = analyse(question, {"jobs": _jobs()})
    assert a.status == "answered"
    assert a.value == pytest.approx(_jobs_figure(kept))


def test_a_column_named_in_brackets_after_its_description_is_that_column() -> None:
    pupils = _pupils()
    a = analyse("average math by socioeconomic status (ses)", {"pupils": pupils})
    assert a.status == "answered"
    assert a.value == pytest.approx(pupils.groupby("ses")["math"].mean().to_dict())
    b = analyse("average reported weight (repwt) of girls", {"pupils": pupils})
    assert b.value == pytest.approx(pupils[pupils["sex"] == "F"]["repwt"].mean())


def test_a_two_letter_everyday_word_is_not_read_as_a_value() -> None:
    frame = pd.DataFrame({"answer": ["no", "yes", "no", "maybe"], "score": [1, 2, 3, 4]})
    a = analyse("is there no score above 3?", {"t": frame})
    assert "answer = no" not in a.text


def test_a_bracket_that_defines_nothing_is_left_as_it_is() -> None:
    frame = pd.DataFrame({"lv": ["a", "b"], "margin": [1.0, 2.0]})
    a = analyse("average margin (lv)", {"t": frame})
    assert "margin" in a.text


def test_words_before_the_tables_own_name_that_pick_rows_are_named_unread() -> None:
    polls = pd.DataFrame({"population": ["rv", "lv", "rv", "lv"], "pct": [40.0, 42.0, 45.0, 47.0]})
    a = analyse("average pct for registered voter polls", {"polls": polls})
    assert a.status == "partial"
    assert "registered voter" in a.text
    b = analyse("average pct for rv polls", {"polls": polls})
    assert (b.status, b.value) == ("answered", 42.5)
