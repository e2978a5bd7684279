""" "now only for <condition>" after a data question adds the whole condition to it:
"only for women under 30", "only plots with at least 10 insects", "just registered voter
(RV) polls" narrow the earlier answer to those rows (before, only one value could be
added, and the rest was answered as a request of its own, not at all). A value of a
column the earlier request named a value of takes that value's place; a condition that
would ask for no rows, or words the analyst does not read, are never answered as if
applied."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from tests.planner.conversation import RIDES, asked

TIPS = pd.DataFrame(
    {
        "day": ["Sun", "Sat", "Sun", "Fri", "Sat", "Sun", "Fri", "Sat"],
        "sex": ["Female", "Male", "Male", "Female", "Female", "Male", "Female", "Male"],
        "smoker": ["Yes", "No", "No", "Yes", "No", "Yes", "No", "No"],
        "tip": [1.0, 2, 3, 4, 5, 6, 7, 8],
        "age": [25, 35, 28, 45, 22, 31, 29, 50],
    }
)
STUDENTS = pd.DataFrame(
    {
        "school": ["A", "B", "A", "B", "C", "C", "A", "B"],
        "gender": ["female", "male", "female", "male", "female", "male", "male", "female"],
        "score": [70, 80, 90, 60, 75, 85, 65, 95],
        "age": [14, 15, 16, 17, 15, 14, 16, 17],
    }
)
PLOTS = pd.DataFrame(
    {
        "field": ["N", "S", "N", "S", "E", "E"],
        "insects": [5, 12, 10, 3, 20, 9],
        "yield_kg": [100.0, 80, 90, 120, 70, 110],
    }
)
POLLS = pd.DataFrame(
    {
        "pollster": ["X", "Y", "Z", "X", "Y", "Z"],
        "population": ["RV", "LV", "RV", "A", "RV", "LV"],
        "pct": [45.0, 47, 44, 50, 46, 48],
    }
)


def _answered(numbers: list[float], truth: list[float]) -> bool:
    """Whether the last answer's numbers end with ``truth`` (a breakdown is given as its
    table and as its values)."""
    return bool(truth) and numbers[-len(truth) :] == pytest.approx(truth)


def _means(frame: pd.DataFrame, by: str, measure: str) -> list[float]:
    return [float(v) for v in frame.groupby(by)[measure].mean()]


@pytest.mark.parametrize("follow", ["only for smokers", "now just for smokers?"])
def test_a_column_word_narrows_the_earlier_breakdown(follow: str) -> None:
    answer = asked("tips", TIPS, "average tip by day", follow)
    assert answer.fulfilled
    assert _answered(answer.numbers, _means(TIPS[TIPS["smoker"] == "Yes"], "day", "tip"))
    assert answer.tasks == ["Average tip by day for smokers"]


@pytest.mark.parametrize(
    ("first", "follow"),
    [("how many students are there?", "now only for female students"),
     ("how many students are there?", "and just for female students")],
)  # fmt: skip
def test_a_value_with_its_noun_narrows_a_count(first: str, follow: str) -> None:
    answer = asked("students", STUDENTS, first, follow)
    assert answer.fulfilled
    assert answer.numbers[-1] == 4
    assert answer.tasks == ["How many students are there for female students?"]


def test_a_value_with_its_noun_narrows_a_mean_by_group() -> None:
    answer = asked("students", STUDENTS, "mean score by school", "now only for female students")
    assert answer.fulfilled
    assert _answered(
        answer.numbers, _means(STUDENTS[STUDENTS["gender"] == "female"], "school", "score")
    )


@pytest.mark.parametrize(
    "follow", ["now only plots with at least 10 insects", "only for plots with 10 or more insects"]
)
def test_a_comparison_with_a_number_narrows_the_breakdown(follow: str) -> None:
    answer = asked("plots", PLOTS, "average yield_kg by field", follow)
    assert answer.fulfilled
    assert _answered(answer.numbers, _means(PLOTS[PLOTS["insects"] >= 10], "field", "yield_kg"))
    assert "insects" in answer.tasks[-1]


def test_a_comparison_narrows_every_data_task() -> None:
    answer = asked("students", STUDENTS, "mean score by school", "just students aged 16 or older")
    rows = STUDENTS[STUDENTS["age"] >= 16]
    assert answer.fulfilled
    assert _answered(answer.numbers, _means(rows, "school", "score"))


@pytest.mark.parametrize(
    "follow", ["now just registered voter (RV) polls", "now only for likely voter (LV) polls"]
)
def test_a_code_in_brackets_narrows_the_breakdown(follow: str) -> None:
    code = follow.split("(")[1][:2]
    answer = asked("polls", POLLS, "average pct by pollster", follow)
    assert answer.fulfilled
    assert _answered(answer.numbers, _means(POLLS[POLLS["population"] == code], "pollster", "pct"))
    assert f"({code}) polls" in answer.tasks[-1]


def test_a_code_the_data_writes_another_way_is_never_dropped_unseen() -> None:
    polls = POLLS.assign(population=POLLS["population"].str.lower())
    answer = asked(
        "polls", polls, "average pct by pollster", "now just registered voter (RV) polls"
    )
    every = _means(polls, "pollster", "pct")
    assert not (answer.fulfilled and _answered(answer.numbers, every))


@pytest.mark.parametrize(
    ("first", "follow"),
    [("mean score by school for female students", "now only for male students"),
     ("mean score by school for female students", "only male students instead")],
)  # fmt: skip
def test_a_value_of_the_same_column_takes_the_place_of_the_earlier_one(
    first: str, follow: str
) -> None:
    answer = asked("students", STUDENTS, first, follow)
    assert answer.fulfilled
    assert _answered(
        answer.numbers, _means(STUDENTS[STUDENTS["gender"] == "male"], "school", "score")
    )
    assert answer.tasks == ["Mean score by school for male students"]


def test_a_city_instead_of_the_earlier_one() -> None:
    answer = asked(
        "rides", RIDES, "average tip in Austin", "now only for Seattle instead of Austin"
    )
    assert answer.fulfilled
    assert answer.numbers == [pytest.approx(RIDES[RIDES["city"] == "Seattle"]["tip"].mean())]


def test_guard_a_value_of_the_same_column_with_more_words_is_asked_about() -> None:
    answer = asked(
        "students", STUDENTS, "mean score by school for female students",
        "now only for male students under 16",
    )  # fmt: skip
    assert not answer.fulfilled and not answer.numbers
    assert "female" in answer.text and "male students under 16" in answer.text


def test_guard_a_second_comparison_is_asked_about() -> None:
    answer = asked("tips", TIPS, "average tip for people over 40", "now only those under 30")
    assert not answer.fulfilled and not answer.numbers
    assert "over 40" in answer.text


def test_guard_instead_of_nothing_said_before_is_asked_about() -> None:
    answer = asked("tips", TIPS, "average tip by day", "now only for smokers instead of women")
    assert not answer.fulfilled and not answer.numbers


def test_guard_words_the_analyst_does_not_read_leave_the_answer_partial() -> None:
    answer = asked("tips", TIPS, "average tip by day", "now only for smokers who are fast")
    assert not answer.fulfilled
    assert "fast" in answer.text


def test_guard_a_condition_the_analyst_cannot_place_is_not_answered_over_every_row() -> None:
    answer = asked("tips", TIPS, "average tip by day", "now only for women under 30")
    assert not (answer.fulfilled and _answered(answer.numbers, _means(TIPS, "day", "tip")))
    assert "under 30" in answer.text


def test_guard_another_kind_of_request_after_only_is_no_condition() -> None:
    answer = asked("tips", TIPS, "average tip by day", "just show me the table")
    assert "for show" not in " ".join(answer.tasks).lower()


SALES = pd.DataFrame(
    {
        "year": [2022, 2022, 2023, 2023, 2023],
        "region": ["North", "South", "North", "South", "North"],
        "revenue": [10.0, 20, 30, 40, 50],
    }
)


@pytest.mark.parametrize("follow", ["just for 2023", "now only 2023"])
def test_a_year_takes_the_place_of_the_earlier_year(follow: str) -> None:
    answer = asked("sales", SALES, "total revenue in 2022", follow)
    assert answer.fulfilled
    assert answer.numbers == [120.0]
    assert answer.tasks == ["Total revenue in 2023"]


def test_a_year_narrows_a_breakdown_that_said_none() -> None:
    answer = asked("sales", SALES, "total revenue by region", "only for 2023")
    assert answer.fulfilled
    assert answer.numbers[-2:] == [80.0, 40.0]


def test_guard_a_year_with_more_words_after_another_year_is_asked_about() -> None:
    answer = asked(
        "sales", SALES, "total revenue by region in 2022", "now only 2023 with revenue over 35"
    )
    assert not answer.fulfilled and not answer.numbers
