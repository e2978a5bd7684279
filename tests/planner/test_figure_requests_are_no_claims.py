"""A request that asks for a figure ("number of observations above 20 by supplement",
"how many orders over 50") is a question for the data, never a claim to check: its
numbers are bounds, not findings. Only a request said as a check ("verify that ...")
goes to the agent that checks claims."""

from __future__ import annotations

import asyncio

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from notebook_router.agents.roles import VERIFY
from notebook_router.language.figure_requests import asks_for_a_figure


def _growth() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "len": [4.2, 11.5, 23.3, 25.5, 26.4, 10.0, 21.5, 17.3, 22.4, 33.9],
            "supp": ["VC", "VC", "VC", "OJ", "OJ", "OJ", "VC", "OJ", "OJ", "VC"],
            "dose": [0.5, 0.5, 1.0, 1.0, 2.0, 0.5, 2.0, 1.0, 2.0, 2.0],
        }
    )


def _orders() -> pd.DataFrame:
    return pd.DataFrame({"amount": [10, 60, 75, 20, 90], "shop": ["a", "b", "a", "b", "a"]})


def _agents(question: str, frames: dict[str, pd.DataFrame]) -> list[str]:
    result = asyncio.run(Router(data=frames, memory=True).run(question))
    return [t.agent for t in result.tasks]


def _checkers() -> set[str]:
    from notebook_router.agents.builtin.verifier import Verifier

    return {Verifier.name} if VERIFY in Verifier.roles else set()


@pytest.mark.parametrize(
    ("question", "frames"),
    [
        ("number of observations above 20 by supplement", {"growth": _growth()}),
        ("count of observations above 20", {"growth": _growth()}),
        ("number of orders over 50 by shop", {"orders": _orders()}),
    ],
)
def test_a_request_for_a_figure_is_not_checked_as_a_claim(
    question: str, frames: dict[str, pd.DataFrame]
) -> None:
    agents = _agents(question, frames)
    assert agents and not set(agents) & _checkers()


def test_a_check_is_still_a_claim() -> None:
    agents = _agents("verify that the number of rows is 10", {"growth": _growth()})
    assert set(agents) & _checkers()


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("number of observations above 20 by supplement", True),
        ("How many polls showed Smith ahead?", True),
        ("count of orders over 50", True),
        ("check that the number of rows is 20", False),
        ("is it true that the count of orders is 5?", False),
        ("summarise the report", False),
    ],
)
def test_asking_a_figure_is_read_from_the_words(text: str, asks: bool) -> None:
    assert asks_for_a_figure(text) is asks
