"""Whether a re-routed task's answer still answers the task.

When a task's agent fails or cannot do it, the planner may give the task to
another agent. That agent may answer another question than the one asked:
"Summarise the trend for the North region" goes to the trend writer, which
cannot (it needs the rows first), then to the region comparer, which matches
only "region" and compares the four regions. Its answer is then no answer to
the task as asked, and the run must not say the goal was met: the result is
filed as ``partial``, saying who answered what.

The test is by the words each agent was matched for (the router's own agent
relevance): the second agent ranks below the first for the task, and shares
none of the words the first was chosen for. A fallback that does the same job
("weather" by a cache, after "weather" by a service) shares them and stands.
"""

from __future__ import annotations

from collections.abc import Sequence

from notebook_router.agents.card import AgentCard, agent_card
from notebook_router.agents.matcher import matcher_for
from notebook_router.agents.registry import AgentRegistry
from notebook_router.result import AgentResult

CONFIDENCE = 0.5
"""The most confidence an answer to another question keeps."""


def on_target(
    result: AgentResult, task: str, first: str, second: str, agents: AgentRegistry
) -> AgentResult:
    """``result`` (``second``'s, for ``task`` after ``first`` could not), ``partial`` with
    the reason when it answers another question; else ``result`` itself."""
    members = agents.tree().members.values()
    cards = [agent_card(m.agent, m.parent, m.depth) for m in members]
    why = answers_another_question(task, first, second, cards)
    if why is None:
        return result
    confidence = min(result.confidence, CONFIDENCE)
    return result.model_copy(update={"status": "partial", "error": why, "confidence": confidence})


def answers_another_question(
    task: str, first: str, second: str, cards: Sequence[AgentCard]
) -> str | None:
    """Why ``second``'s answer to ``task`` (after ``first`` could not) answers another
    question; None when it answers this one as far as the words tell."""
    matcher = matcher_for(tuple(cards))
    ranked = [name for name, _score in matcher.rank(task)]
    if first not in ranked or (second in ranked and ranked.index(second) < ranked.index(first)):
        return None  # the first agent fitted no better: the second is no step aside
    wanted = matcher.covered(task, first)
    got = matcher.covered(task, second)
    if not wanted or wanted & got:
        return None
    said = ", ".join(f"“{w}”" for w in sorted(wanted))
    matched = ", ".join(f"“{w}”" for w in sorted(got)) or "none of its words"
    return (
        f"answered by {second} after {first} could not; {second} matched {matched} of the "
        f"task, not {said}, so it may answer another question"
    )
