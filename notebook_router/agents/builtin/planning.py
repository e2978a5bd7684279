"""The built-in planning agent: a broad goal broken into sub-tasks the router can run.

Its result is the plan: ``data`` lists the steps (description, the agent that
fits, the steps it needs), the summary numbers them, and ``suggestions`` holds
each as ``agent: description``, which is how it feeds the planner: a planner
sees a task's suggestions in its view and plans them as tasks. Offline the
steps are the rule planner's decomposition, each matched to an agent the same
way (its offline core, :mod:`notebook_router.offline.team.planning`); with a model,
the model writes them over the agents' descriptions, and a reply that is not the
JSON asked for falls back to the decomposition.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from notebook_router.agents.base import Agent, AgentContext, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.replies import ask_json
from notebook_router.agents.cores import BuiltinAgent, by_rules_or_model
from notebook_router.agents.roles import GENERALIST
from notebook_router.result import AgentResult

if TYPE_CHECKING:
    from notebook_router.agents.registry import AgentRegistry

PLANNING = "planning"
SYSTEM = (
    "You plan. Break the goal into a few concrete steps, each small enough for one agent, "
    "in the order they must run. For each step name the agent (from the list) that fits, "
    "or null if none does, and the numbers (1-based) of the steps it needs."
)


class Step(BaseModel):
    """One step of a plan."""

    description: str = Field(min_length=1)
    agent: str | None = None
    depends_on: list[int] = Field(default_factory=list)


class PlanReply(BaseModel):
    """What the model answers with."""

    steps: list[Step] = Field(min_length=1)


Steps = Callable[[str, list[Agent]], list[Step]]
"""The planning agent's offline core: the goal split into steps, each matched to the agent
that fits it (``steps(goal, agents)``)."""


class Planning(BuiltinAgent[Steps]):
    """Breaks a broad goal into a plan of sub-tasks for the router's agents."""

    name = PLANNING
    roles = frozenset({GENERALIST})
    description = (
        "Planning: breaks a broad or vague goal into a plan of concrete sub-tasks, each "
        "with the agent that fits it and what it depends on (the plan is returned as "
        "suggestions for the planner to run)."
    )
    capabilities = parse_capabilities(
        [
            ("plan", 0.8),
            ("planning", 0.8),
            ("break down", 0.8),
            ("steps", 0.6),
            ("strategy", 0.6),
            ("roadmap", 0.6),
            ("decompose", 0.7),
        ]
    )

    def __init__(self, agents: AgentRegistry | None = None) -> None:
        self.agents = agents
        """The agents a plan may name (the router sets it to its own)."""

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        goal = task.description
        return await by_rules_or_model(
            context,
            rules=lambda: plan_result(self._rule_steps(goal), note=None),
            model=lambda: self._with_model(goal, context),
        )

    async def _with_model(self, goal: str, context: AgentContext) -> AgentResult:
        listing = "\n".join(f"- {n}: {d}" for n, d in self._cards().items()) or "(none)"
        prompt = f"Goal: {goal}\n\nAgents:\n{listing}"
        reply = await ask_json(
            context, prompt, system=SYSTEM, schema=PlanReply, purpose="agent.planning"
        )
        if reply.parsed is None:
            note = f"the model's reply was unusable ({reply.problem}); split by rules instead"
            return plan_result(self._rule_steps(goal), note=note)
        known = self._cards()
        steps = [
            s.model_copy(update={"agent": s.agent if s.agent in known else None})
            for s in reply.parsed.steps
        ]
        return plan_result(steps, note=None)

    def _cards(self) -> dict[str, str]:
        if self.agents is None:
            return {}
        return {a.name: a.description for a in self.agents if a.name != self.name}

    def _rule_steps(self, goal: str) -> list[Step]:
        return self.offline_core(goal, [a for a in self.agents or () if a.name != self.name])


def plan_result(steps: list[Step], note: str | None) -> AgentResult:
    """The plan as a result: steps as data, a numbered summary, one suggestion per step."""
    if not steps:
        return AgentResult.unable("the goal names no work to plan: say what should be done")
    rows: list[dict[str, Any]] = [
        {
            "step": i,
            "description": s.description,
            "agent": s.agent,
            "depends_on": [d for d in s.depends_on if 1 <= d < i],
        }
        for i, s in enumerate(steps, 1)
    ]
    lines = [
        f"{r['step']}. {r['description']}"
        + (f" ({r['agent']})" if r["agent"] else " (no agent fits)")
        + (f" after {', '.join(map(str, r['depends_on']))}" if r["depends_on"] else "")
        for r in rows
    ]
    return AgentResult(
        status="partial" if note else "fulfilled",
        data=rows,
        summary="Plan: " + " ".join(lines),
        suggestions=tuple(f"{r['agent'] or 'unassigned'}: {r['description']}" for r in rows),
        confidence=0.6 if note else 0.8,
        error=note,
    )
