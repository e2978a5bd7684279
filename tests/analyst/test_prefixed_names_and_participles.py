"""Words linked to the wrong column or whose negation was lost.

"how many patients were admitted to Oncology?" on a table with a ``readmitted`` Yes/No
column counted the readmissions to Oncology: the verb "admitted", the end of the column's
name, was read as that column's filter. A name that is the word with a prefix that makes
another word ("readmitted", "prepaid", "unpaid", "resold") is another thing; the column
said as itself ("how many were readmitted") is still that column. "average runtime of
movies not rated R" kept Rated == R: a negation before a participle that names the column
("not rated R", "aren't rated R", "never rated PG", "not classified as Drama", "not
labelled spam") leaves the value out. "how many patients have no insurance recorded?"
counted the gaps of ``patient_id`` too: the noun counted names the rows, not a column to
look for gaps in. Every table is a small stand-in built here; every figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _admissions() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "mrn": [1001, 1002, 1003, 1004, 1005, 1006],
            "ward": ["Oncology", "Oncology", "Oncology", "Cardiology", "Oncology", "Cardiology"],
            "readmitted": ["Yes", "No", "No", "Yes", "No", "No"],
            "admit_date": pd.to_datetime(
                ["2023-03-02", "2023-03-09", "2023-05-01", "2023-03-20", "2024-01-01", "2023-03-03"]
            ),
        }
    )


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "order_no": [1, 2, 3, 4, 5, 6, 7],
            "shop": ["Leeds", "York", "Leeds", "Leeds", "York", "Hull", "Leeds"],
            "prepaid": [True, False, False, True, False, True, False],
            "amount": [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0],
        }
    )


def _cars() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "model": list("abcdef"),
            "dealer": ["Kent", "Bath", "Kent", "Kent", "Bath", "Kent"],
            "resold": ["yes", "no", "no", "yes", "no", "no"],
            "price": [5.0, 6.0, 7.0, 8.0, 9.0, 10.0],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "how many patients were admitted to Oncology?",
        "how many people were admitted to Oncology?",
        "number of patients admitted to Oncology",
    ],
)
def test_admitted_is_not_the_readmitted_column(question: str) -> None:
    frame = _admissions()
    a = analyse(question, {"admissions": frame})
    assert a.value == int((frame.ward == "Oncology").sum()), (a.value, a.code)
    assert "readmitted" not in a.code


def test_admitted_in_a_month_counts_every_admission_that_month() -> None:
    frame = _admissions()
    a = analyse("how many patients were admitted in March 2023?", {"admissions": frame})
    dates = frame.admit_date
    assert a.value == int(((dates.dt.year == 2023) & (dates.dt.month == 3)).sum()), a.code
    assert "readmitted" not in a.code


@pytest.mark.parametrize(
    "question", ["how many patients were readmitted?", "how many were readmitted to Oncology?"]
)
def test_the_column_said_as_itself_is_still_its_filter(question: str) -> None:
    frame = _admissions()
    a = analyse(question, {"admissions": frame})
    expected = frame[frame.readmitted == "Yes"]
    if "Oncology" in question:
        expected = expected[expected.ward == "Oncology"]
    assert a.value == len(expected), (a.value, a.code)
    assert "readmitted" in a.code


@pytest.mark.parametrize(
    ("question", "shop"),
    [("how many orders were paid in Leeds?", "Leeds"), ("how many orders paid in York?", "York")],
)
def test_paid_is_not_the_prepaid_column(question: str, shop: str) -> None:
    frame = _orders()
    a = analyse(question, {"orders": frame})
    assert a.value == int((frame.shop == shop).sum()), (a.value, a.code)
    assert "prepaid" not in a.code


@pytest.mark.parametrize(
    "question", ["how many cars were sold in Kent?", "how many cars sold by Kent?"]
)
def test_sold_is_not_the_resold_column(question: str) -> None:
    frame = _cars()
    a = analyse(question, {"cars": frame})
    assert a.value == int((frame.dealer == "Kent").sum()), (a.value, a.code)
    assert "resold" not in a.code


def test_a_name_written_as_two_words_with_a_prefix_is_not_its_last_word() -> None:
    frame = _orders().rename(columns={"prepaid": "pre_paid"})
    a = analyse("how many orders were paid in Leeds?", {"orders": frame})
    assert a.value == int((frame.shop == "Leeds").sum()), (a.value, a.code)
    assert "pre_paid" not in a.code


def _movies() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "Title": list("ABCDEFGH"),
            "Genre": ["Drama", "Comedy", "Horror", "Drama", "Action", "Comedy", "Drama", "Horror"],
            "Rated": ["R", "PG", "R", "PG-13", "R", "G", "PG", "PG-13"],
            "RuntimeMin": [120, 95, 101, 140, 130, 88, 150, 99],
        }
    )


def _mail() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "sender": list("pqrstuvw"),
            "label": ["spam", "work", "spam", "family", "work", "spam", "news", "work"],
            "size_kb": [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0],
        }
    )


def _tickets() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "ticket": [1, 2, 3, 4, 5, 6],
            "status": ["done", "open", "done", "blocked", "open", "done"],
            "hours": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
        }
    )


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("average runtime of movies not rated R", "R"),
        ("average RuntimeMin of movies that are not rated PG", "PG"),
        ("what is the mean runtime of films never rated PG-13?", "PG-13"),
    ],
)
def test_a_negated_participle_naming_the_column_leaves_its_value_out(
    question: str, value: str
) -> None:
    frame = _movies()
    a = analyse(question, {"movies": frame})
    expected = frame[frame.Rated != value].RuntimeMin.mean()
    assert a.value == pytest.approx(expected), (a.value, a.code)
    assert a.status == "answered"


@pytest.mark.parametrize(
    "question", ["how many movies aren't rated R?", "how many movies weren't rated R?"]
)
def test_a_negated_auxiliary_before_the_columns_participle_leaves_the_value_out(
    question: str,
) -> None:
    frame = _movies()
    a = analyse(question, {"movies": frame})
    assert a.value == int((frame.Rated != "R").sum()), (a.value, a.code)


@pytest.mark.parametrize(
    ("question", "frame_name", "expected"),
    [
        ("how many movies are not classified as Drama?", "movies", 5),
        ("how many movies not classified as Drama or Comedy?", "movies", 3),
        ("total size_kb of emails not labelled spam", "mail", 260.0),
        ("total size_kb of emails that weren't labelled as spam", "mail", 260.0),
        ("total hours of tickets not marked done", "tickets", 11.0),
        ("how many tickets were never marked done?", "tickets", 3),
    ],
)
def test_a_negated_participle_leading_to_a_value_leaves_it_out(
    question: str, frame_name: str, expected: float
) -> None:
    frames = {"movies": _movies(), "mail": _mail(), "tickets": _tickets()}
    a = analyse(question, {frame_name: frames[frame_name]})
    assert a.value == pytest.approx(expected), (a.value, a.code)


def _clinic() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "patient_id": [1, 2, 3, 4, 5, 6],
            "insurance": ["Private", None, "Medicare", None, "Private", "Medicaid"],
            "age": [30, None, 50, 60, None, 80],
        }
    )


def _members() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "customer_id": [10, 11, 12, 13, 14],
            "email": ["a@x", None, None, "d@x", None],
            "city": ["Oslo", "Bergen", None, "Oslo", "Oslo"],
        }
    )


@pytest.mark.parametrize(
    ("question", "frame_name", "expected"),
    [
        ("how many patients have no insurance recorded?", "clinic", 2),
        ("how many patients are missing insurance?", "clinic", 2),
        ("how many customers have no email recorded?", "members", 3),
        ("number of customers missing an email", "members", 3),
    ],
)
def test_the_counted_noun_adds_no_column_to_a_missing_count(
    question: str, frame_name: str, expected: int
) -> None:
    frames = {"clinic": _clinic(), "members": _members()}
    a = analyse(question, {frame_name: frames[frame_name]})
    assert a.value == expected, (a.value, a.code)


def _staff() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "name": list("abcdef"),
            "unemployed": ["yes", "no", "no", "yes", "no", "no"],
            "town": ["X", "Y", "X", "X", "Y", "Y"],
            "income": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
        }
    )


def _bills() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "bill": [1, 2, 3, 4, 5],
            "unpaid": [True, False, True, False, False],
            "amount": [10.0, 20.0, 30.0, 40.0, 50.0],
        }
    )


@pytest.mark.parametrize(
    ("question", "frame_name", "expected"),
    [
        ("how many people are employed?", "staff", 4),
        ("average income of employed people", "staff", 4.0),
        ("how many people are not employed?", "staff", 2),
        ("how many bills were paid?", "bills", 3),
        ("total amount of paid bills", "bills", 110.0),
        ("total amount of bills that were not paid", "bills", 40.0),
    ],
)
def test_a_word_a_yes_no_columns_name_negates_is_its_no_side(
    question: str, frame_name: str, expected: float
) -> None:
    frames = {"staff": _staff(), "bills": _bills()}
    a = analyse(question, {frame_name: frames[frame_name]})
    assert a.value == pytest.approx(expected), (a.value, a.code)


@pytest.mark.parametrize(
    ("question", "frame_name"),
    [
        ("how many patients have missing values?", "clinic"),
        ("how many patients have a missing value?", "clinic"),
        ("how many customers have missing values?", "members"),
    ],
)
def test_the_counted_noun_alone_counts_the_rows_with_a_gap(question: str, frame_name: str) -> None:
    frames = {"clinic": _clinic(), "members": _members()}
    frame = frames[frame_name]
    a = analyse(question, {frame_name: frame})
    assert a.value == int(frame.isna().any(axis=1).sum()), (a.value, a.code)


@pytest.mark.parametrize(
    ("question", "frame_name", "column"),
    [
        ("how many patient ids are missing?", "clinic", "patient_id"),
        ("how many customer_id values are missing?", "members", "customer_id"),
    ],
)
def test_an_id_named_in_full_is_still_counted_for_gaps(
    question: str, frame_name: str, column: str
) -> None:
    frames = {"clinic": _clinic(), "members": _members()}
    frame = frames[frame_name]
    a = analyse(question, {frame_name: frame})
    assert a.value == int(frame[column].isna().sum()), (a.value, a.code)
    assert column in a.code


@pytest.mark.parametrize(
    ("question", "frame_name"),
    [
        ("compare average runtime of movies rated R and not rated R", "movies"),
        ("total size_kb of emails labelled spam vs those not labelled spam", "mail"),
    ],
)
def test_a_value_said_plainly_and_negated_is_named_not_read_both_ways(
    question: str, frame_name: str
) -> None:
    frames = {"movies": _movies(), "mail": _mail()}
    a = analyse(question, {frame_name: frames[frame_name]})
    assert a.status != "answered", (a.value, a.code)
    assert "!=" not in a.code  # never "== R and != R" at once, an empty selection


def test_a_prefix_that_is_often_no_negation_names_no_side() -> None:
    ward = pd.DataFrame(
        {
            "bed": [1, 2, 3, 4, 5],
            "inpatient": [True, False, True, True, False],
            "ward": ["A", "A", "B", "B", "B"],
        }
    )
    a = analyse("how many patients are in ward B?", {"ward_list": ward})
    assert a.value == 3, (a.value, a.code)
    assert "inpatient" not in a.code
