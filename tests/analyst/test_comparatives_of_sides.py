""" "is revenue higher on the web than in stores?": a comparative ("higher", "more",
"bigger") with one value of a column before "than" and another in the question asks for
a comparison of those sides. Before, it listed the rows of both sides as a complete
answer, which answers neither yes nor no. A number after "than" ("revenue higher than
100") is a bound on a column, never a comparison.
"""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

SHOP = pd.DataFrame(
    {
        "region": ["North", "South", "North", "East", "South", "North", "East", "South"],
        "channel": ["web", "store", "store", "web", "web", "web", "store", "store"],
        "revenue": [120.0, 80.0, 95.0, 60.0, 140.0, 30.0, 75.0, 50.0],
    }
)
CLINIC = pd.DataFrame(
    {
        "ward": ["A", "B", "A", "C", "B", "A", "C", "B"],
        "treatment": ["drug", "placebo", "placebo", "drug", "drug", "drug", "placebo", "drug"],
        "recovery_days": [5.0, 9.0, 8.0, 4.0, 6.0, 7.0, 10.0, 3.0],
    }
)


def _sides(
    df: pd.DataFrame, column: str, measure: str, how: str, a: str, b: str
) -> dict[str, float]:
    figures = df[df[column].isin([a, b])].groupby(column)[measure].agg(how)
    return {a: figures[a], b: figures[b]}


@pytest.mark.parametrize(
    ("frame", "question", "column", "measure", "how", "sides"),
    [
        (SHOP, "is revenue higher on the web than in stores?", "channel", "revenue", "sum",
         ("web", "store")),
        (SHOP, "is the average revenue in the North bigger than in the South?", "region",
         "revenue", "mean", ("North", "South")),
        (CLINIC, "is the mean recovery_days lower with the drug than with the placebo?",
         "treatment", "recovery_days", "mean", ("drug", "placebo")),
        (CLINIC, "are recovery days longer in ward A than in ward B on average?", "ward",
         "recovery_days", "mean", ("A", "B")),
    ],
)  # fmt: skip
def test_a_comparative_of_two_sides_compares_them(
    frame: pd.DataFrame,
    question: str,
    column: str,
    measure: str,
    how: str,
    sides: tuple[str, str],
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    truth = _sides(frame, column, measure, how, *sides)
    assert isinstance(answer.value, dict), answer.text
    assert {k: round(answer.value[k], 2) for k in truth} == {
        k: round(v, 2) for k, v in truth.items()
    }, answer.text


def test_a_listing_with_than_is_no_comparison() -> None:
    answer = analyse("list the web orders with revenue greater than the store orders",
                     {"shop": SHOP})  # fmt: skip
    assert not (answer.status == "answered" and isinstance(answer.value, dict)), answer.text


def test_a_number_after_than_is_a_bound_not_a_side() -> None:
    answer = analyse("how many orders from North or South have revenue higher than 100?",
                     {"shop": SHOP})  # fmt: skip
    truth = int(((SHOP["region"].isin(["North", "South"])) & (SHOP["revenue"] > 100)).sum())
    assert answer.status == "answered", answer.text
    assert answer.value == truth
