"""A yes/no column named by the words after its verb, or with an article between its words.

"how many borrowers have a second income?" on ``has_second_income`` (booleans) counted
every row: "second income" named no column, so the condition was dropped and the answer
presented as complete. The verb that begins a flag's name ("has", "is", "with") only says
the rest holds, so the rest names the column; an article between a name's words ("own
*a* car" of ``owns_car``) still names it. Guards (passing before the change): a flag
named in full, a 0/1 flag named by its last word, and a number column measured.
The tables are made up here; every expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _loans() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "loan_amount": [1000.0, 2000.0, 3000.0, 4000.0, 5000.0, 6000.0],
            "annual_income": [50000.0, 60000.0, 70000.0, 80000.0, 90000.0, 99000.0],
            "has_second_income": [True, False, True, False, False, True],
        }
    )


def _customers() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "is_member": [1, 0, 1, 1, 0, 0],
            "spend": [10.0, 20.0, 30.0, 40.0, 50.0, 60.0],
            "owns_car": ["yes", "no", "no", "yes", "yes", "no"],
        }
    )


def test_a_bool_flag_counted() -> None:
    frame = _loans()
    a = analyse("how many borrowers have a second income?", {"loans": frame})
    assert a.value == int(frame.has_second_income.sum())


@pytest.mark.parametrize(
    ("question", "kept"),
    [
        ("average loan amount for borrowers with a second income", True),
        ("average loan amount for borrowers without a second income", False),
    ],
)
def test_a_bool_flag_as_a_condition(question: str, kept: bool) -> None:
    frame = _loans()
    a = analyse(question, {"loans": frame})
    assert a.value == pytest.approx(frame[frame.has_second_income == kept].loan_amount.mean())


def test_guard_a_zero_one_flag() -> None:
    """Guard: "members" already named ``is_member`` by its last word."""
    frame = _customers()
    a = analyse("average spend of members", {"customers": frame})
    assert a.value == pytest.approx(frame[frame.is_member == 1].spend.mean())


@pytest.mark.parametrize(
    ("question", "side"),
    [
        ("how many customers own a car?", "yes"),
        ("how many customers don't own a car?", "no"),
    ],
)
def test_a_yes_no_flag_with_an_article(question: str, side: str) -> None:
    frame = _customers()
    a = analyse(question, {"customers": frame})
    assert a.value == int((frame.owns_car == side).sum())


def test_guard_a_flag_named_in_full() -> None:
    """Guard: "has second income" names the column in full."""
    frame = _loans()
    a = analyse("average loan amount where has second income is true", {"loans": frame})
    assert a.value == pytest.approx(frame[frame.has_second_income].loan_amount.mean())


def test_guard_a_number_column_still_measured() -> None:
    """Guard: "total loan amount" still measures loan_amount over every row."""
    frame = _loans()
    a = analyse("what is the total loan amount?", {"loans": frame})
    assert a.value == pytest.approx(frame.loan_amount.sum())
