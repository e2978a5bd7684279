"""A negation said with a verb or an auxiliary: "people who don't live in Paris", "revenue
that isn't from store A", "mothers who don't smoke", "cars that weren't made in Japan".

Before, the negation was read past: "how many people don't live in Paris?" counted the
people of Paris and "that isn't from store A" kept store A, both presented as complete;
"who smoke" and "who don't smoke" were dropped without a word. A negation whose scope is
not clear ("didn't buy anything in the North", "don't live in Paris and London", "didn't
score more than 20") is named as not applied rather than guessed. The tables are small
stand-ins built here; every expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _people() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "name": list("abcdefgh"),
            "city": ["Paris", "London", "Rome", "Paris", "Berlin", "London", "Paris", "Rome"],
            "age": [20, 30, 40, 50, 60, 70, 80, 90],
        }
    )


def _staff() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "employee": list("pqrstu"),
            "office": ["Tokyo", "Lima", "Tokyo", "Oslo", "Lima", "Oslo"],
            "salary": [3.0, 4.0, 5.0, 6.0, 7.0, 8.0],
        }
    )


def _sales() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["North", "North", "North", "South", "South", "North"],
            "store": ["A", "B", "C", "A", "B", "A"],
            "revenue": [10.0, 20.0, 30.0, 40.0, 50.0, 60.0],
        }
    )


def _shops() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "district": ["Harbour", "Harbour", "Hill", "Hill", "Harbour"],
            "brand": ["Zeta", "Omega", "Zeta", "Omega", "Kappa"],
            "takings": [1.0, 2.0, 4.0, 8.0, 16.0],
        }
    )


def _births() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "weight": [7.0, 8.0, 6.0, 9.0, 7.5, 6.5, 7.2, 8.1],
            "marital": [
                "married",
                "not married",
                "not married",
                "married",
                "not married",
                "not married",
                "married",
                "married",
            ],
            "habit": [
                "smoker",
                "nonsmoker",
                "smoker",
                "smoker",
                "nonsmoker",
                "smoker",
                "nonsmoker",
                "smoker",
            ],
        }
    )


def _health() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "bmi": [20.0, 22.0, 24.0, 26.0, 28.0, 30.0],
            "smoker": ["yes", "no", "yes", "no", "no", "yes"],
            "alcohol": ["drinker", "nondrinker", "drinker", "drinker", "nondrinker", "nondrinker"],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "how many people don't live in Paris?",
        "how many people do not live in Paris",
        "how many of them didn't come from Paris?",
    ],
)
def test_a_negated_verb_before_a_value_counts_the_other_rows(question: str) -> None:
    frame = _people()
    a = analyse(question, {"people": frame})
    assert a.value == int((frame.city != "Paris").sum())
    assert "city != Paris" in a.text


@pytest.mark.parametrize(
    "question",
    ["average salary of staff who don't work in Tokyo", "mean salary of people not based in Tokyo"],
)
def test_a_negated_verb_on_another_table(question: str) -> None:
    frame = _staff()
    a = analyse(question, {"staff": frame})
    assert a.value == pytest.approx(frame[frame.office != "Tokyo"].salary.mean())


@pytest.mark.parametrize(
    ("question", "left_out"),
    [
        ("average age of people who do not live in Paris or Rome", ["Paris", "Rome"]),
        (
            "average age of people who don't live in Paris, Rome or London",
            ["Paris", "Rome", "London"],
        ),
        ("average age of people who live neither in Paris nor in Rome", ["Paris", "Rome"]),
    ],
)
def test_values_joined_by_or_are_all_left_out(question: str, left_out: list[str]) -> None:
    frame = _people()
    a = analyse(question, {"people": frame})
    assert a.value == pytest.approx(frame[~frame.city.isin(left_out)].age.mean())


@pytest.mark.parametrize(
    ("frame", "name", "question", "expected"),
    [
        (_sales(), "sales", "total revenue in the North that isn't from store A", 50.0),
        (_sales(), "sales", "total revenue in the North that does not come from store A", 50.0),
        (_shops(), "shops", "total takings in the Harbour that aren't from brand Zeta", 18.0),
        (_shops(), "shops", "total takings in the Harbour that were not sold under Zeta", 18.0),
    ],
)
def test_a_negation_keeps_the_other_condition_and_turns_its_own_round(
    frame: pd.DataFrame, name: str, question: str, expected: float
) -> None:
    a = analyse(question, {name: frame})
    assert a.status == "answered"
    assert a.value == pytest.approx(expected)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("how many people didn't buy anything in Paris?", "didn't buy anything in paris"),
        ("how many people don't live in Paris and London?", "don't live in paris and london"),
        ("how many people aren't older than 50?", "aren't older than 50"),
        ("how many people don't have an age above 50?", "don't have an age above 50"),
    ],
)
def test_a_negation_of_unclear_scope_is_named_not_guessed(question: str, said: str) -> None:
    frame = _people()
    a = analyse(question, {"people": frame})
    assert a.status == "partial"
    assert said in a.text.lower()
    assert a.value != (frame.city == "Paris").sum()  # never the un-negated reading as complete


@pytest.mark.parametrize(
    ("question", "smoker"),
    [
        ("average weight of babies of unmarried mothers who smoke", "smoker"),
        ("average weight of babies of unmarried mothers that smoke", "smoker"),
        ("average weight of babies of unmarried mothers who don't smoke", "nonsmoker"),
        ("average weight of babies of unmarried mothers who do not smoke", "nonsmoker"),
    ],
)
def test_a_verb_names_the_value_of_its_doer(question: str, smoker: str) -> None:
    frame = _births()
    a = analyse(question, {"births": frame})
    rows = frame[(frame.marital == "not married") & (frame.habit == smoker)]
    assert a.value == pytest.approx(rows.weight.mean())
    assert f"habit = {smoker}" in a.text


@pytest.mark.parametrize(
    ("question", "smoker", "alcohol"),
    [
        ("average bmi of people who drink", None, "drinker"),
        ("average bmi of people who don't drink", None, "nondrinker"),
        ("average bmi of people who neither smoke nor drink", "no", "nondrinker"),
        ("average bmi of people who don't smoke or drink", "no", "nondrinker"),
    ],
)
def test_verbs_and_their_negations_on_another_table(
    question: str, smoker: str | None, alcohol: str
) -> None:
    frame = _health()
    a = analyse(question, {"health": frame})
    rows = frame[frame.alcohol == alcohol]
    if smoker is not None:
        rows = rows[rows.smoker == smoker]
    assert a.value == pytest.approx(rows.bmi.mean())


def test_two_verbs_joined_by_and_under_one_negation_are_named() -> None:
    a = analyse("average bmi of people who don't smoke and drink", {"health": _health()})
    assert a.status == "partial"
    assert "don't smoke and drink" in a.text


@pytest.mark.parametrize(
    "question",
    [
        "average age of people who don't smoke in Paris",
        "mean age of people that do not smoke in Paris",
    ],
)
def test_a_value_after_the_negated_part_without_a_join_keeps_its_own_reading(question: str) -> None:
    frame = pd.DataFrame(
        {
            "city": ["Paris", "London", "Paris", "Rome", "Paris", "London"],
            "smoker": ["yes", "no", "no", "no", "yes", "no"],
            "age": [20, 30, 40, 50, 60, 70],
        }
    )
    a = analyse(question, {"town": frame})
    assert a.value == pytest.approx(
        frame[(frame.smoker == "no") & (frame.city == "Paris")].age.mean()
    )


def _cars() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "cyl": [4, 6, 8, 4, 8, 6, 4],
            "mpg": [30.0, 20.0, 15.0, 28.0, 14.0, 21.0, 33.0],
            "year": [2008, 2008, 1999, 1999, 2008, 1999, 2008],
        }
    )


@pytest.mark.parametrize(
    ("question", "column", "value"),
    [
        ("average mpg of cars that aren't 4-cylinder", "cyl", 4),
        ("average mpg of cars that weren't made in 2008", "year", 2008),
    ],
)
def test_a_number_its_own_reader_negates_is_left_to_it(
    question: str, column: str, value: int
) -> None:
    frame = _cars()
    a = analyse(question, {"cars": frame})
    assert a.status == "answered"
    assert a.value == pytest.approx(frame[frame[column] != value].mpg.mean())


@pytest.mark.parametrize(
    "question",
    [
        "average mpg of cars that don't have 8 cylinders",
        "how many cars don't get more than 25 mpg?",
    ],
)
def test_a_negated_number_no_reader_turns_round_is_named(question: str) -> None:
    a = analyse(question, {"cars": _cars()})
    assert a.status == "partial"
    assert "not turned round" in a.text


@pytest.mark.parametrize(
    ("frame", "question", "column", "value", "measure"),
    [
        (
            pd.DataFrame(
                {
                    "wage": [5.0, 6.0, 7.0, 8.0, 9.0, 10.0],
                    "occupation": ["worker", "office", "worker", "sales", "worker", "office"],
                    "region": ["south", "other", "south", "south", "other", "other"],
                }
            ),
            "average wage of people who work in the south",
            "region",
            "south",
            "wage",
        ),
        (
            pd.DataFrame(
                {
                    "pay": [1.0, 2.0, 3.0, 4.0, 5.0],
                    "role": ["driver", "manager", "cleaner", "driver", "manager"],
                    "depot": ["Lima", "Lima", "Oslo", "Oslo", "Lima"],
                }
            ),
            "mean pay of staff who drive in Lima",
            "depot",
            "Lima",
            "pay",
        ),
    ],
)
def test_a_verb_picks_no_value_out_of_many(
    frame: pd.DataFrame, question: str, column: str, value: str, measure: str
) -> None:
    """ "who work" says the people work, not that their occupation is ``worker``."""
    a = analyse(question, {"t": frame})
    assert a.value == pytest.approx(frame[frame[column] == value][measure].mean())


@pytest.mark.parametrize(
    ("frame", "name", "question", "column", "left_out", "measure"),
    [
        (
            _sales(),
            "sales",
            "total revenue that isn't from store A or store B",
            "store",
            ["A", "B"],
            "revenue",
        ),
        (
            _sales(),
            "sales",
            "total revenue that doesn't come from store A or from store C",
            "store",
            ["A", "C"],
            "revenue",
        ),
        (
            _shops(),
            "shops",
            "total takings that aren't from brand Zeta or brand Omega",
            "brand",
            ["Zeta", "Omega"],
            "takings",
        ),
    ],
)
def test_a_column_named_again_before_the_next_value_is_still_left_out(
    frame: pd.DataFrame, name: str, question: str, column: str, left_out: list[str], measure: str
) -> None:
    a = analyse(question, {name: frame})
    assert a.value == pytest.approx(frame[~frame[column].isin(left_out)][measure].sum())
