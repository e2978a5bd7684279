"""Words that say which rows are applied, or the answer says it did not apply them.

Before, each of these answered a simpler question as complete: "average price of homes
with a garage" gave the two-column mean {price, garage}; "how many women have no
children?" counted the children column (every row); "how many orders were returned?",
"used cars", "new cars" dropped the value; "the first quarter", "on weekends", "in the
1990s", "12th graders" were dropped. The tables are small stand-ins built here; every
expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import Analysis, analyse


def _ask(question: str, name: str, frame: pd.DataFrame) -> Analysis:
    return analyse(question, {name: frame.copy()})


def _homes() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "price": [100, 200, 300, 400, 500, 600],
            "garage": [True, False, True, False, False, True],
            "pool": ["yes", "no", "no", "yes", "no", "yes"],
            "school_km": [0.5, 2.0, 0.3, 4.0, 1.0, 0.2],
            "year_built": [1975, 1985, 1992, 1998, 2012, 2015],
        }
    )


def _apartments() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "rent": [900, 1000, 1100, 1200, 1300, 1400],
            "floor": [1, 2, 3, 3, 4, 5],
            "pets": [0, 2, 1, 0, 0, 3],
            "station_km": [0.4, 1.5, 0.2, 3.0, 0.9, 2.2],
        }
    )


def _women() -> pd.DataFrame:
    return pd.DataFrame(
        {"age": [22, 27, 32, 37, 42, 47], "children": [0, 0, 1, 2, 0, 3]},
    )


def _flights() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "dep_date": pd.to_datetime(
                [
                    "2023-01-14",
                    "2023-02-04",
                    "2023-04-11",
                    "2023-05-06",
                    "2023-07-19",
                    "2023-08-26",
                    "2023-10-03",
                    "2023-12-09",
                ]
            ),
            "passengers": [100, 120, 140, 160, 180, 200, 220, 240],
            "cancelled": [False, True, False, False, True, False, True, False],
        }
    )


def _tickets() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "opened": pd.to_datetime(
                ["2024-01-06", "2024-02-12", "2024-04-13", "2024-07-01", "2024-10-05", "2024-11-20"]
            ),
            "hours": [1, 2, 3, 4, 5, 6],
            "resolution": ["closed", "returned", "closed", "returned", "open", "closed"],
        }
    )


# --- the safety net: a condition word never ends up measured or ignored silently ---


@pytest.mark.parametrize(
    ("name", "frame", "question", "word"),
    [
        ("homes", _homes(), "average price of homes near a school", "school"),
        ("apartments", _apartments(), "mean rent of apartments close to a station", "station"),
    ],
)
def test_a_column_said_only_as_a_condition_is_never_measured_beside_the_measure(
    name: str, frame: pd.DataFrame, question: str, word: str
) -> None:
    a = _ask(question, name, frame)
    assert a.status == "partial"
    assert any(word in gap and "did not apply" in gap for gap in a.left_out)


@pytest.mark.parametrize(
    ("frame", "question"),
    [
        (
            pd.DataFrame({"balance": [-5.0, 0.0, 10.0, -2.0, 3.0]}),
            "how many accounts had a balance?",
        ),
        (pd.DataFrame({"change": [-1.5, 2.0, 0.5, -3.0]}), "how many accounts have a change?"),
    ],
)
def test_a_count_of_a_column_no_row_lacks_is_not_an_answer(
    frame: pd.DataFrame, question: str
) -> None:
    a = _ask(question, "accounts", frame)
    assert a.status == "partial"
    assert any("every row" in gap for gap in a.left_out)


@pytest.mark.parametrize(
    ("name", "frame", "question", "word"),
    [
        (
            "passengers",
            pd.DataFrame({"fare": [10.0, 80.0, 60.0], "cabin": ["third", "first", "second"]}),
            "average fare of passengers in first class",
            "first",
        ),
        (
            "players",
            pd.DataFrame({"goals": [3, 5, 1, 0], "squad": ["first", "reserve", "first", "youth"]}),
            "total goals of players in the first squad",
            "first",
        ),
    ],
)
def test_a_value_left_unlinked_is_named(
    name: str, frame: pd.DataFrame, question: str, word: str
) -> None:
    a = _ask(question, name, frame)
    assert a.status == "partial"
    assert any(word in gap for gap in a.left_out)


@pytest.mark.parametrize(
    ("name", "frame", "question", "said"),
    [
        ("flights", _flights(), "how many flights departed on weekends?", "weekends"),
        ("tickets", _tickets(), "how many tickets were opened at weekends?", "weekends"),
        ("flights", _flights(), "how many flights departed in the first half of the year?", "half"),
        ("tickets", _tickets(), "total hours in the second half of 2024", "half"),
        ("flights", _flights(), "how many flights departed in Q3?", "q3"),
        ("flights", _flights(), "number of flights per month in 2023", "month"),
    ],
)
def test_a_period_not_applied_is_named(
    name: str, frame: pd.DataFrame, question: str, said: str
) -> None:
    a = _ask(question, name, frame)
    assert a.status == "partial"
    assert any(said in gap for gap in a.left_out)


# --- applied where the reading is clear ---


@pytest.mark.parametrize(
    ("name", "frame", "question", "expected"),
    [
        ("homes", _homes(), "average price of homes with a garage", 1000 / 3),
        ("homes", _homes(), "average price of homes without a garage", 1100 / 3),
        ("homes", _homes(), "average price of homes with a pool", 1100 / 3),
        ("homes", _homes(), "how many homes have no pool?", 3),
        ("women", _women(), "how many women have no children?", 3),
        ("women", _women(), "how many women have children?", 3),
        ("women", _women(), "average age of women with no children", 91 / 3),
        ("apartments", _apartments(), "average rent of apartments with pets", 3500 / 3),
        ("apartments", _apartments(), "mean rent for apartments without pets", 3400 / 3),
        ("flights", _flights(), "average passengers on cancelled flights", 520 / 3),
    ],
)
def test_having_or_lacking_a_yes_no_or_count_column_is_a_condition(
    name: str, frame: pd.DataFrame, question: str, expected: float
) -> None:
    a = _ask(question, name, frame)
    assert a.status == "answered"
    assert a.value == pytest.approx(expected)


@pytest.mark.parametrize(
    ("name", "frame", "question", "expected"),
    [
        ("orders", pd.DataFrame({"status": ["returned", "shipped", "returned"], "qty": [1, 2, 3]}),
         "how many orders were returned?", 2),
        ("orders", pd.DataFrame({"status": ["returned", "shipped", "returned"], "qty": [1, 2, 3]}),
         "total qty of returned orders", 4),
        ("tickets", _tickets(), "how many tickets were returned?", 2),
        ("cars", pd.DataFrame({"condition": ["new", "used", "used"], "price": [30, 12, 15]}),
         "average price of used cars", 13.5),
        ("cars", pd.DataFrame({"condition": ["new", "used", "used"], "price": [30, 12, 15]}),
         "how many new cars are there?", 1),
    ],
)  # fmt: skip
def test_a_value_that_is_an_everyday_word_is_a_condition(
    name: str, frame: pd.DataFrame, question: str, expected: float
) -> None:
    a = _ask(question, name, frame)
    assert a.status == "answered"
    assert a.value == pytest.approx(expected)


@pytest.mark.parametrize(
    ("name", "frame", "question", "expected"),
    [
        ("flights", _flights(), "how many flights departed in the first quarter?", 2),
        ("flights", _flights(), "total passengers in the second quarter", 300),
        ("tickets", _tickets(), "how many tickets were opened in the third quarter?", 1),
        ("tickets", _tickets(), "total hours in the 4th quarter", 11),
        ("homes", _homes(), "how many homes were built in the 1990s?", 2),
        ("homes", _homes(), "average price of homes built in the 1980s", 200),
        (
            "cars",
            pd.DataFrame({"model_year": [1988, 1992, 1995, 2001], "mpg": [20.0, 25.0, 30.0, 35.0]}),
            "how many cars were made in the 1990s?",
            2,
        ),
    ],
)
def test_a_quarter_or_a_decade_is_a_condition_on_the_dates(
    name: str, frame: pd.DataFrame, question: str, expected: float
) -> None:
    a = _ask(question, name, frame)
    assert a.status == "answered"
    assert a.value == pytest.approx(expected)


@pytest.mark.parametrize(
    ("name", "frame", "question", "expected"),
    [
        (
            "students",
            pd.DataFrame({"grade_level": [9, 10, 11, 12, 12], "math_score": [55, 60, 70, 80, 90]}),
            "average math score of 12th graders",
            85,
        ),
        (
            "students",
            pd.DataFrame(
                {"grade_level": [9, 10, 11, 11, 12], "reading_score": [40, 50, 60, 80, 90]}
            ),
            "average reading score of students in 11th grade",
            70,
        ),
        ("apartments", _apartments(), "average rent of apartments on the 3rd floor", 1150),
        ("apartments", _apartments(), "how many apartments are on the 2nd floor?", 1),
    ],
)
def test_an_ordinal_is_a_value_of_the_column_it_is_said_of(
    name: str, frame: pd.DataFrame, question: str, expected: float
) -> None:
    a = _ask(question, name, frame)
    assert a.status == "answered"
    assert a.value == pytest.approx(expected)


def test_houses_as_the_rows_noun_names_the_other_reading() -> None:
    housing = pd.DataFrame(
        {"type": ["house", "condo", "house", "townhouse"], "year": [2005, 2010, 1990, 2015],
         "price": [500, 300, 400, 350]}
    )  # fmt: skip
    a = _ask("average price of houses built after 2000", "housing", housing)
    assert a.status == "partial"
    assert any("houses" in gap and "every row" in gap for gap in a.left_out)


@pytest.mark.parametrize(
    ("name", "frame", "question", "said"),
    [
        (
            "students",
            pd.DataFrame({"math_score": [50, 60, 70], "absences": [0, 3, 0]}),
            "average math score of students with perfect attendance",
            "with perfect attendance",
        ),
        (
            "accounts",
            pd.DataFrame({"balance": [-5.0, 0.0, 10.0], "owner": ["a", "b", "c"]}),
            "how many accounts have overdrafts?",
            "have overdrafts",
        ),
    ],
)
def test_a_condition_no_column_holds_is_named(
    name: str, frame: pd.DataFrame, question: str, said: str
) -> None:
    a = _ask(question, name, frame)
    assert a.status == "partial"
    assert any(said in gap for gap in a.left_out)


def _monthly_sales() -> pd.DataFrame:
    months = [f"2024-{m:02d}" for m in range(1, 13)]
    return pd.DataFrame(
        {
            "month": months * 10,
            "region": ["North", "South", "East"] * 40,
            "revenue": [float(i) for i in range(120)],  # a measure with a zero in it
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "create a series called monthly with revenue by month",
        "a table with revenue by month",
        "total revenue per month",
    ],
)
def test_a_measure_said_after_with_is_measured_not_a_condition(question: str) -> None:
    # "with revenue" names what to sum, not rows that have revenue; grouped by the
    # `month` column, "by month" / "per month" is the split the answer makes
    sales = _monthly_sales()
    answer = _ask(question, "sales", sales)
    truth = sales.groupby("month")["revenue"].sum()
    assert answer.status == "answered", (answer.status, answer.left_out)
    assert answer.value == pytest.approx(truth.to_dict())
