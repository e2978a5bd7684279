""" "and in each, how many are <condition>?" after a breakdown counts in each of its
groups: "and in each, how many earn over 50k?" after "average salary by department" is
the count per department, never one count over every row (before, "in each," was split
off the question and the count over every row was given as the answer). With no groups
before, or more groups than one named, it is asked about."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from tests.planner.conversation import asked

STAFF = pd.DataFrame(
    {
        "department": ["Sales", "IT", "Sales", "IT", "HR", "HR", "IT"],
        "salary": [40000, 60000, 55000, 45000, 52000, 30000, 70000],
        "remote": ["yes", "no", "no", "yes", "yes", "no", "yes"],
    }
)
STUDENTS = pd.DataFrame(
    {
        "school_type": ["private", "public", "private", "public", "public", "private"],
        "gender": ["female", "male", "female", "male", "female", "male"],
        "score": [70, 80, 90, 60, 75, 85],
    }
)


def _counts(rows: pd.DataFrame, by: str) -> list[float]:
    return [float(v) for v in rows.groupby(by).size()]


@pytest.mark.parametrize(
    "follow",
    ["and in each, how many earn over 50k?", "in each one, how many earn more than 50000?",
     "for each of them how many earn over 50k"],
)  # fmt: skip
def test_how_many_earn_over_50k_in_each_department(follow: str) -> None:
    answer = asked("staff", STAFF, "average salary by department", follow)
    assert answer.fulfilled
    assert answer.numbers[-3:] == _counts(STAFF[STAFF["salary"] > 50000], "department")  # 1, 2, 1
    assert "each department" in answer.tasks[-1]


@pytest.mark.parametrize(
    ("first", "follow"),
    [("how many students are there by school type?", "and in each, how many are female?"),
     ("mean score by school type", "and for each, how many are female?")],
)  # fmt: skip
def test_how_many_are_female_in_each_school_type(first: str, follow: str) -> None:
    answer = asked("students", STUDENTS, first, follow)
    assert answer.fulfilled
    truth = _counts(STUDENTS[STUDENTS["gender"] == "female"], "school_type")  # 2, 1
    assert answer.numbers[-2:] == truth
    assert answer.tasks[-1].endswith("each school type?")


def test_how_many_work_remotely_in_each_department() -> None:
    answer = asked(
        "staff", STAFF, "total salary by department", "and in each, how many are remote?"
    )
    assert answer.fulfilled
    assert answer.numbers[-3:] == _counts(STAFF[STAFF["remote"] == "yes"], "department")  # 1, 2, 1
    assert "each department" in answer.tasks[-1]


def test_guard_in_each_with_no_groups_before_is_asked_about() -> None:
    answer = asked("staff", STAFF, "average salary", "and in each, how many earn over 50k?")
    assert not answer.fulfilled and not answer.numbers
    assert "in each" in answer.text


def test_guard_in_each_after_two_groups_is_asked_about() -> None:
    answer = asked(
        "students",
        STUDENTS,
        "mean score by school type and gender",
        "and in each, how many are female?",
    )
    assert not answer.fulfilled and not answer.numbers


def test_a_question_that_names_its_own_groups_is_left_as_said() -> None:
    answer = asked(
        "staff", STAFF, "average salary by remote", "in each department, how many earn over 50k?"
    )
    assert "remote" not in answer.tasks[-1].lower()
