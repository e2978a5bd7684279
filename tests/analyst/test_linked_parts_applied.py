"""Every linked part of a question is carried by the operation that runs, or named.

Periods ("per month", "which three years"), a ranking's N, a spread statistic, a ratio
of two columns and "in common" are checked on the chosen operation itself; the
families that answer them (ranked periods, the mean of period totals, distinct names
per group, a share within the rows a question names, a decade) give the right figure.
Frames are built here and each expected figure comes from plain pandas.
"""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _monthly() -> pd.DataFrame:
    """Monthly jobless counts over five years, rising then falling."""
    dates = pd.date_range("2001-01-01", periods=60, freq="MS")
    level = [100 + 10 * min(i, 40 - i if i > 20 else i) + (i % 3) for i in range(60)]
    return pd.DataFrame({"date": dates, "jobless": level})


def _market() -> pd.DataFrame:
    """One row per town and month, two years: a town's listings each month."""
    rows = []
    for town, base in (("Alder", 300), ("Birch", 120)):
        for year in (2020, 2021):
            for month in range(1, 13):
                rows.append(
                    {
                        "town": town,
                        "year": year,
                        "month": month,
                        "listings": base + 7 * month + year % 10,
                    }
                )
    return pd.DataFrame(rows)


def _gems() -> pd.DataFrame:
    rng = np.random.default_rng(3)
    carat = rng.uniform(0.2, 3.0, 200).round(3)
    return pd.DataFrame(
        {"carat": carat, "price": (carat * 4000 + rng.normal(0, 300, 200)).round(0),
         "cut": np.array(["Fair", "Good", "Ideal", "Premium"])[np.arange(200) % 4]}
    )  # fmt: skip


def _nations() -> pd.DataFrame:
    """Countries observed in several years: a country's name repeats once a year."""
    rows: list[dict[str, object]] = []
    for region, countries in (("North", ["Aa", "Bb"]), ("South", ["Cc", "Dd", "Ee", "Gg"])):
        for country in countries:
            for year in (2000, 2005, 2010, 2015):
                rows.append({"region": region, "country": country, "year": year,
                             "income": 10 + len(country) * year % 7})  # fmt: skip
    rows += [
        {"region": "North", "country": "Ff", "year": y, "income": 3.0} for y in range(1990, 2020)
    ]
    return pd.DataFrame(rows)


def _birds() -> pd.DataFrame:
    return pd.DataFrame(
        {"kind": ["heron"] * 6 + ["gull"] * 14,
         "sex": ["female", "female", "female", "male", "male", "male"] + ["female"] * 4 + ["male"] * 10,
         "wing": np.arange(20, 40)}
    )  # fmt: skip


def test_which_n_years_ranks_the_years_by_their_average() -> None:
    df = _monthly()
    means = df.groupby(df["date"].dt.year)["jobless"].mean()
    expected = [str(y) for y in means.nlargest(2).index]
    a = analyse("which two years had the highest average jobless?", {"df": df})
    assert a.status == "answered"
    assert isinstance(a.value, list)
    assert [str(v) for v in a.value] == expected
    assert "year" in a.text


def test_on_average_how_many_per_month_is_the_mean_of_the_months_totals() -> None:
    df = _market()
    rows = df[(df["town"] == "Alder") & (df["year"] == 2021)]
    expected = rows.groupby("month")["listings"].sum().mean()
    a = analyse("on average how many listings did Alder have per month in 2021?", {"df": df})
    assert a.status == "answered"
    assert a.value == pytest.approx(expected)
    assert "On average" in a.text and "per month" in a.text


def test_a_period_asked_for_but_not_grouped_by_is_named() -> None:
    df = pd.DataFrame({"store": ["a", "b", "c"], "sales": [1.0, 2.0, 3.0]})
    a = analyse("total sales per month", {"df": df})
    assert a.status != "answered" or "per month" in " ".join(a.left_out)


def test_which_n_groups_gives_n_names_not_one() -> None:
    df = _nations()
    rows = df[df["year"] == 2010]
    expected = rows.groupby("country")["income"].max().nlargest(3).index.tolist()
    a = analyse("which 3 countries had the highest income in 2010?", {"df": df})
    assert a.status == "answered"
    assert a.value == expected


