""" "who ...?" asks for a person: when a table labels its rows both by a thing (a product,
a city) and by a person (a customer, a sales rep), the answer names the person."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

SALES = pd.DataFrame(
    {
        "order_id": [f"o{i}" for i in range(8)],
        "product": ["pen", "cup", "pen", "hat", "cup", "pen", "hat", "cup"],
        "customer": ["Ann", "Bob", "Cy", "Ann", "Bob", "Cy", "Dee", "Eve"],
        "amount": [5.0, 9.0, 3.0, 20.0, 7.0, 1.0, 2.0, 8.0],
    }
)
DEALS = pd.DataFrame(
    {
        "city": ["Oslo", "Rome", "Oslo", "Rome", "Lima", "Lima", "Oslo"],
        "rep_name": ["Ida", "Jo", "Kit", "Ida", "Jo", "Kit", "Jo"],
        "deal_value": [100.0, 40.0, 70.0, 90.0, 30.0, 20.0, 50.0],
    }
)


def _truth(df: pd.DataFrame, by: str, measure: str, how: str) -> str:
    return str(df.groupby(by)[measure].agg(how).idxmax())


@pytest.mark.parametrize(
    ("question", "df", "by", "measure", "how"),
    [
        ("who has the highest total amount?", SALES, "customer", "amount", "sum"),
        ("who spent the most in total amount?", SALES, "customer", "amount", "sum"),
        ("who has the highest average amount?", SALES, "customer", "amount", "mean"),
        ("who has the highest total deal_value?", DEALS, "rep_name", "deal_value", "sum"),
        ("who closed the highest average deal value?", DEALS, "rep_name", "deal_value", "mean"),
    ],
)
def test_who_is_answered_by_the_column_of_people(
    question: str, df: pd.DataFrame, by: str, measure: str, how: str
) -> None:
    answer = analyse(question, {"t": df})
    assert answer.status == "answered", answer.text
    assert answer.value == _truth(df, by, measure, how), answer.text
    assert f"groupby('{by}')" in answer.code


@pytest.mark.parametrize(
    ("question", "df", "by"),
    [
        ("which product has the highest total amount?", SALES, "product"),
        ("which city has the highest total deal_value?", DEALS, "city"),
    ],
)
def test_a_question_naming_the_thing_keeps_it(question: str, df: pd.DataFrame, by: str) -> None:
    answer = analyse(question, {"t": df})
    assert answer.status == "answered", answer.text
    assert answer.value == _truth(df, by, "amount" if df is SALES else "deal_value", "sum")


STAFF = pd.DataFrame(
    {
        "name": ["Ines", "Jon", "Kai", "Lea", "Mo", "Nia"],
        "manager": ["Ola", "Ola", "Pat", "Pat", "Pat", "Ola"],
        "salary": [50.0, 90.0, 70.0, 40.0, 60.0, 55.0],
    }
)


@pytest.mark.parametrize("question", ["who earns the highest salary?", "who has the top salary?"])
def test_the_rows_own_name_comes_before_another_person_column(question: str) -> None:
    answer = analyse(question, {"staff": STAFF})
    assert answer.status == "answered", answer.text
    assert answer.value == STAFF.loc[STAFF["salary"].idxmax(), "name"], answer.text


# Two columns of people of the same standing, neither named: "who" may mean either, so
# the answer from the first is partial and names the other.
ORDERS = pd.DataFrame(
    {
        "product": ["hat", "scarf", "hat", "coat", "scarf", "coat", "hat", "coat"],
        "customer": ["Ann", "Bob", "Cid", "Ann", "Dee", "Bob", "Eve", "Cid"],
        "salesperson": ["Zoe", "Yan", "Zoe", "Xia", "Yan", "Xia", "Zoe", "Yan"],
        "amount": [10.0, 25.0, 12.0, 90.0, 30.0, 80.0, 11.0, 85.0],
    }
)
VISITS = pd.DataFrame(
    {
        "patient": ["p1", "p2", "p3", "p1", "p2", "p4", "p3"],
        "doctor": ["Dr A", "Dr B", "Dr A", "Dr C", "Dr B", "Dr C", "Dr C"],
        "bill": [100.0, 250.0, 80.0, 40.0, 60.0, 300.0, 20.0],
    }
)


@pytest.mark.parametrize(
    ("question", "df", "other"),
    [
        ("who has the highest total amount?", ORDERS, "salesperson"),
        ("who brought in the most amount in total?", ORDERS, "salesperson"),
        ("who has the highest total bill?", VISITS, "doctor"),
    ],
)
def test_who_with_two_columns_of_people_names_the_other(
    question: str, df: pd.DataFrame, other: str
) -> None:
    answer = analyse(question, {"t": df})
    assert answer.status == "partial", answer.text
    assert other in answer.text


@pytest.mark.parametrize(
    ("question", "df", "by", "measure"),
    [
        ("which customer has the highest total amount?", ORDERS, "customer", "amount"),
        ("which salesperson has the highest total amount?", ORDERS, "salesperson", "amount"),
        ("which doctor has the highest total bill?", VISITS, "doctor", "bill"),
    ],
)
def test_naming_one_column_of_people_answers_from_it(
    question: str, df: pd.DataFrame, by: str, measure: str
) -> None:
    answer = analyse(question, {"t": df})
    assert answer.status == "answered", answer.text
    assert answer.value == _truth(df, by, measure, "sum"), answer.text
