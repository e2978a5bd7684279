""" "In each, how many ...?" asked with no groups named and no earlier question: the words
were taken for tone and dropped, and the count over every row came back complete. Now
they reach the analyst, which says it could not tell each of what."""

from __future__ import annotations

import asyncio

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from notebook_router.language.clauses import decompose
from tests.trust_eval.harness import outcome_of


def _staff() -> pd.DataFrame:
    return pd.DataFrame({"dept": ["HR", "IT", "IT", "Sales", "HR"], "salary": [40, 60, 55, 52, 51]})


@pytest.mark.parametrize(
    "question", ["in each, how many earn over 50?", "For each one: how many earn over 50?"]
)
def test_each_said_first_is_kept_in_the_clause(question: str) -> None:
    assert [c.text.lower() for c in decompose(question)] == [question.lower()]


def test_tone_said_first_is_still_dropped() -> None:
    assert [c.text for c in decompose("quick question: how many earn over 50?")] == [
        "How many earn over 50?"
    ]


@pytest.mark.parametrize(
    "question", ["in each, how many earn over 50?", "how many earn over 50 in each?"]
)
def test_each_with_no_groups_is_partial_and_says_so(question: str) -> None:
    router = Router(data={"staff": _staff()}, memory=True)
    outcome = outcome_of(asyncio.run(router.run(question)))
    assert outcome.status == "partial"
    assert "in each" in outcome.text


def test_each_before_another_phrase_with_no_groups_is_partial() -> None:
    from notebook_router.analyst import analyse

    a = analyse("the average salary of each for staff in HR?", {"staff": _staff()})
    assert a.status == "partial"
    assert "of each" in a.text
