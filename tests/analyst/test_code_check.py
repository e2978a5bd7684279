"""Model-written code held to the question: every filter, group-by and measured column used.

The constraints come from the analyst's own reading of real questions over real
frames wherever it reads them; the shapes of code are those models write.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from notebook_router.analyst import code_check
from notebook_router.analyst.code_check import Constraints, constraints_for, unused
from notebook_router.analyst.spec import Decline, Filter

US = "the code does not apply country == 'United States'"
OVER = "the code does not apply daily_vaccinations > 1000000"


@pytest.fixture
def vaccinations() -> pd.DataFrame:
    countries = ["United States", "United Kingdom", "Israel", "Gibraltar"]
    return pd.DataFrame(
        {
            "country": np.repeat(countries, 30),
            "date": np.tile(pd.date_range("2021-01-01", periods=30).to_numpy(), 4),
            "daily_vaccinations": np.arange(120) * 20_000,
        }
    )


@pytest.fixture
def vaccine_question(vaccinations: pd.DataFrame) -> Constraints:
    question = "how many days did the United States report more than 1,000,000 daily vaccinations?"
    return constraints_for(question, {"vacc": vaccinations})


@pytest.fixture
def players() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "player": [f"p{i}" for i in range(8)],
            "batting_average": [0.21, 0.31, 0.25, 0.33, 0.18, 0.4, 0.29, 0.301],
            "salary_in_thousands_of_dollars": [500, 900, 650, 1200, 300, 2000, 700, 880],
            "free_agency_eligibility": ["yes", "no"] * 4,
        }
    )


# ----------------------------------------------------------------- a dropped filter


def test_the_question_is_read_into_the_filters_the_code_must_apply(
    vaccine_question: Constraints,
) -> None:
    assert set(vaccine_question.filters) == {
        Filter("country", "==", "United States"),
        Filter("daily_vaccinations", ">", 1_000_000),
    }


@pytest.mark.parametrize(
    "code",
    [
        "(vacc['daily_vaccinations'] > 1_000_000).sum()",
        "vacc[vacc.daily_vaccinations > 1e6].shape[0]",
        "len(vacc.query('daily_vaccinations > 1000000'))",
    ],
)
def test_code_that_drops_the_country_is_caught(vaccine_question: Constraints, code: str) -> None:
    assert unused(code, vaccine_question) == [US]


@pytest.mark.parametrize(
    "code",
    [
        # subscripts, a mask held in a variable, the count on the filtered frame
        "us = vacc[vacc['country'] == 'United States']\n(us['daily_vaccinations'] > 1e6).sum()",
        # attributes, the comparison methods, a case-folded column against a lower-case value
        "m = vacc.country.str.lower().eq('united states') & vacc.daily_vaccinations.gt(10**6)\n"
        "int(m.sum())",
        # the value on the left, a chained .loc mask
        "vacc.loc[('United States' == vacc.country) & (1000000 < vacc.daily_vaccinations)].shape[0]",
        # a query string, and one with a variable and back-quoted names
        "vacc.query(\"country == 'United States' and daily_vaccinations > 1000000\").shape[0]",
        "name = 'United States'\n"
        "len(vacc.query('`country` == @name & `daily_vaccinations` > 1_000_000'))",
        "who = 'United States'\nlen(vacc.query(f\"country == '{who}' and daily_vaccinations > 1e6\"))",
        # isin with the one value, str.contains, >= for "more than"
        "vacc[vacc.country.isin(['United States']) & (vacc.daily_vaccinations >= 1000000)].shape[0]",
        "sel = vacc[vacc['country'].str.contains('United States', case=False)]\n"
        "sel[sel['daily_vaccinations'] > 1000000]['date'].nunique()",
        # the rows of a group, or of an index label
        "vacc.groupby('country').get_group('United States').daily_vaccinations.gt(1e6).sum()",
        "t = vacc.set_index('country')\n"
        "(t.loc['United States', 'daily_vaccinations'] > 1000000).sum()",
        "counts = vacc[vacc.daily_vaccinations > 1000000].groupby('country').size()\n"
        "counts.loc['United States']",
        # a loop over a literal list of countries
        "out = {}\nfor c in ['United States']:\n"
        "    out[c] = int((vacc[vacc.country == c].daily_vaccinations > 1000000).sum())\nout",
        # numpy on the columns
        "import numpy as np\nnp.sum((vacc['country'].values == 'United States') & "
        "(vacc['daily_vaccinations'].to_numpy() > 1e6))",
    ],
)
def test_every_way_of_writing_the_filters_counts(vaccine_question: Constraints, code: str) -> None:
    assert unused(code, vaccine_question) == []


def test_another_country_does_not_stand_for_the_one_asked(vaccine_question: Constraints) -> None:
    code = "vacc[(vacc.country == 'United Kingdom') & (vacc.daily_vaccinations > 1e6)].shape[0]"
    assert unused(code, vaccine_question) == [US]
    # the value on the wrong column is no filter either
    code = "vacc[(vacc.date == 'United States') & (vacc.daily_vaccinations > 1e6)].shape[0]"
    assert unused(code, vaccine_question) == [US]


def test_the_threshold_must_be_the_one_asked_on_the_side_asked(
    vaccine_question: Constraints,
) -> None:
    us = "vacc.country == 'United States'"
    assert unused(f"vacc[({us}) & (vacc.daily_vaccinations > 100000)]", vaccine_question) == [OVER]
    assert unused(f"vacc[({us}) & (vacc.daily_vaccinations < 1e6)]", vaccine_question) == [OVER]
    assert unused(f"vacc[({us}) & ~(vacc.daily_vaccinations <= 1e6)]", vaccine_question) == []


def test_the_same_for_another_country_needs_that_country(vaccinations: pd.DataFrame) -> None:
    asked = constraints_for(
        "how many days did the United Kingdom report more than 1,000,000 daily vaccinations?",
        {"vacc": vaccinations},
    )
    code = "vacc[(vacc.country == 'United States') & (vacc.daily_vaccinations > 1e6)].shape[0]"
    assert unused(code, asked) == ["the code does not apply country == 'United Kingdom'"]


# ----------------------------------------------------------------- numbers as numbers


@pytest.mark.parametrize(
    ("code", "gap"),
    [
        ("(df.batting_average > 300).sum()", True),
        ("(df.batting_average > '.300').sum()", False),
        ("(df.batting_average > .300).sum()", False),
        ("(df['batting_average'] > 0.3).sum()", False),
        ("df.batting_average.gt(3 / 10).sum()", False),
        ("(df.batting_average < 0.3).sum()", True),
        ("(df.salary_in_thousands_of_dollars > 0.3).sum()", True),
    ],
)
def test_a_point_300_average_is_compared_as_the_number_0_3(code: str, gap: bool) -> None:
    asked = Constraints(
        filters=(Filter("batting_average", ">", 0.3),),
        known=("player", "batting_average", "salary_in_thousands_of_dollars"),
    )
    expected = ["the code does not apply batting_average > 0.3"] if gap else []
    assert unused(code, asked) == expected


# ----------------------------------------------------------------- a dropped group-by

GROUPED = "the code does not group by free_agency_eligibility"


def test_a_pooled_mean_for_a_question_by_group_is_caught(players: pd.DataFrame) -> None:
    asked = constraints_for("average salary by free agency eligibility", {"df": players})
    assert asked.group_by == ("free_agency_eligibility",)
    assert unused("df['salary_in_thousands_of_dollars'].mean()", asked) == [GROUPED]


@pytest.mark.parametrize(
    "code",
    [
        "df.groupby('free_agency_eligibility')['salary_in_thousands_of_dollars'].mean()",
        "df.groupby(['free_agency_eligibility'])['salary_in_thousands_of_dollars'].agg('mean')",
        "df.groupby(df.free_agency_eligibility).salary_in_thousands_of_dollars.mean()",
        "key = 'free_agency_eligibility'\ndf.groupby(by=key).salary_in_thousands_of_dollars.mean()",
        "df.pivot_table(index='free_agency_eligibility', "
        "values='salary_in_thousands_of_dollars', aggfunc='mean')",
        "df.pivot_table(values='salary_in_thousands_of_dollars', "
        "columns='free_agency_eligibility')",
        "import pandas as pd\npd.pivot_table(df, 'salary_in_thousands_of_dollars', "
        "'free_agency_eligibility')",
        "out = {}\nfor v in df['free_agency_eligibility'].unique():\n"
        "    out[v] = df[df['free_agency_eligibility'] == v]['salary_in_thousands_of_dollars']"
        ".mean()\nout",
        "import seaborn as sns\nsns.barplot(data=df, x='free_agency_eligibility', "
        "y='salary_in_thousands_of_dollars')",
        "df.boxplot(column='salary_in_thousands_of_dollars', by='free_agency_eligibility')",
    ],
)
def test_every_way_of_grouping_counts(players: pd.DataFrame, code: str) -> None:
    asked = constraints_for("average salary by free agency eligibility", {"df": players})
    assert unused(code, asked) == []


def test_each_group_measured_apart_is_grouping_one_group_is_not(players: pd.DataFrame) -> None:
    asked = constraints_for("average salary by free agency eligibility", {"df": players})
    salary = "salary_in_thousands_of_dollars"
    apart = (
        f"yes = df[df.free_agency_eligibility == 'yes'].{salary}.mean()\n"
        f"no = df[df['free_agency_eligibility'] == 'no'].{salary}.mean()\n"
        "{'yes': yes, 'no': no}"
    )
    assert unused(apart, asked) == []
    one = f"df[df.free_agency_eligibility == 'yes'].{salary}.mean()"
    assert unused(one, asked) == [GROUPED]


def test_grouping_by_another_column_does_not_count(players: pd.DataFrame) -> None:
    asked = constraints_for("average salary by free agency eligibility", {"df": players})
    code = "df.groupby('player')['salary_in_thousands_of_dollars'].mean()"
    assert unused(code, asked) == [GROUPED]


def test_counts_by_group_and_cross_tabulations_group() -> None:
    asked = Constraints(group_by=("sex", "smoker"), known=("sex", "smoker", "bmi"))
    assert unused("df.value_counts(['sex', 'smoker'])", asked) == []
    assert unused("df[['sex', 'smoker']].value_counts()", asked) == []
    assert unused("import pandas as pd\npd.crosstab(df.sex, df['smoker'])", asked) == []
    assert unused("df.sex.value_counts()", asked) == ["the code does not group by smoker"]


def test_grouping_by_a_date_part_or_period_groups_by_the_date() -> None:
    asked = Constraints(group_by=("date",), known=("date", "sales"))
    for code in (
        "df.groupby(df['date'].dt.year)['sales'].sum()",
        "df.groupby(df.date.dt.to_period('M')).sales.sum()",
        "import pandas as pd\ndf.groupby(pd.Grouper(key='date', freq='M')).sales.sum()",
    ):
        assert unused(code, asked) == [], code


# ----------------------------------------------------------------- measured columns


def test_the_measured_column_must_be_read(players: pd.DataFrame) -> None:
    asked = constraints_for("average salary by free agency eligibility", {"df": players})
    assert asked.columns == ("salary_in_thousands_of_dollars",)
    code = "df.groupby('free_agency_eligibility')['batting_average'].mean()"
    assert unused(code, asked) == [
        "the code does not use the column salary_in_thousands_of_dollars"
    ]
    agg = "df.groupby('free_agency_eligibility').agg({'salary_in_thousands_of_dollars': 'mean'})"
    assert unused(agg, asked) == []


def test_a_measured_share_is_a_test_a_group_or_the_mean_of_a_0_1_column() -> None:
    asked = Constraints(measured=(Filter("survived", "==", 1),), known=("survived", "age"))
    assert unused("(df.survived == 1).mean() * 100", asked) == []
    assert unused("df['survived'].mean() * 100", asked) == []
    assert unused("df.survived.value_counts(normalize=True)", asked) == []
    assert unused("df.age.mean()", asked) == ["the code does not test survived == 1"]


# ----------------------------------------------------------------- other shapes of filter


def test_a_filter_on_a_set_of_values() -> None:
    asked = Constraints(filters=(Filter("region", "isin", ("North", "South")),),
                        known=("region", "revenue"))  # fmt: skip
    assert unused("df[df.region.isin(['North', 'South'])].revenue.sum()", asked) == []
    assert unused("df[(df.region == 'North') | (df.region == 'South')].revenue.sum()", asked) == []
    assert unused("df.query(\"region in ['north', 'south']\").revenue.sum()", asked) == []
    # each region shown apart answers a comparison of the two
    assert unused("df.groupby('region').revenue.sum()", asked) == []
    assert unused("df[df.region == 'North'].revenue.sum()", asked) == [
        "the code does not apply region in ('North', 'South')"
    ]


def test_a_range_is_both_bounds() -> None:
    asked = Constraints(filters=(Filter("cylinders", "between", (4, 6)),),
                        known=("cylinders", "mpg"))  # fmt: skip
    assert unused("df[df.cylinders.between(4, 6)].mpg.mean()", asked) == []
    assert unused("df[(df.cylinders >= 4) & (df.cylinders <= 6)].mpg.mean()", asked) == []
    assert unused("df.query('4 <= cylinders <= 6').mpg.mean()", asked) == []
    assert unused("df[df.cylinders >= 4].mpg.mean()", asked) == [
        "the code does not apply cylinders between 4 and 6"
    ]


def test_not_equal_is_a_negated_test() -> None:
    asked = Constraints(filters=(Filter("origin", "!=", "usa"),), known=("origin", "mpg"))
    assert unused("df[df.origin != 'usa'].mpg.mean()", asked) == []
    assert unused("df[~(df.origin == 'usa')].mpg.mean()", asked) == []
    assert unused("df[~df.origin.isin(['usa'])].mpg.mean()", asked) == []
    assert unused("df[df.origin.ne('USA')].mpg.mean()", asked) == []
    assert unused("df[df.origin == 'usa'].mpg.mean()", asked) == [
        "the code does not apply origin != 'usa'"
    ]


def test_a_boolean_column_as_the_mask() -> None:
    asked = Constraints(filters=(Filter("smoker", "==", True),), known=("smoker", "charges"))
    assert unused("df[df.smoker].charges.mean()", asked) == []
    assert unused("df.loc[df['smoker'], 'charges'].mean()", asked) == []
    assert unused("df[df.smoker == 1].charges.mean()", asked) == []
    assert unused("df[~df.smoker].charges.mean()", asked) == [
        "the code does not apply smoker == True"
    ]


@pytest.mark.parametrize(
    ("code", "gap"),
    [
        ("df[df.date.dt.year == 2021].sales.sum()", False),
        ("import pandas as pd\ndf[pd.to_datetime(df['date']).dt.year == 2021].sales.sum()", False),
        ("df[(df.date >= '2021-01-01') & (df.date < '2022-01-01')].sales.sum()", False),
        ("df.set_index('date').loc['2021'].sales.sum()", False),
        ("df[df.date.astype(str).str.startswith('2021')].sales.sum()", False),
        ("df[df.date.dt.year == 2020].sales.sum()", True),
        ("df.sales.sum()", True),
    ],
)
def test_a_year_is_a_date_part_or_a_date_range(code: str, gap: bool) -> None:
    asked = Constraints(filters=(Filter("date", "year", 2021),), known=("date", "sales"))
    expected = ["the code does not apply date.dt.year == 2021"] if gap else []
    assert unused(code, asked) == expected


def test_a_series_variable_is_its_own_column() -> None:
    asked = Constraints(filters=(Filter("price", ">", 100),), known=("price",),
                        aliases=(("prices", "price"),))  # fmt: skip
    assert unused("prices[prices > 100].mean()", asked) == []
    assert unused("prices.mean()", asked) == ["the code does not apply price > 100"]


# ----------------------------------------------------------------- what the analyst cannot read


def test_an_unread_question_still_holds_the_code_to_the_values_it_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Whatever the analyst makes of this question today, one it cannot map to an operation
    # still names a value and columns: the code must use them somewhere.
    monkeypatch.setattr(code_check, "understand", lambda *_: Decline("no operation fits"))
    sales = pd.DataFrame({"region": ["North", "South", "East"] * 2, "revenue": range(6)})
    asked = constraints_for("what is the revenue of the North region", {"sales": sales})
    assert asked.source == "mentions"
    assert unused("sales.loc[sales.region == 'North', 'revenue'].sum()", asked) == []
    assert unused("sales.groupby('region').revenue.sum().loc['North']", asked) == []
    assert unused("sales.revenue.sum()", asked) == [
        "the code does not use the column region",
        "the code does not use region == 'North'",
    ]


def test_clauses_are_each_held_to_their_own_reading() -> None:
    sales = pd.DataFrame(
        {"region": ["North", "South"] * 3, "revenue": np.arange(6.0), "units": np.arange(6)}
    )
    asked = constraints_for("show total revenue by region, then plot units by region", {"s": sales})
    assert "units" in asked.columns and "revenue" in asked.columns
    assert unused("s.groupby('region').revenue.sum()", asked) == [
        "the code does not use the column units"
    ]


def test_nothing_to_hold_code_to_and_code_that_does_not_parse_pass() -> None:
    assert unused("df.x.sum()", Constraints()) == []
    asked = Constraints(filters=(Filter("x", ">", 1),), known=("x",))
    assert unused("df[df.x >", asked) == []
