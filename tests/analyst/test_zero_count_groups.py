"""A count per group shows a 0 only for a group the question asks about.

A threshold counted per group ("in how many years was invest above 130") gives each group
its 0; a value that draws the population ("within the South", "only blue items") leaves
out the groups with no row in it, as pandas' ``groupby`` of the filtered rows does.
"""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse


def _samples() -> pd.DataFrame:
    # areas nest in regions; every area has rows of both kinds of oil
    areas = {"South": ["Apulia", "Calabria", "Sicily"], "North": ["Liguria", "Umbria"]}
    rows = []
    for region, names in areas.items():
        for i, area in enumerate(names):
            for j in range(3 + 2 * i):
                rows.append(
                    {"region": region, "area": area, "kind": "virgin" if j % 2 else "pomace"}
                )
    return pd.DataFrame(rows)


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "city": ["Leeds"] * 4 + ["York"] * 5 + ["Hull"] * 3,
            "status": [
                *["delivered", "delivered", "late", "delivered"],
                *["cancelled", "delivered", "cancelled", "late", "delivered"],
                *["cancelled", "delivered", "late"],
            ],
            "amount": [12, 30, 8, 22, 15, 40, 9, 18, 25, 11, 35, 20],
        }
    )


def test_groups_outside_a_named_value_are_not_listed() -> None:
    df = _samples()
    a = analyse("count samples per area within the South region", {"oils": df})
    truth = df[df.region == "South"].groupby("area").size().to_dict()
    assert (a.status, a.value) == ("answered", truth)


def test_groups_with_none_of_a_named_kind_are_not_listed() -> None:
    df = _orders()
    a = analyse("number of orders per city, only cancelled orders", {"orders": df})
    truth = df[df.status == "cancelled"].groupby("city").size().to_dict()
    assert "Leeds" not in truth
    assert (a.status, a.value) == ("answered", truth)


def test_the_fewest_can_be_a_group_with_none() -> None:
    df = _orders()
    a = analyse("which city has the fewest cancelled orders?", {"orders": df})
    assert (a.status, a.value) == ("answered", "Leeds")


def test_the_fewest_within_a_region_is_an_area_of_that_region() -> None:
    df = _samples()
    a = analyse("which area in the South region has the fewest samples?", {"oils": df})
    truth = df[df.region == "South"].groupby("area").size().idxmin()
    assert a.value == truth


def test_a_threshold_counted_in_a_drawn_population_gives_its_groups_zeros() -> None:
    df = _orders()
    a = analyse("for each city, how many cancelled orders had an amount above 12?", {"orders": df})
    cancelled = df[df.status == "cancelled"]
    truth = {
        c: int((cancelled[cancelled.city == c].amount > 12).sum()) for c in cancelled.city.unique()
    }
    assert 0 in truth.values() and "Leeds" not in truth
    assert (a.status, a.value) == ("answered", truth)


def test_the_fewest_can_be_a_group_whose_rows_all_hold_another_value() -> None:
    df = _orders()
    df.loc[df.city == "Leeds", "status"] = "delivered"  # Leeds: one status, no cancelled
    a = analyse("which city has the fewest cancelled orders?", {"orders": df})
    assert (a.status, a.value) == ("answered", "Leeds")


@pytest.mark.parametrize(
    ("question", "name", "frame"),
    [
        ("which city has the fewest cancelled orders?", "orders", _orders()),
        ("which area in the South region has the fewest samples?", "samples", _samples()),
        ("for each city, how many cancelled orders had an amount above 12?", "orders", _orders()),
        ("number of orders per city, only cancelled orders", "orders", _orders()),
    ],
)
def test_zero_groups_are_the_same_on_dask(question: str, name: str, frame: pd.DataFrame) -> None:
    dd = pytest.importorskip("dask.dataframe")
    on_pandas = analyse(question, {name: frame})
    on_dask = analyse(question, {name: dd.from_pandas(frame, npartitions=2)})
    assert on_pandas.status == "answered", on_pandas.text
    assert (on_dask.status, on_dask.value) == (on_pandas.status, on_pandas.value), on_dask.text


def test_a_yes_no_condition_is_counted_in_every_group() -> None:
    df = pd.DataFrame(
        {
            "clinician": ["Lind", "Lind", "Patel", "Patel", "Moreau", "Moreau", "Okafor"],
            "smoker": ["yes", "yes", "no", "yes", "no", "no", "yes"],
        }
    )
    a = analyse("how many smokers per clinician?", {"visits": df})
    truth = {
        c: int(((df.clinician == c) & (df.smoker == "yes")).sum()) for c in df.clinician.unique()
    }
    assert truth["Moreau"] == 0  # the case that matters: a clinician with none
    assert (a.status, a.value) == ("answered", truth)


def test_groups_that_nest_in_a_yes_no_column_are_not_zeros() -> None:
    df = pd.DataFrame(
        {
            "store": ["A"] * 5 + ["B"] * 4 + ["C"] * 2 + ["D"] * 6 + ["E"] * 3,
            "online": [1] * 11 + [0] * 9,  # stores A to C sell online, D and E never
        }
    )
    a = analyse("which online store has the fewest sales?", {"sales": df})
    assert (a.status, a.value) == ("answered", "C")
    b = analyse("how many sales per store for online stores?", {"sales": df})
    assert (b.status, b.value) == ("answered", {"A": 5, "B": 4, "C": 2})


def test_a_yes_no_side_said_of_the_rows_draws_them() -> None:
    df = pd.DataFrame(
        {
            "field": ["General", "General", "Theory", "Finance", "Area", "Area", "Theory"],
            "society": ["yes", "yes", "no", "yes", "no", "no", "no"],
        }
    )
    a = analyse("how many journals per field for society journals?", {"journals": df})
    truth = df[df.society == "yes"].groupby("field").size().to_dict()
    assert (a.status, a.value) == ("answered", truth)
