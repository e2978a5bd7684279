"""Column names read whole: a unit word need not be said ("finish time" is
``finish_time_sec``, not ``finished``), a word a yes/no name negates is its "no" side
only as a condition of the rows ("profit organisations", never "profit by state"), a
prefix said as its own word qualifies a category or number column ("category" of
``sub_category``), and gaps said of one column ("no phone number recorded", "do not have
insurance") are counted in that column, with the other conditions kept."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from notebook_router.analyst import analyse


def _race() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "runner": list("ABCDEF"),
            "sex": list("FMFMFM"),
            "finish_time_sec": [15000.0, 13000, 16000, np.nan, 14500, 12800],
            "finished": [True, True, True, False, True, True],
        }
    )


def _horses() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "horse": list("abcde"),
            "track": ["N", "S", "N", "S", "N"],
            "race_time_hrs": [3.0, 4.5, 6.0, 2.0, 5.0],
            "raced": [True, True, False, True, True],
        }
    )


def test_a_two_word_name_with_a_unit_outranks_a_one_word_name_it_begins() -> None:
    race = _race()
    a = analyse("median finish time by sex", {"race": race})
    assert a.value == race.groupby("sex").finish_time_sec.median().to_dict(), a.code
    assert "finished" not in a.code


def test_a_duration_said_without_its_unit_is_its_column() -> None:
    horses = _horses()
    a = analyse("average race time by track", {"horses": horses})
    assert a.value == pytest.approx(horses.groupby("track").race_time_hrs.mean().to_dict())
    assert "raced" not in a.code


def _orgs() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "name": list("abcd"),
            "nonprofit": ["yes", "no", "no", "yes"],
            "revenue": [1, 2, 3, 4],
            "state": ["CA", "NY", "CA", "NY"],
        }
    )


@pytest.mark.parametrize("question", ["profit by state", "total profit", "average profit"])
def test_a_measure_word_a_yes_no_name_negates_is_not_its_no_side(question: str) -> None:
    a = analyse(question, {"orgs": _orgs()})
    assert a.status != "answered", (a.value, a.code)
    assert "nonprofit" not in a.code


def test_the_word_said_of_the_rows_is_still_its_no_side() -> None:
    orgs = _orgs()
    a = analyse("how many profit organisations are there?", {"orgs": orgs})
    assert a.value == int((orgs.nonprofit == "no").sum()), a.code


@pytest.mark.parametrize(
    ("frame", "question", "group", "measure"),
    [
        (
            pd.DataFrame(
                {
                    "product": list("abcde"),
                    "mid_price": [1.0, 2.0, 3.0, 4.0, 5.0],
                    "sub_category": ["x", "y", "x", "y", "x"],
                }
            ),
            "average price by category",
            "sub_category",
            "mid_price",
        ),
        (
            pd.DataFrame(
                {
                    "shop": list("abcde"),
                    "sales": [1.0, 2.0, 3.0, 4.0, 7.0],
                    "sub_region": ["N", "N", "S", "S", "S"],
                }
            ),
            "total sales by region",
            "sub_region",
            "sales",
        ),
    ],
)
def test_a_prefix_said_as_a_word_still_lets_a_category_be_named(
    frame: pd.DataFrame, question: str, group: str, measure: str
) -> None:
    a = analyse(question, {"t": frame})
    how = "mean" if "average" in question else "sum"
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame.groupby(group)[measure].agg(how).to_dict()), a.code


def _patients() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "patient_id": [1, 2, 3, 4, 5, 6],
            "age": [50, 60, 70, 40, 30, 20],
            "insurance": ["A", None, "A", None, "C", "B"],
            "phone": [None, "1", "1", "3", None, None],
            "ward": ["X", "Y", "X", "Y", "X", "X"],
        }
    )


@pytest.mark.parametrize(
    ("question", "column"),
    [
        ("How many patients have no phone number recorded?", "phone"),
        ("How many patients do not have insurance?", "insurance"),
        ("how many patients don't have a phone?", "phone"),
    ],
)
def test_a_gap_said_of_one_column_counts_its_missing_values(question: str, column: str) -> None:
    pat = _patients()
    a = analyse(question, {"pat": pat})
    assert a.value == int(pat[column].isna().sum()), (a.value, a.code)


def test_a_gap_count_keeps_the_rows_a_value_picks() -> None:
    pat = _patients()
    a = analyse("How many patients in ward Y have no insurance recorded?", {"pat": pat})
    assert a.value == int(pat[pat.ward == "Y"].insurance.isna().sum()), (a.value, a.code)


def test_a_value_had_or_lacked_picks_the_rows_with_or_without_one() -> None:
    pat = _patients()
    a = analyse("how many patients with a phone on file?", {"pat": pat})
    assert a.value == int(pat.phone.notna().sum()), (a.value, a.code)
    a = analyse("average age of patients with no insurance recorded", {"pat": pat})
    assert a.value == pytest.approx(pat[pat.insurance.isna()].age.mean()), (a.value, a.code)


def test_a_value_said_recorded_counts_the_rows_that_have_one() -> None:
    pat = _patients()
    a = analyse("how many patients have insurance recorded?", {"pat": pat})
    assert (a.status, a.value) == ("answered", int(pat.insurance.notna().sum())), a.code
