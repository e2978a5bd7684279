"""The planning agent's offline core: the goal split as the rule planner splits a request,
each step matched to the agent that fits it, as the rule planner matches a task."""

from __future__ import annotations

from notebook_router.agents.base import Agent
from notebook_router.agents.builtin.planning import Planning, Step
from notebook_router.agents.card import agent_card
from notebook_router.agents.matcher import AgentMatcher
from notebook_router.language.clauses import decompose


def give(agent: Planning) -> None:
    """Give the planning agent its offline core."""
    agent.rules = rule_steps


def rule_steps(goal: str, agents: list[Agent]) -> list[Step]:
    """``goal``'s clauses as steps, each with the agent among ``agents`` that fits it and
    the steps it needs (numbered from 1)."""
    matcher = AgentMatcher([agent_card(a) for a in agents])
    return [
        Step(
            description=clause.text,
            agent=matcher.best(clause.text),
            depends_on=[d + 1 for d in clause.depends_on],
        )
        for clause in decompose(goal)
    ]