def test_the_most_countries_counts_distinct_countries_not_their_rows() -> None:
    df = _nations()
    distinct = df.groupby("region")["country"].nunique()
    a = analyse("which region has the most countries?", {"df": df})
    assert a.status == "answered"
    assert a.value == distinct.idxmax() == "South"
    assert f": {distinct.max()}" in a.text  # 3 countries, not North's 38 rows


def test_a_share_of_the_named_rows_is_taken_within_them() -> None:
    df = _birds()
    herons = df[df["kind"] == "heron"]
    expected = (herons["sex"] == "female").mean()
    a = analyse("what proportion of heron birds are female?", {"df": df})
    assert a.status == "answered"
    assert a.value == pytest.approx(expected)  # 0.5, not 3 of all 20 rows


def test_a_ratio_of_two_columns_is_computed_not_grouped_by() -> None:
    df = _gems()
    expected = (df["price"] / df["carat"]).groupby(df["cut"]).mean()
    a = analyse("average price per carat by cut", {"gems": df})
    assert a.status == "answered"
    assert a.value == pytest.approx(expected.to_dict())


def test_a_spread_question_answered_without_a_spread_statistic_is_named() -> None:
    df = _gems()
    a = analyse("which cut has the most variable price?", {"gems": df})
    if a.status == "answered":  # answered only when a spread statistic was computed
        assert a.value == df.groupby("cut")["price"].std().idxmax()
    else:
        assert any("variable" in part for part in a.left_out)


def test_a_decade_is_a_span_of_years() -> None:
    df = _nations()
    expected = df[(df["year"] >= 2000) & (df["year"] <= 2009)]["income"].mean()
    a = analyse("mean income in the 2000s", {"df": df})
    assert a.status == "answered"
    assert a.value == pytest.approx(expected)


def test_how_many_days_counts_rows_not_the_day_numbers() -> None:
    df = pd.DataFrame({"Day": list(range(1, 31)), "Wind": [5.0] * 20 + [20.0] * 10})
    a = analyse("how many days had wind above 15?", {"df": df})
    assert a.status == "answered"
    assert a.value == 10


def test_a_statistic_of_a_count_column_is_that_statistic() -> None:
    df = pd.DataFrame({"maker": ["X", "X", "Y"], "seats": [100, 200, 50]})
    a = analyse("what is the average seat count of X planes?", {"df": df})
    assert a.status == "answered"
    assert a.value == pytest.approx(150.0)


def test_a_superlative_is_not_read_as_a_value() -> None:
    df = pd.DataFrame({"skin": ["light", "dark", "light"], "mass": [80.0, 20.0, 60.0]})
    a = analyse("the lightest mass in df", {"df": df})
    assert a.status == "answered"
    assert a.value == pytest.approx(20.0)


def test_a_tie_at_the_top_of_a_ranking_is_said() -> None:
    df = pd.DataFrame({"team": ["a", "b", "c", "a"], "wins": [3, 5, 5, 2]})
    a = analyse("which team has the most wins in total?", {"df": df})
    assert "tied with" in a.text


def test_dask_gives_the_mean_of_period_totals_as_pandas_does() -> None:
    dd = pytest.importorskip("dask.dataframe")
    df = _market()
    rows = df[(df["town"] == "Birch") & (df["year"] == 2020)]
    expected = rows.groupby("month")["listings"].sum().mean()
    lazy = dd.from_pandas(df, npartitions=3)
    a = analyse("on average how many listings did Birch have per month in 2020?", {"df": lazy})
    assert a.engine == "dask"
    assert a.status == "answered"
    assert a.value == pytest.approx(expected)
    assert ".compute()" in a.code and "totals.mean()" in a.code


def _cars() -> pd.DataFrame:
    return pd.DataFrame(
        {"model": ["Alpha GT", "Beta S", "Gamma LX", "Delta R", "Epsilon"],
         "hp": [210, 95, 150, 80, 120], "weight": [1.6, 1.1, 1.4, 0.9, 1.2]}
    )  # fmt: skip


def test_which_n_rows_are_named_not_their_figures() -> None:
    df = _cars()
    expected = df.nsmallest(2, "hp")["model"].tolist()
    a = analyse("which 2 cars have the lowest hp?", {"cars": df})
    assert a.status == "answered"
    assert a.value == expected


