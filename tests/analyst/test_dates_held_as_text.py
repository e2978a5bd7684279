"""Dates held as text (a CSV's "1992-04-30", "04/30/2015", "March 2024") are compared as
dates: "after 1992-04-30" is a bound, never ``== '1992-04-30'``; "in March 2024", "since
2016" and "per year" read the parsed dates; the code parses the text first (never ``.dt``
on text), and the rows whose text is no date are named in the answer. A datetime column
reads as it did; a text column of other things is never parsed. Each table is a small
stand-in built here.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from notebook_router.analyst import analyse
from notebook_router.analyst.schema import schema_of

_ISO = ["1990-01-05", "1992-04-30", "1993-07-01", "1995-03-10", "2001-12-31", "1988-06-06"]
_US = ["03/15/2024", "03/02/2024", "04/30/2015", "11/01/2016", "01/01/2014", "07/04/2018"]


def _deaths(dates: list[str] | None = None) -> pd.DataFrame:
    dates = dates or _ISO
    return pd.DataFrame({"name": [f"p{i}" for i in range(len(dates))], "death_date": dates,
                         "score": range(1, len(dates) + 1)})  # fmt: skip


def _films() -> pd.DataFrame:
    return pd.DataFrame({"title": list("abcdef"), "release_date": _US,
                         "sales": [10, 20, 30, 40, 50, 60]})  # fmt: skip


def _readings() -> pd.DataFrame:
    """More dates than a category holds, in a column whose name says nothing of dates."""
    days = pd.date_range("2019-11-01", periods=90, freq="5D")
    return pd.DataFrame({"taken": days.strftime("%Y-%m-%d"), "level": range(90)})


def _parsed(frame: pd.DataFrame, column: str) -> pd.Series:
    return pd.to_datetime(frame[column], format="mixed", errors="coerce")


@pytest.mark.parametrize(
    ("question", "op"),
    [
        ("how many people have a death_date after 1992-04-30?", ">"),
        ("how many rows have a death date later than 04/30/1992?", ">"),
        ("how many died before 1992-04-30?", "<"),
        ("how many rows with death_date prior to April 30, 1992?", "<"),
        ("how many rows with a death date on or after 1992-04-30?", ">="),
    ],
)
def test_a_date_after_a_bound_word_is_a_bound_on_dates_of_text(question: str, op: str) -> None:
    frame = _deaths()
    dates = _parsed(frame, "death_date")
    bound = pd.Timestamp("1992-04-30")
    wanted = {">": dates > bound, "<": dates < bound, ">=": dates >= bound}[op]
    a = analyse(question, {"t": frame})
    assert a.status == "answered", a.text
    assert a.value == int(wanted.sum()), (a.text, a.code)
    assert f"death_date {op} 1992-04-30" in a.text, a.text
    assert "== '1992-04-30'" not in a.code and "pd.to_datetime" in a.code


@pytest.mark.parametrize(
    ("question", "low", "high"),
    [
        ("total sales for releases before 04/30/2015", None, "2015-04-30"),
        ("total sales for releases after 2016-11-01", "2016-11-01", None),
        ("total sales between March 1, 2024 and March 20, 2024", "2024-03-01", "2024-03-20"),
    ],
)
def test_us_dates_are_compared_as_dates_never_as_text(
    question: str, low: str | None, high: str | None
) -> None:
    frame = _films()
    dates = _parsed(frame, "release_date")
    if low and high:
        kept = dates.between(low, high)
    else:
        kept = dates > pd.Timestamp(low) if low else dates < pd.Timestamp(str(high))
    a = analyse(question, {"t": frame})
    assert a.status == "answered", a.text
    assert a.value == float(frame.loc[kept, "sales"].sum()), (a.text, a.code)
    assert "release_date" in a.text and (low or high or "") in a.text, a.text


@pytest.mark.parametrize(
    ("question", "month", "year"),
    [
        ("total sales in March 2024", 3, 2024),
        ("how many titles were released in March 2024?", 3, 2024),
        ("what were the total sales in April 2015?", 4, 2015),
    ],
)
def test_a_month_of_a_year_reads_the_parsed_dates(question: str, month: int, year: int) -> None:
    frame = _films()
    dates = _parsed(frame, "release_date")
    kept = (dates.dt.month == month) & (dates.dt.year == year)
    a = analyse(question, {"t": frame})
    assert a.status == "answered", a.text
    expected = int(kept.sum()) if "how many" in question else float(frame.loc[kept, "sales"].sum())
    assert a.value == expected, (a.text, a.code)
    assert f"month of release_date = {month}" in a.text and str(year) in a.text, a.text


@pytest.mark.parametrize(
    ("question", "frame_of", "column", "op"),
    [
        ("how many titles were released after 2015?", _films, "release_date", ">"),
        ("how many titles released since 2016?", _films, "release_date", ">="),
        ("count rows with death date since 1993", _deaths, "death_date", ">="),
        ("how many readings were taken before 2020?", _readings, "taken", "<"),
    ],
)
def test_a_year_bound_reads_the_year_of_the_parsed_dates(
    question: str, frame_of: object, column: str, op: str
) -> None:
    frame = frame_of()  # type: ignore[operator]
    years = _parsed(frame, column).dt.year
    year = int(question.rstrip("?")[-4:])
    wanted = {">": years > year, ">=": years >= year, "<": years < year}[op]
    a = analyse(question, {"t": frame})
    assert a.status == "answered", a.text
    assert a.value == int(wanted.sum()), (a.text, a.code)
    assert f"year of {column} {op} {year}" in a.text, a.text
    assert ".dt.year" in a.code and "pd.to_datetime" in a.code


@pytest.mark.parametrize(
    ("question", "frame_of", "column", "measure"),
    [
        ("total sales per year", _films, "release_date", "sales"),
        ("average score by year", _deaths, "death_date", "score"),
        ("total level per month", _readings, "taken", "level"),
    ],
)
def test_a_period_groups_the_parsed_dates(
    question: str, frame_of: object, column: str, measure: str
) -> None:
    frame = frame_of()  # type: ignore[operator]
    a = analyse(question, {"t": frame})
    assert a.status in ("answered", "partial"), a.text
    assert "no date column" not in a.text
    freq = "M" if "month" in question else "Y"
    periods = _parsed(frame, column).dt.to_period(freq).astype(str)
    grouped = frame.groupby(periods)[measure]
    wanted = grouped.sum() if "total" in question else grouped.mean()
    value = a.value if isinstance(a.value, dict) else {}
    shown = {str(k): v for k, v in value.items() if v == v and v != 0}
    assert shown == {k: float(v) for k, v in wanted.items() if v != 0}, (a.text, a.code)


@pytest.mark.parametrize(
    "question",
    ["how many rows have a death_date after 1992-04-30?", "how many deaths in 1993?"],
)
def test_text_that_is_no_date_is_named_in_the_answer(question: str) -> None:
    frame = _deaths([*_ISO, "unknown"])
    a = analyse(question, {"t": frame})
    assert a.status == "answered", a.text
    dates = _parsed(frame, "death_date")
    wanted = dates > pd.Timestamp("1992-04-30") if "after" in question else dates.dt.year == 1993
    assert a.value == int(wanted.sum()), (a.text, a.code)
    assert "1 row of death_date holds no date" in a.text and "'unknown'" in a.text, a.text


@pytest.mark.parametrize(
    ("question", "wanted"),
    [
        ("what is the latest release_date?", "2024-03-15"),
        ("the earliest release date", "2014-01-01"),
    ],
)
def test_the_first_or_last_date_is_the_dates_never_the_texts(question: str, wanted: str) -> None:
    a = analyse(question, {"t": _films()})
    assert a.status == "answered", a.text
    assert str(a.value).startswith(wanted), (a.text, a.code)


@pytest.mark.parametrize(
    ("question", "wanted"),
    [
        ("how many people have a death_date after 1992-04-30?", 3),
        ("how many deaths in 1993?", 1),
        ("how many rows with a death date before 1990?", 1),
    ],
)
def test_a_datetime_column_is_compared_as_it_was(question: str, wanted: int) -> None:
    frame = _deaths().assign(death_date=lambda f: pd.to_datetime(f["death_date"]))
    a = analyse(question, {"t": frame})
    assert a.status == "answered", a.text
    assert a.value == wanted, (a.text, a.code)
    assert "to_datetime" not in a.code, a.code


@pytest.mark.parametrize(
    "values",
    [
        ["Q1", "Q2", "Q3", "Q4", "Q1", "Q2"],
        ["2015", "2016", "2017", "2018", "2019", "2020"],
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun"],
        ["A-12", "B-7", "C-3", "D-40", "E-1", "F-2"],
        ["12-345", "23-456", "34-567", "45-678", "56-789", "67-890"],
    ],
)
def test_text_of_other_things_is_never_parsed(values: list[str]) -> None:
    frame = pd.DataFrame({"period": values, "sales": range(6)})
    assert schema_of("t", frame).column("period").kind != "datetext"
    a = analyse("total sales by period", {"t": frame})
    assert "to_datetime" not in a.code, a.code


@pytest.mark.parametrize(
    ("frame_of", "question", "said"),
    [
        (_deaths, "how many people have a death_date after 1992-04-30?", "There are 3 rows where death_date > 1992-04-30"),
        (_films, "how many releases in March 2024?", "There are 2 rows where month of release_date = 3 and year of release_date = 2024"),
        (_films, "total sales per year", "2016: 40"),
    ],
)  # fmt: skip
def test_the_router_answers_from_the_parsed_dates(
    frame_of: object, question: str, said: str
) -> None:
    run = Router(data={"t": frame_of()}, memory=True).run_sync(question)  # type: ignore[operator]
    assert said in run.answer, run.answer
    assert "dt accessor" not in run.answer and "no date column" not in run.answer
