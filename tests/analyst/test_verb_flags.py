"""A yes/no column named by a verb form of its word is a condition on the rows: "times
each mode was chosen" counts the rows whose ``choice`` is 1, "average income of people who
chose train" is over them, "customers who did not default" over those whose ``default``
says no, and "share of choices that were air" is among the chosen rows. A word that could
name two yes/no columns is reported, never guessed.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _travel() -> pd.DataFrame:
    """Long format: one row per person and alternative, ``choice`` marks the one taken."""
    return pd.DataFrame(
        {
            "person": [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4],
            "mode": ["air", "train", "car"] * 4,
            "choice": [0, 0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 0],
            "income": [30, 30, 30, 50, 50, 50, 70, 70, 70, 90, 90, 90],
        }
    )


def _shop() -> pd.DataFrame:
    """One row per offer shown, ``choice`` Yes/No marks the product picked."""
    return pd.DataFrame(
        {
            "shopper": ["a", "a", "b", "b", "c", "c", "d", "d"],
            "product": ["tea", "coffee", "tea", "coffee", "tea", "coffee", "tea", "coffee"],
            "choice": ["Yes", "No", "No", "Yes", "No", "Yes", "No", "Yes"],
            "price": [3.0, 4.0, 3.5, 4.5, 2.0, 5.0, 3.0, 6.0],
        }
    )


def _flights() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "carrier": ["AA", "AA", "UA", "UA", "UA", "DL"],
            "cancelled": [1, 0, 1, 1, 0, 0],
            "distance": [300.0, 500.0, 800.0, 200.0, 900.0, 400.0],
        }
    )


def _loans() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "branch": ["N", "N", "S", "S", "S", "E"],
            "default": ["Y", "N", "N", "Y", "Y", "N"],
            "balance": [1000.0, 2500.0, 400.0, 9000.0, 600.0, 1200.0],
        }
    )


@pytest.mark.parametrize(
    ("make", "question", "group", "flag", "yes"),
    [
        (_travel, "number of times each mode was chosen", "mode", "choice", 1),
        (_travel, "how many times was each mode chosen?", "mode", "choice", 1),
        (_shop, "number of times each product was chosen", "product", "choice", "Yes"),
        (_flights, "how many flights were cancelled by carrier?", "carrier", "cancelled", 1),
        (_flights, "number of flights canceled per carrier", "carrier", "cancelled", 1),
        (_loans, "how many loans defaulted by branch", "branch", "default", "Y"),
    ],
)
def test_a_count_per_group_keeps_the_rows_the_verb_names(
    make: object, question: str, group: str, flag: str, yes: object
) -> None:
    d = make()  # type: ignore[operator]
    a = analyse(question, {"t": d})
    truth = d[d[flag] == yes].groupby(group).size()
    got = a.value if isinstance(a.value, dict) else a.table
    assert a.status == "answered", a.text
    assert {k: v for k, v in dict(got).items() if v} == truth.to_dict()


@pytest.mark.parametrize(
    ("make", "question", "keep", "measure"),
    [
        (
            _travel,
            "average income of people who chose train",
            {"mode": "train", "choice": 1},
            "income",
        ),
        (_travel, "mean income for choosers of car", {"mode": "car", "choice": 1}, "income"),
        (
            _shop,
            "average price for people who chose coffee",
            {"product": "coffee", "choice": "Yes"},
            "price",
        ),
        (_shop, "mean price for choosers of tea", {"product": "tea", "choice": "Yes"}, "price"),
        (_loans, "average balance of customers who defaulted", {"default": "Y"}, "balance"),
        (_loans, "mean balance of loans that did not default", {"default": "N"}, "balance"),
        (
            _flights,
            "average distance of flights that were not canceled",
            {"cancelled": 0},
            "distance",
        ),
    ],
)
def test_a_mean_is_over_the_rows_the_verb_names(
    make: object, question: str, keep: dict[str, object], measure: str
) -> None:
    d = make()  # type: ignore[operator]
    a = analyse(question, {"t": d})
    rows = d
    for column, value in keep.items():
        rows = rows[rows[column] == value]
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(float(rows[measure].mean()))


@pytest.mark.parametrize(
    ("make", "question", "group", "value", "yes"),
    [
        (_travel, "share of choices that were air", "mode", "air", 1),
        (_travel, "proportion of choices that were car", "mode", "car", 1),
        (_shop, "share of choices that were coffee", "product", "coffee", "Yes"),
        (_shop, "what fraction of choices were tea?", "product", "tea", "Yes"),
    ],
)
def test_a_share_of_the_flag_as_plural_noun_is_among_its_rows(
    make: object, question: str, group: str, value: str, yes: object
) -> None:
    d = make()  # type: ignore[operator]
    a = analyse(question, {"t": d})
    chosen = d[d["choice"] == yes]
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(float((chosen[group] == value).mean()))


@pytest.mark.parametrize(
    "question",
    ["how many offers were bought by region?", "number of offers that were bought per region"],
)
@pytest.mark.parametrize("flags", [("buy", "buyer"), ("buyer", "buys")])
def test_a_verb_that_could_name_two_flags_is_reported(
    question: str, flags: tuple[str, str]
) -> None:
    d = pd.DataFrame(
        {
            "region": ["N", "N", "S", "S"],
            flags[0]: [1, 0, 1, 1],
            flags[1]: [0, 0, 1, 0],
            "price": [3.0, 4.0, 5.0, 6.0],
        }
    )
    a = analyse(question, {"t": d})
    assert a.status == "partial", a.text
    assert "bought" in a.text


def test_a_negated_flag_and_the_flag_as_measure_keep_working() -> None:
    d = _travel()
    a = analyse("average income of people who were not chosen", {"t": d})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(float(d[d.choice == 0].income.mean()))
    b = analyse("what share of flights were cancelled?", {"t": _flights()})
    assert b.value == pytest.approx(float((_flights().cancelled == 1).mean()))
    c = analyse("average choice by mode", {"t": d})
    assert c.value == {k: pytest.approx(v) for k, v in d.groupby("mode").choice.mean().items()}


@pytest.mark.parametrize(
    ("question", "flag", "yes"),
    [
        ("mean income of survivors", "survived", 1),
        ("average income for survivors", "survived", 1),
        ("mean income of defaulters", "defaulted", "Yes"),
        ("average income for defaulters", "defaulted", "Yes"),
    ],
)
def test_an_agent_noun_of_a_flag_keeps_its_rows(question: str, flag: str, yes: object) -> None:
    d = pd.DataFrame(
        {
            "income": [10.0, 20.0, 30.0, 40.0, 50.0],
            "survived": [1, 0, 0, 1, 0],
            "defaulted": ["No", "Yes", "Yes", "No", "No"],
        }
    )
    d = d.drop(columns=["defaulted" if flag == "survived" else "survived"])
    a = analyse(question, {"t": d})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(float(d[d[flag] == yes].income.mean()))


@pytest.mark.parametrize(
    ("make", "question", "flag", "yes"),
    [
        (_flights, "how many flights were cancelled and how many weren't?", "cancelled", 1),
        (_loans, "how many loans were default and how many were not?", "default", "Y"),
    ],
)
def test_both_sides_of_a_flag_asked_keep_both_counts(
    make: object, question: str, flag: str, yes: object
) -> None:
    d = make()  # type: ignore[operator]
    d = d.iloc[:-1]  # the two sides differ in size
    a = analyse(question, {"t": d})
    assert a.value == (int((d[flag] == yes).sum()), int((d[flag] != yes).sum())), a.text
