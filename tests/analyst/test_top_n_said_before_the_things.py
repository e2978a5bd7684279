""" "List the five countries with the highest infant mortality": the count is said before
the things ranked and the order after them. The count used to be dropped, so the answer
was one maximum, shown as complete.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

COUNTRIES = pd.DataFrame(
    {
        "country": list("abcdefgh"),
        "region": list("xxyyzzxy"),
        "infant": [5.0, 50, 20, 80, 10, 60, 30, 40],
    }
)
SHOPS = pd.DataFrame({"shop": ["n1", "n2", "n3", "n4", "n5"], "sales": [300, 120, 450, 90, 200]})


@pytest.mark.parametrize(
    ("frame", "question", "names"),
    [
        (COUNTRIES, "list the five countries with the highest infant", ["d", "f", "b", "h", "g"]),
        (COUNTRIES, "list the 5 countries with the highest infant", ["d", "f", "b", "h", "g"]),
        (COUNTRIES, "name the three countries that have the lowest infant", ["a", "e", "c"]),
        (SHOPS, "show the two shops with the biggest sales", ["n3", "n1"]),
        (SHOPS, "give me the 3 shops having the lowest sales", ["n4", "n2", "n5"]),
    ],
)
def test_a_count_before_the_things_ranked_lists_that_many(
    frame: pd.DataFrame, question: str, names: list[str]
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == names


def test_a_count_of_groups_before_them_ranks_the_groups() -> None:
    answer = analyse("what are the 2 regions with the highest average infant?", {"t": COUNTRIES})
    assert answer.status == "answered", answer.text
    means = COUNTRIES.groupby("region").infant.mean().nlargest(2)
    assert answer.value == list(means.index)


@pytest.mark.parametrize(
    ("question", "ascending"),
    [
        ("the 2 regions with the lowest average infant", True),
        ("show me the 2 regions with the highest average infant", False),
    ],
)
def test_the_groups_with_an_extreme_keep_its_order_and_statistic(
    question: str, ascending: bool
) -> None:
    # the superlative says the order, "average" the statistic: it used to be read as the
    # groups' minimum, ranked highest first
    answer = analyse(question, {"t": COUNTRIES})
    assert answer.status == "answered", answer.text
    means = COUNTRIES.groupby("region").infant.mean().sort_values(ascending=ascending)
    assert answer.value == list(means.index[:2])
