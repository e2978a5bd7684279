"""The rows a share is taken of: the group after "percentage of" is the base, the rest is
measured within it, and the answer says which rows the share is of and how many.

Each expected figure is computed here with plain pandas on a small made-up table, never
by the analyst.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _staff() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "team": ["dev", "dev", "dev", "dev", "sales", "sales", "legal"],
            "pay": [90, 210, 180, 120, 250, 70, 300],
            "office": ["Oslo", "Rome", "Oslo", "Rome", "Oslo", "Rome", "Rome"],
        }
    )


def _trains() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "start": ["York", "York", "York", "York", "Leeds", "Leeds", "Leeds", "Hull"],
            "late": [True, False, False, True, False, True, True, False],
            "minutes": [12, 40, 55, 30, 25, 90, 15, 60],
        }
    )


def _pupils() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "school": ["east", "east", "east", "west", "west", "west", "west", "west"],
            "passed": ["yes", "yes", "no", "yes", "no", "no", "yes", "no"],
            "mark": [81, 77, 35, 64, 42, 20, 91, 38],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "what percentage of dev staff earn more than 150?",
        "what percentage of dev employees have a pay over 150?",
        "what share of dev people have a pay above 150?",
    ],
)
def test_the_value_said_before_the_noun_is_the_base(question: str) -> None:
    staff = _staff()
    dev = staff[staff.team == "dev"]
    a = analyse(question, {"staff": staff})
    assert a.status == "answered", a.text
    truth = (dev.pay > 150).mean()
    assert a.value == pytest.approx(truth * 100 if "percentage" in question else truth)
    assert "Of the 4 rows where team = dev" in a.text


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        # the base is named after the value: "of York trains were late"
        ("what percentage of York trains were late?", 50.0),
        ("what percentage of trains from York took more than 35 minutes?", 50.0),
        # a relative clause with a verb after it belongs to the base
        ("what percentage of trains that were late started in Leeds?", 50.0),
    ],
)
def test_the_base_is_the_noun_phrase_after_percentage_of(question: str, truth: float) -> None:
    a = analyse(question, {"trains": _trains()})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(truth)


@pytest.mark.parametrize(
    "question",
    [
        "how many trains from York were late, as a percentage of all trains?",
        "how many York trains were late as a share of all the trains?",
    ],
)
def test_of_all_rows_is_a_share_of_the_whole_table(question: str) -> None:
    trains = _trains()
    a = analyse(question, {"trains": trains})
    truth = ((trains.start == "York") & trains.late).mean()
    share = truth * 100 if "percentage" in question else truth
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(share)
    assert "Of all 8 rows" in a.text


def test_of_all_rows_that_name_a_value_is_a_share_of_those_rows() -> None:
    trains = _trains()
    a = analyse(
        "how many trains from York were late, as a percentage of all York trains?",
        {"trains": trains},
    )
    assert a.value == pytest.approx(trains[trains.start == "York"].late.mean() * 100)


@pytest.mark.parametrize(
    ("question", "base", "measured"),
    [
        ("what percentage of east pupils passed?", "school == 'east'", "passed == 'yes'"),
        ("what percentage of pupils who passed are in west?", "passed == 'yes'", "school == 'west'"),
        ("what share of pupils in the west school got a mark above 50?", "school == 'west'", "mark > 50"),
        ("what percentage of pupils with a mark above 50 are from east?", "mark > 50", "school == 'east'"),
    ],
)  # fmt: skip
def test_a_yes_no_column_or_a_bound_can_be_either_side(
    question: str, base: str, measured: str
) -> None:
    pupils = _pupils()
    within = pupils.query(base)
    truth = within.eval(measured).mean()
    a = analyse(question, {"pupils": pupils})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(truth * 100 if "percentage" in question else truth)
    assert f"Of the {len(within)} rows where" in a.text


@pytest.mark.parametrize(
    ("question", "frames", "word"),
    [
        ("what percentage of developers earn more than 150?", {"staff": _staff()}, "developers"),
        ("what percentage of westerners passed?", {"pupils": _pupils()}, "westerners"),
    ],
)
def test_a_base_written_unlike_the_value_is_named_as_not_applied(
    question: str, frames: dict[str, pd.DataFrame], word: str
) -> None:
    a = analyse(question, frames)
    assert a.status != "answered", a.text
    assert word in a.text


@pytest.mark.parametrize(
    ("question", "base", "measured"),
    [
        ("what percentage of rows where team is dev have a pay above 150?", "team == 'dev'", "pay > 150"),
        ("what percentage of staff whose pay is above 150 are in Rome?", "pay > 150", "office == 'Rome'"),
        ("what share of staff who earn more than 150 work in Oslo?", "pay > 150", "office == 'Oslo'"),
    ],
)  # fmt: skip
def test_a_relative_clause_before_the_verb_is_the_base(
    question: str, base: str, measured: str
) -> None:
    staff = _staff()
    truth = staff.query(base).eval(measured).mean()
    a = analyse(question, {"staff": staff})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(truth * 100 if "percentage" in question else truth)


def test_rows_where_two_things_hold_is_a_share_of_every_row() -> None:
    staff = _staff()
    a = analyse("percentage of rows where team is dev and pay above 150", {"staff": staff})
    assert a.value == pytest.approx(((staff.team == "dev") & (staff.pay > 150)).mean() * 100)
