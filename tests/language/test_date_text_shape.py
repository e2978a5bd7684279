"""Whether text is written as dates, read from a column's values alone."""

from __future__ import annotations

import pytest

from notebook_router.language.date_text_shape import reads_as_dates


@pytest.mark.parametrize(
    "values",
    [
        ["1992-04-30", "1993-01-02", "2001-12-31"],
        ["04/30/1992", "01/02/1993", "12/31/2001 10:30"],
        ["March 2024", "5 Mar 2024", "Sept 3, 2023"],
        ["2020-01-05T10:00:00Z", "2020-02-06 11:30"],
    ],
)
def test_text_written_as_dates_with_their_year_is_read_as_dates(values: list[str]) -> None:
    assert reads_as_dates(values, share=0.8) == tuple(values)


@pytest.mark.parametrize(
    "values",
    [
        ["2015", "2016", "2017"],
        ["Jan", "Feb", "Mar"],
        ["1.2.10", "1.3.11", "2023.1.5"],
        ["2009-10", "2005/06", "2011/12"],
    ],
)
def test_years_months_versions_and_seasons_are_no_dates_by_shape(values: list[str]) -> None:
    assert reads_as_dates(values, share=0.8) is None


def test_a_few_values_that_are_no_date_leave_the_dates_to_the_parser() -> None:
    values = ["2020-01-05", "2020-02-06", "2020-03-07", "2020-04-08", "unknown"]
    assert reads_as_dates(values, share=0.8) == tuple(values[:4])
    assert reads_as_dates(values[3:], share=0.8) is None


@pytest.mark.parametrize("named", [False, True])
def test_a_value_written_day_first_rules_the_column_out(named: bool) -> None:
    assert reads_as_dates(["01/02/2020", "15/02/2020"], share=0.8, named=named) is None
    assert reads_as_dates(["01/02/2020", "12/02/2020"], share=0.8, named=named) is not None


@pytest.mark.parametrize(
    "values",
    [
        ["1.2.10", "1.3.11", "2.0.12"],
        ["2009-10", "2010-11", "2011-12"],
        ["2:08:41", "2:10:05", "12:30"],
        ["2015", "2016", "2017"],
    ],
)
def test_a_column_named_as_dates_of_versions_seasons_years_or_times_is_not(
    values: list[str],
) -> None:
    assert reads_as_dates(values, share=0.8, named=True) is None


def test_a_column_named_as_dates_hands_every_value_to_the_parser_as_text() -> None:
    assert reads_as_dates(["Q1 2020", "Q2 2020"], share=0.8, named=True) == ("Q1 2020", "Q2 2020")
    assert reads_as_dates([], share=0.8, named=True) is None
