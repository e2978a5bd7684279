"""A task worded unlike every agent card goes to the user's agent nearest in meaning.

Word vectors come with the ``embeddings`` extra (``tools/word_vectors.py``);
without them the planner asks which agent, as it always did.
"""

from __future__ import annotations

import pytest

from notebook_router import Router, agent
from notebook_router.agents import matching
from notebook_router.agents.base import Agent
from notebook_router.agents.card import AgentCard
from notebook_router.planner.agent_offer import AgentIndex
from notebook_router.tools.word_vectors import bundled_embedder

pytestmark = pytest.mark.skipif(
    bundled_embedder() is None, reason="the [embeddings] extra is not installed"
)


def _team() -> list[Agent]:
    @agent(can=["summary", "tl;dr"], description="Summarises long documents into a few lines.")
    def summariser(task: str) -> str:
        return "three short lines"

    @agent(can=["translation", "languages"], description="Translates text between languages.")
    def translator(task: str) -> str:
        return "traduit"

    @agent(can=["calendar", "posting times"], description="Schedules posts for a date and time.")
    def scheduler(task: str) -> str:
        return "scheduled"

    return [summariser, translator, scheduler]


async def test_a_task_in_other_words_goes_to_the_agent_nearest_in_meaning() -> None:
    # No word of it is on any card: "queue" and "tweets" are not "schedules posts".
    result = await Router(_team()).run("Queue the tweets for next week")
    assert [(t.agent, t.status) for t in result.tasks] == [("scheduler", "fulfilled")]
    assert "scheduled" in result.answer


async def test_without_word_vectors_the_planner_asks_which_agent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(matching, "bundled_embedder", lambda: None)
    result = await Router(_team()).run("Queue the tweets for next week")
    assert result.stop_reason == "needs_clarification"
    assert "Which agent should do it" in result.answer


async def test_a_request_near_no_agent_is_still_asked_about() -> None:
    result = await Router(_team()).run("zzz")
    assert result.stop_reason == "needs_clarification"


def test_a_model_planner_is_shown_the_cards_nearest_in_meaning_when_no_word_matches() -> None:
    cards = [
        AgentCard(name="summariser", description="Summarises long documents into a few lines."),
        AgentCard(name="translator", description="Translates text between languages."),
        AgentCard(name="scheduler", description="Schedules posts for a date and time."),
    ]
    assert AgentIndex(cards).search("queue the tweets for next week", 1) == ["scheduler"]
