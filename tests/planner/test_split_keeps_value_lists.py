"""Names said after a negation or a filter and joined by commas ("excluding channels
Search, Email", "other than Count, Plot") are one list of values, though a name is
spelled as a verb or a statistic: the request is one task, never split at the comma."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.language.clauses import decompose
from tests.planner.conversation import asked

ADS = pd.DataFrame(
    {
        "channel": ["Search", "Email", "Social", "Display", "Search", "Social"],
        "cost": [10.0, 20, 30, 40, 50, 60],
    }
)
SHOPS = pd.DataFrame(
    {
        "brand": ["Report Co", "Show Ltd", "Acme", "Bolt", "Acme", "Report Co"],
        "sales": [5.0, 7, 9, 11, 13, 15],
    }
)


@pytest.mark.parametrize(
    "request_",
    [
        "average cost excluding channels Search, Email",
        "average cost other than Search, Email",
        "total sales except Report Co, Show Ltd and Bolt",
        "mean sales not in Acme, Show Ltd",
    ],
)
def test_a_list_after_a_negation_is_one_clause(request_: str) -> None:
    assert len(decompose(request_)) == 1


@pytest.mark.parametrize(
    ("request_", "parts"),
    [
        ("average cost excluding Search, plot it by month", 2),
        ("total sales for Acme, Plot revenue by month", 2),
        ("what is the total revenue and the average price", 2),
    ],
)
def test_guard_a_clause_after_the_list_is_split(request_: str, parts: int) -> None:
    assert len(decompose(request_)) == parts


@pytest.mark.parametrize(
    "question",
    ["average cost excluding channels Search, Email", "average cost other than Search, Email"],
)
def test_both_channels_are_left_out(question: str) -> None:
    answer = asked("a", ADS, question)
    assert answer.fulfilled
    assert round(answer.numbers[-1], 2) == 43.33
    assert "not in Search, Email" in answer.text


def test_both_brands_are_left_out() -> None:
    answer = asked("s", SHOPS, "what is the total sales excluding Report Co, Show Ltd?")
    assert answer.numbers[-1] == 33
    assert len(answer.tasks) == 1
