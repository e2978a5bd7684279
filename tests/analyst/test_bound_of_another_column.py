""" "how many players hit over .300?" on a table with ``hit`` (counts near 90) and
``bat_avg`` (near .3): read as ``hit > 0.3`` it counted nearly every player as a
complete answer. A bound a hundred times off its column's typical value, while a column
the answer does not read holds such values, is named with that column (partial). A bound
on the column's own scale, or none other holding it, stays a plain answer.
"""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

BATTING = pd.DataFrame(
    {
        "hit": [150, 120, 90, 0, 30, 160, 5],
        "at_bat": [480, 450, 400, 10, 120, 500, 40],
        "bat_avg": [0.312, 0.267, 0.225, 0.0, 0.25, 0.320, 0.125],
    }
)
HOMES = pd.DataFrame(
    {
        "price": [250_000, 410_000, 180_000, 990_000, 320_000, 275_000],
        "beds": [3, 4, 2, 6, 3, 3],
        "price_k": [250.0, 410.0, 180.0, 990.0, 320.0, 275.0],
    }
)


@pytest.mark.parametrize(
    ("frame", "question", "other"),
    [
        (BATTING, "how many players hit over .300?", "bat_avg"),
        (BATTING, "how many players with at least 400 at bats hit .300 or better?", "bat_avg"),
        (HOMES, "how many homes have a price above 300?", "price_k"),
    ],
)
def test_a_bound_on_another_columns_scale_names_that_column(
    frame: pd.DataFrame, question: str, other: str
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "partial", answer.text
    assert other in answer.text


@pytest.mark.parametrize(
    ("frame", "question", "truth"),
    [
        (BATTING, "how many players have a bat_avg over .300?", 2),
        (BATTING, "how many players have more than 100 hits?", 3),
        (HOMES, "how many homes have a price above 300,000?", 3),
    ],
)
def test_a_bound_on_its_own_columns_scale_is_answered(
    frame: pd.DataFrame, question: str, truth: int
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == truth, answer.text


def test_a_bound_of_zero_is_a_sign_on_any_scale() -> None:
    rates = pd.DataFrame(
        {"infl": [3.1, -0.5, 4.2, 2.8, -1.2, 3.6], "realint": [0.2, 1.1, -0.4, 0.0, 0.5, 0.3]}
    )
    answer = analyse("how many quarters had negative infl?", {"macro": rates})
    assert answer.status == "answered", answer.text
    assert answer.value == 2, answer.text


def test_a_fraction_on_a_whole_ratings_scale_is_answered() -> None:
    products = pd.DataFrame(
        {"rating": [5, 4, 3, 5, 2, 4, 5, 1], "avg_score": [4.6, 3.9, 3.1, 4.8, 2.2, 4.1, 4.7, 1.4]}
    )
    answer = analyse("how many products with rating over 4.5?", {"products": products})
    assert answer.status == "answered", answer.text
    assert answer.value == 3, answer.text
