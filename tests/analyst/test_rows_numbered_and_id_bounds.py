"""The column that numbers or identifies the rows is never what a question measures.

Before, "how many Support respondents are 55+?" summed a ``respondent`` column numbering
the rows (275 for three people), "how many patients aged between 30 and 50?" filtered
``patient_id``, and "patients over 65" put the bound on the charges; each was presented
as complete. The tables are small stand-ins built here; every expected figure is plain
pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import Analysis, analyse


def _ask(question: str, name: str, frame: pd.DataFrame) -> Analysis:
    return analyse(question, {name: frame.copy()})


def _survey() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "respondent": range(1, 25),
            "department": ["Sales", "HR", "Sales", "Support"] * 6,
            "remote": ["Hybrid", "On-site", "Hybrid"] * 8,
        }
    )


def _admissions() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "patient_id": [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008],
            "age_years": [70, 45, 82, 8, 66, 30, 12, 91],
            "length_of_stay_days": [12, 2, 20, 3, 5, 1, 16, 9],
            "total_charge_usd": [25000.0, 3200.5, 41000.0, 5100.0, 9000.0, 1500.0, 12000.0, 3e4],
        }
    )


@pytest.mark.parametrize(
    ("question", "department", "remote"),
    [
        ("how many Sales respondents are hybrid?", "Sales", "Hybrid"),
        ("how many HR respondents work on-site?", "HR", "On-site"),
    ],
)
def test_how_many_of_the_things_a_column_numbers_counts_rows(
    question: str, department: str, remote: str
) -> None:
    survey = _survey()
    answer = _ask(question, "survey", survey)
    truth = int(((survey.department == department) & (survey.remote == remote)).sum())
    assert answer.status == "answered", (answer.status, answer.left_out)
    assert answer.value == truth


@pytest.mark.parametrize("goals", [list(range(5, 9)), [(i * 7) % 31 + 2 * i for i in range(30)]])
def test_a_count_column_counted_by_name_is_still_summed(goals: list[int]) -> None:
    # a few goals that happen to run on (5, 6, 7, 8), or many unique ones, are goals
    teams = pd.DataFrame({"team": [f"t{i}" for i in range(len(goals))], "goals": goals})
    answer = _ask("how many goals were scored in total?", "teams", teams)
    assert answer.value == teams.goals.sum()


@pytest.mark.parametrize(
    "question",
    [
        "how many patients aged between 30 and 50?",
        "how many patients stayed at most 3 days?",
        "average length_of_stay_days for patients aged 65 or older",
    ],
)
def test_a_bound_never_lands_on_an_id_column_the_question_did_not_name(question: str) -> None:
    answer = _ask(question, "admissions", _admissions())
    assert "patient_id" not in answer.code.replace("['patient_id'].count()", "")
    assert answer.status == "partial", answer.code
    assert any("patient_id" in g for g in answer.left_out), answer.left_out


@pytest.mark.parametrize(
    "question", ["average length of stay for patients over 65", "how many patients are over 90?"]
)
def test_a_bound_outside_the_money_column_is_not_put_on_the_money(question: str) -> None:
    answer = _ask(question, "admissions", _admissions())
    assert "total_charge_usd" not in answer.code
    assert answer.status != "answered"
    assert any("65" in g or "90" in g for g in answer.left_out), answer.left_out


def test_an_id_the_user_names_keeps_its_bound() -> None:
    admissions = _admissions()
    answer = _ask("how many rows have patient id over 1005?", "admissions", admissions)
    assert answer.value == int((admissions.patient_id > 1005).sum())


@pytest.mark.parametrize("question", ["how many orders over 10?", "how many orders under 1000?"])
def test_a_bound_past_every_amount_is_still_the_money(question: str) -> None:
    # no other number column holds 10 or 1000: every order is counted, as said
    orders = pd.DataFrame({"order_id": range(1, 25), "amount": [12.0 + i * 20 for i in range(24)]})
    answer = _ask(question, "df", orders)
    assert answer.status == "answered", answer.left_out
    assert answer.value == 24


def test_a_count_rising_one_a_day_is_summed_not_counted() -> None:
    days = pd.DataFrame(
        {"day": pd.date_range("2024-03-01", periods=30), "visitors": range(120, 150)}
    )
    answer = _ask("how many visitors did we get?", "visits", days)
    assert answer.value == days.visitors.sum()


def test_orders_over_an_amount_inside_the_money_column_still_read_as_money() -> None:
    orders = pd.DataFrame({"order_id": range(1, 7), "amount": [40, 160, 2200, 90, 155, 30]})
    answer = _ask("how many orders have an amount over 150?", "orders", orders)
    assert answer.value == int((orders.amount > 150).sum())