def test_how_much_more_one_side_than_the_other_is_never_a_pooled_figure() -> None:
    a = analyse("how much more hp does the Alpha GT have than the Beta S?", {"cars": _cars()})
    if a.status == "answered":  # only a difference answers it
        assert a.value == pytest.approx(115) or (
            isinstance(a.value, dict) and a.value.get("difference") in (115, -115)
        )
    else:
        assert any("how much more" in part for part in a.left_out)


def test_a_second_statistic_is_computed_as_a_part_of_its_own() -> None:
    # it was named as left out; each statistic of its own column is now its own part
    cars = _cars()
    a = analyse("what's the largest hp and the lightest weight in cars", {"cars": cars})
    assert a.status == "answered", a.text
    assert a.value == (cars.hp.max(), cars.weight.min()), a.text


def _storm_tables() -> dict[str, pd.DataFrame]:
    return {
        "early": pd.DataFrame({"wind": [50.0, 120.0, 130.0], "category": [1, 4, 5]}),
        "late": pd.DataFrame({"wind": [40.0, 140.0], "category": [1, 5]}),
    }


def test_a_side_of_a_two_table_comparison_that_is_partial_makes_it_partial() -> None:
    a = analyse("mean wind and category in the Pacific: early versus late", _storm_tables())
    assert a.status == "partial"
    assert any("Pacific" in part for part in a.left_out)


def test_a_number_then_or_stronger_is_a_lower_bound_on_both_sides() -> None:
    tables = _storm_tables()
    expected = {n: t[t["category"] >= 4]["wind"].mean() for n, t in tables.items()}
    a = analyse("mean wind of the category 4 or stronger observations: early versus late", tables)
    assert a.status == "answered"
    assert isinstance(a.value, dict)
    assert a.value["early"] == pytest.approx(expected["early"])
    assert a.value["late"] == pytest.approx(expected["late"])
    assert a.value["difference"] == pytest.approx(expected["early"] - expected["late"])


def _tracks() -> pd.DataFrame:
    """Storms observed six times each: a storm's name repeats over its rows."""
    rng = np.random.default_rng(11)
    names = ["Ana", "Bob", "Cyd", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]
    return pd.DataFrame(
        {"name": np.repeat(names, 6), "wind": rng.uniform(20, 160, 60).round(1),
         "depth": rng.uniform(5, 90, 60).round(2)}
    )  # fmt: skip


def test_top_n_names_that_repeat_ranks_each_name_once() -> None:
    df = _tracks()
    expected = df.groupby("name")["wind"].max().nlargest(3).index.tolist()
    a = analyse("top 3 storms by wind", {"tracks": df})
    assert a.status == "answered"
    assert a.value == expected  # each storm once, ranked by its largest wind


def test_a_peak_or_top_figure_is_the_maximum() -> None:
    df = _tracks()
    a = analyse("what was Ana's top wind?", {"tracks": df})
    assert a.status == "answered"
    assert a.value == pytest.approx(df[df["name"] == "Ana"]["wind"].max())


def test_a_condition_said_as_a_where_clause_and_not_applied_is_named() -> None:
    a = analyse("average depth of storms where most of the crew were rescued", {"t": _tracks()})
    assert a.status != "answered"


def test_a_joined_part_that_cannot_be_read_is_named_not_dropped() -> None:
    df = pd.DataFrame(
        {"team": ["Owls", "Hawks"] * 10, "year": np.repeat(np.arange(2001, 2011), 2),
         "wins": np.arange(60, 100, 2)}
    )  # fmt: skip
    a = analyse(
        "how many games did the Owls win in 2001 and what was their forfeit ratio?", {"df": df}
    )
    assert a.status == "partial"
    assert any("forfeit" in part for part in a.left_out)


def test_a_spread_word_that_is_a_value_of_the_table_is_a_filter_not_a_statistic() -> None:
    patients = pd.DataFrame(
        {
            "condition": ["stable", "critical", "stable", "serious", "stable"],
            "age": [50, 71, 58, 64, 62],
        }
    )
    a = analyse("what is the mean age of stable patients?", {"patients": patients})
    stable = patients.loc[patients["condition"] == "stable", "age"].mean()  # 56.67
    assert a.status == "answered"
    assert a.value == pytest.approx(stable)
    assert "spread" not in a.text
