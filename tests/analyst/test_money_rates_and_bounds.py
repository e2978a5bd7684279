"""Numbers, rates and shares read the way they are said.

- a money amount ("over 95k a year", "more than $80,000") is a bound on the money column,
  in that column's unit, never on the age said nearby;
- "in or after 2020", "on or before 2019" include the year;
- "which state has the highest poverty rate" picks a state (its mean when a state has
  several rows), never lists each state's share of a total;
- "average X across Y" is one figure over all of Y;
- "what percentage of boys get free lunch" is a share among the boys;
- "in the first 6 months" is a stretch of time, never a top-6 list.

The tables are small made-up ones; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.analyst.tables import ages_and_salaries


def _people_in_thousands() -> pd.DataFrame:
    return pd.DataFrame(
        {"AGE": [30, 40, 50, 60], "annual_income_k": [40, 70, 95, 130], "city": list("abab")}
    )


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how many employees make over 95k a year?", 3),
        ("how many employees earn more than $95,000?", 3),
        ("count employees paid under 90 thousand dollars", 2),
    ],
)
def test_a_money_amount_bounds_the_money_column(question: str, expected: int) -> None:
    staff = ages_and_salaries()
    a = analyse(question, {"employees": staff})
    assert a.status == "answered"
    assert a.value == expected
    assert "age" not in a.code


def test_a_money_amount_scaled_to_a_column_in_thousands() -> None:
    people = _people_in_thousands()
    a = analyse("average AGE of people earning at least $70,000", {"people": people})
    assert a.status == "answered"
    assert a.value == pytest.approx(people[people.annual_income_k >= 70].AGE.mean())
    b = analyse("how many people make over 95k a year?", {"people": people})
    assert b.value == int((people.annual_income_k > 95).sum())


def test_a_money_amount_with_no_money_column_is_named_not_applied() -> None:
    people = pd.DataFrame({"age": [30, 40], "height": [1.7, 1.8]})
    a = analyse("how many people make over 95k a year?", {"people": people})
    assert a.status != "answered"
    assert any("95k" in str(part) for part in a.left_out)
    assert "age" not in a.code


@pytest.mark.parametrize(
    ("question", "op"),
    [
        ("how many employees were hired in or after 2020?", ">="),
        ("how many employees were hired on or before 2019?", "<="),
        ("count of employees hired in or before 2020", "<="),
    ],
)
def test_in_or_after_a_year_includes_it(question: str, op: str) -> None:
    hires = pd.DataFrame(
        {
            "hire_date": pd.to_datetime(
                ["2018-05-01", "2019-03-01", "2020-02-01", "2020-09-01", "2021-01-01"]
            )
        }
    )
    year = int(question.rstrip("?").split()[-1])
    years = hires.hire_date.dt.year
    a = analyse(question, {"employees": hires})
    assert a.status == "answered"
    assert a.value == int((years >= year).sum() if op == ">=" else (years <= year).sum())


def test_in_or_after_a_year_said_after_the_measure() -> None:
    shop = pd.DataFrame({"year": [2015, 2016, 2017, 2018, 2019], "sales": [1, 2, 3, 4, 5]})
    a = analyse("total sales in or after 2017", {"shop": shop})
    assert a.status == "answered"
    assert a.value == shop[shop.year >= 2017].sales.sum()


def test_the_highest_rate_picks_the_row() -> None:
    states = pd.DataFrame(
        {
            "STATE": ["Texas", "Virginia", "Arizona", "Oregon", "Colorado"],
            "PERPOVERTY": [16.7, 12.5, 18.8, 11.2, 9.3],
            "DEGREE": [0.16, 0.27, 0.2, 0.22, 0.31],
        }
    )
    a = analyse("which state has the highest poverty rate?", {"states": states})
    assert a.value == states.loc[states.PERPOVERTY.idxmax(), "STATE"]
    b = analyse("which state has the lowest degree rate", {"states": states})
    assert b.value == states.loc[states.DEGREE.idxmin(), "STATE"]


def test_a_rate_column_is_averaged_over_a_groups_rows() -> None:
    econ = pd.DataFrame(
        {
            "region": ["N", "N", "S", "S", "E"],
            "unemployment_rate": [5.0, 7.0, 4.0, 4.5, 9.0],
            "sales": [10, 20, 30, 40, 5],
        }
    )
    means = econ.groupby("region").unemployment_rate.mean()
    a = analyse("which region has the highest unemployment rate?", {"econ": econ})
    assert a.value == means.idxmax()
    b = analyse("unemployment rate by region", {"econ": econ})
    assert b.value == pytest.approx(means.to_dict())
    # a share of a total is still a share
    c = analyse("percentage of sales by region", {"econ": econ})
    totals = econ.groupby("region").sales.sum()
    assert c.value == pytest.approx((totals / totals.sum() * 100).to_dict())


@pytest.mark.parametrize(
    ("question", "frame", "column"),
    [
        ("average YES vote across council districts", "votes", "YES"),
        ("mean delay_minutes across all airlines", "flights", "delay_minutes"),
    ],
)
def test_across_groups_is_one_figure(question: str, frame: str, column: str) -> None:
    tables = {
        "votes": pd.DataFrame(
            {"COUNCILDIST": ["Aberdeen", "Angus", "Fife", "Moray"], "YES": [60.3, 53.4, 64.7, 52.7]}
        ),
        "flights": pd.DataFrame(
            {"airline": ["Delta", "Delta", "United", "United", "United"], "delay_minutes": [10, 20, 0, 30, 60]}
        ),
    }  # fmt: skip
    df = tables[frame]
    a = analyse(question, {frame: df})
    assert a.status == "answered"
    assert a.value == pytest.approx(df[column].mean())


def test_across_with_each_is_still_per_group() -> None:
    flights = pd.DataFrame({"airline": ["Delta", "Delta", "United"], "delay_minutes": [10, 20, 30]})
    a = analyse("how does the average delay_minutes vary across airlines", {"f": flights})
    assert isinstance(a.value, dict)


@pytest.mark.parametrize(
    ("question", "base", "measured"),
    [
        ("what percentage of boys get free lunch?", "boy", "free"),
        ("what percentage of girls receive free lunch", "girl", "free"),
    ],
)
def test_a_share_among_the_group_said_before_the_verb(
    question: str, base: str, measured: str
) -> None:
    students = pd.DataFrame(
        {
            "gender": ["boy", "boy", "boy", "boy", "girl", "girl", "girl", "girl"],
            "lunch": ["free", "free", "standard", "standard", "free", "standard", "standard", "standard"],
        }
    )  # fmt: skip
    a = analyse(question, {"students": students})
    expected = 100 * (students[students.gender == base].lunch == measured).mean()
    assert a.value == pytest.approx(expected)


def test_a_share_among_customers_who_live_somewhere() -> None:
    customers = pd.DataFrame(
        {"plan": ["premium", "premium", "basic", "basic", "basic"],
         "region": ["north", "south", "north", "north", "south"]}
    )  # fmt: skip
    a = analyse("what percentage of premium customers live in the north?", {"c": customers})
    expected = 100 * (customers[customers.plan == "premium"].region == "north").mean()
    assert a.value == pytest.approx(expected)


def _flights() -> pd.DataFrame:
    n = 40
    return pd.DataFrame(
        {
            "flight_no": [f"FL{100 + i}" for i in range(n)],
            "airline": (["Delta", "United"] * n)[:n],
            "dep_date": pd.date_range("2023-01-03", periods=n, freq="9D"),
            "distance_miles": [300 + 61 * i % 2500 for i in range(n)],
        }
    )


def test_the_first_months_are_a_stretch_of_time_not_a_top_list() -> None:
    flights = _flights()
    a = analyse("total distance_miles flown by Delta in the first 6 months", {"flights": flights})
    delta = flights[flights.airline == "Delta"]
    assert a.status == "answered"
    assert a.value == delta[delta.dep_date.dt.month <= 6].distance_miles.sum()
    assert "nlargest" not in a.code


def test_the_last_months_count_back_from_the_latest_date() -> None:
    orders = pd.DataFrame(
        {"order_date": pd.date_range("2022-03-15", periods=30, freq="17D"), "amount": range(30)}
    )
    # the latest date is in July 2023: May, June and July are the last 3 months
    a = analyse("total amount over the last 3 months", {"orders": orders})
    assert a.value == orders[orders.order_date >= "2023-05-01"].amount.sum()
    b = analyse("how many orders in the first two quarters", {"orders": orders})
    assert b.value == int((orders.order_date < "2022-07-01").sum())


def test_the_first_months_without_a_date_column_are_named() -> None:
    flights = _flights().drop(columns="dep_date")
    a = analyse("total distance_miles flown by Delta in the first 6 months", {"f": flights})
    assert not isinstance(a.value, list)
    assert a.status != "answered"


# A scaled figure before another column's noun counts that column, never the money.
@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how many products have more than 1k reviews?", 2),
        ("average rating of products with over 1k reviews", 2.5),
    ],
)
def test_a_scaled_count_of_another_column_is_not_money(question: str, expected: float) -> None:
    frame = pd.DataFrame(
        {"reviews": [500, 1500, 2500, 800], "rating": [1, 2, 3, 4], "price": [5, 2000, 10, 3000]}
    )
    a = analyse(question, {"products": frame})
    assert "price" not in (a.code or ""), a.code
    assert a.status != "answered" or a.value == expected, a.code


# A rate said with no currency and no pay verb is no money amount.
@pytest.mark.parametrize(
    "question",
    [
        "how many machines produce more than 500 per hour?",
        "how many machines put out over 500 an hour?",
    ],
)
def test_a_rate_alone_is_not_money(question: str) -> None:
    frame = pd.DataFrame(
        {"units_per_hour": [300, 600, 700, 900], "maintenance_cost": [1, 800, 2, 900]}
    )
    a = analyse(question, {"machines": frame})
    assert "maintenance_cost" not in (a.code or ""), a.code
    assert a.status != "answered" or a.value == 3, a.code


# A scaled figure before a noun that is no money word (residents) is not the budget.
@pytest.mark.parametrize(
    "question",
    [
        "how many cities have more than 1 million residents?",
        "how many cities have over 2 million inhabitants?",
    ],
)
def test_a_scaled_count_of_people_is_not_money(question: str) -> None:
    frame = pd.DataFrame(
        {"population": [500000, 1500000, 2500000], "total_budget": [5, 2000000, 3000000]}
    )
    a = analyse(question, {"cities": frame})
    assert "total_budget" not in (a.code or ""), a.code
