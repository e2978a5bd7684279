"""A count whose condition names nothing the table holds is not a count of every row."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

STOCK = pd.DataFrame({"SKU": ["a", "b", "c", "d"], "QtyOnHand": [0, 5, 0, 7]})
MEMBERS = pd.DataFrame({"member_id": [1, 2, 3], "plan": ["gold", "basic", "gold"]})


@pytest.mark.parametrize(
    ("name", "frame", "question", "word"),
    [
        ("inventory", STOCK, "how many SKUs have zero stock", "stock"),
        ("inventory", STOCK, "how many SKUs are out of stock?", "stock"),
        ("members", MEMBERS, "how many members have a pending renewal?", "renewal"),
    ],
)
def test_an_unread_condition_of_a_count_is_named(
    name: str, frame: pd.DataFrame, question: str, word: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status != "answered", answer.text
    assert any(word in said for said in answer.left_out), answer.left_out


@pytest.mark.parametrize(
    ("name", "frame", "question", "truth"),
    [
        ("inventory", STOCK, "how many SKUs are listed?", 4),
        ("members", MEMBERS, "how many members are there?", 3),
        ("members", MEMBERS, "how many members have the gold plan?", 2),
    ],
)
def test_a_count_with_nothing_left_unread_is_answered(
    name: str, frame: pd.DataFrame, question: str, truth: int
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status == "answered", answer.text
    assert answer.value == truth
