"""Rows named by what their measures are of, and conditions said after the rows.

- "children taller than 70 inches" on a table of children (``childHeight``) beside a
  count of each family's ``children``: "taller" names the height, "children" the rows.
  It was read as ``children > 70`` and answered 0 as complete.
- "the average height of the children" is ``childHeight``; "the mean age of the
  players" is ``player_age``. "the number of orders" stays a count, never ``order_number``.
- "girls on free lunch", with no column for it, is named as left out; it was dropped.
- "regular classes", where "regular" is a label of its own beside "regular.with.aide",
  is the label "regular", not every label holding the word.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

FAMILIES = pd.DataFrame(
    {
        "family": ["1", "1", "2", "2", "2", "3", "4", "4"],
        "father": [78.5, 78.5, 75.5, 75.5, 75.5, 72.0, 69.0, 69.0],
        "midparentHeight": [75.4, 75.4, 73.6, 73.6, 73.6, 71.2, 68.0, 68.0],
        "children": [2, 2, 3, 3, 3, 1, 6, 6],
        "gender": ["male", "female", "male", "male", "female", "male", "female", "male"],
        "childHeight": [73.2, 69.0, 73.5, 72.5, 65.5, 71.0, 66.0, 70.5],
    }
)


@pytest.mark.parametrize(
    "question",
    [
        "what share of children are taller than 70 inches?",
        "what proportion of the children are taller than 70?",
    ],
)
def test_a_share_of_rows_named_by_their_measure(question: str) -> None:
    a = analyse(question, {"galton": FAMILIES})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(float((FAMILIES.childHeight > 70).mean()), abs=1e-3), a.text


def test_a_count_of_rows_named_by_their_measure() -> None:
    a = analyse("how many children are taller than 70 inches?", {"galton": FAMILIES})
    assert a.status == "answered", a.text
    assert a.value == int((FAMILIES.childHeight > 70).sum()), a.text


def test_a_comparative_that_could_be_two_columns_is_named() -> None:
    a = analyse("how many are taller than 72?", {"galton": FAMILIES})
    assert a.status != "answered" or a.left_out, a.text
    assert "midparentHeight" in a.text and "childHeight" in a.text, a.text


@pytest.mark.parametrize("question", ["average height of the children", "mean height of children"])
def test_a_measure_of_its_owner_names_the_column(question: str) -> None:
    a = analyse(question, {"galton": FAMILIES})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(FAMILIES.childHeight.mean(), abs=1e-2), a.text


def test_a_measure_of_its_owner_by_group() -> None:
    players = pd.DataFrame({"team": ["A", "A", "B"], "player_age": [20, 30, 40]})
    a = analyse("mean age of the players by team", {"players": players})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx({"A": 25.0, "B": 40.0}), a.text


def test_the_number_of_things_is_a_count_not_a_column() -> None:
    orders = pd.DataFrame({"order_number": [101, 102, 103], "region": ["North", "North", "South"]})
    a = analyse("what is the number of orders in the North?", {"orders": orders})
    assert a.status == "answered", a.text
    assert a.value == 2, a.text


STAR = pd.DataFrame(
    {
        "classk": [
            "regular",
            "regular.with.aide",
            "small.class",
            "regular",
            "regular.with.aide",
            "regular",
        ],
        "sex": ["girl", "girl", "boy", "boy", "girl", "girl"],
        "freelunk": ["yes", "no", "yes", "no", "yes", "yes"],
        "tmathssk": [480, 500, 520, 510, 470, 490],
    }
)


@pytest.mark.parametrize(
    "question",
    [
        "how many girls on free lunch are there?",
        "how many girls on free lunch are in regular classes?",
    ],
)
def test_a_condition_after_the_rows_that_no_column_holds_is_named(question: str) -> None:
    a = analyse(question, {"star": STAR})
    assert a.status != "answered" or a.left_out, a.text
    assert "free lunch" in a.text, a.text


def test_a_label_of_its_own_is_not_every_label_holding_its_word() -> None:
    a = analyse("how many girls are in regular classes?", {"star": STAR})
    assert a.status == "answered", a.text
    assert a.value == int(((STAR.sex == "girl") & (STAR.classk == "regular")).sum()), a.text


PATIENTS = pd.DataFrame(
    {
        "patient": list("abcde"),
        "height_cm": [185.0, 170.0, 190.0, 160.0, 182.0],
        "father_height": [175.0, 185.0, 178.0, 181.0, 170.0],
    }
)


def test_a_comparative_is_said_of_the_word_before_it() -> None:
    # "patients taller than 180" is the patients' height, though "father height" is said
    a = analyse("average father height for patients taller than 180", {"patients": PATIENTS})
    assert a.status == "answered", a.text
    truth = PATIENTS[PATIENTS.height_cm > 180].father_height.mean()
    assert a.value == pytest.approx(truth), a.text


def test_a_comparative_of_another_number_column_stays_on_it() -> None:
    a = analyse("how many children have a father taller than 75?", {"galton": FAMILIES})
    assert a.value == int((FAMILIES.father > 75).sum()), a.text
