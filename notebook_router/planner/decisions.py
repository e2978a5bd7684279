"""What a planner may decide, as pydantic models.

These models double as the JSON schemas given to LLM planners for structured
output, so field descriptions are written for a model to read.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.planner.state import Attribution

DecisionAction = Literal["execute", "parallel", "complete", "clarify", "wait", "retrieve_agents"]


class TaskSpec(BaseModel):
    """A task to start or to add to the plan."""

    model_config = ConfigDict(extra="forbid")

    id: str | None = Field(
        default=None,
        description="An existing task id to start it, or a new id; omit to get one assigned.",
    )
    description: str | None = Field(
        default=None, description="What to do. Required for a new task."
    )
    agent: str | None = Field(
        default=None, description="The agent to do it. Required for a new task."
    )
    depends_on: list[str] = Field(
        default_factory=list, description="Ids of tasks whose results this task needs."
    )
    checkpoint: bool = Field(
        default=False,
        description="True if what comes next depends on this task's result: the planner "
        "is asked again when it finishes. Otherwise the plan goes on by itself.",
    )


class Decision(BaseModel):
    """The Decider's choice after each agent result.

    * ``execute``: start one task; ``parallel``: start several independent ones.
    * ``wait``: nothing new to start; wait for tasks still running.
    * ``complete``: the goal is met (or nothing more can be done); synthesise.
    * ``clarify``: ask the user ``question`` and wait for the answer.
    * ``retrieve_agents``: show the planner more agents, those matching ``query``
      (when it is shown only the most relevant of many); it then decides again.

    ``later`` adds tasks to the plan without starting them (e.g. a task that
    must wait for another), and ``drop`` skips pending tasks that are no
    longer needed.
    """

    model_config = ConfigDict(extra="forbid")

    action: DecisionAction
    reason: str = Field(default="", description="One sentence: why this is the next step.")
    run: list[TaskSpec] = Field(
        default_factory=list, description="Tasks to start now (execute: one; parallel: several)."
    )
    later: list[TaskSpec] = Field(
        default_factory=list, description="Tasks to add to the plan without starting them yet."
    )
    drop: list[str] = Field(
        default_factory=list, description="Ids of pending tasks that are no longer needed."
    )
    question: str | None = Field(default=None, description="The question, for clarify.")
    query: str | None = Field(
        default=None,
        description="For retrieve_agents: what the agents you need do (e.g. 'translate text').",
    )


RedirectKind = Literal["restart", "refine", "status", "clarify"]


class RedirectDecision(BaseModel):
    """How the planner handles a message sent while the run is going.

    * ``restart``: a new task; cancel the current work (it is recorded) and plan afresh.
    * ``refine``: the same task, adjusted; keep finished work and update the goal.
    * ``status``: the user asked how it is going; answer in ``reply``, change nothing.
    * ``clarify``: unclear how it relates; ask ``question``.
    """

    model_config = ConfigDict(extra="forbid")

    kind: RedirectKind
    reason: str = ""
    goal: str | None = Field(default=None, description="The new or refined goal.")
    reply: str = Field(default="", description="What to tell the user now.")
    cancel: list[str] = Field(
        default_factory=list, description="Ids of running or pending tasks to cancel (refine)."
    )
    restore: list[str] = Field(
        default_factory=list,
        description="Ids from 'dropped' that the user asks for again (refine).",
    )
    question: str | None = None


class Synthesis(BaseModel):
    """The final answer, with which task produced which part."""

    model_config = ConfigDict(extra="forbid")

    answer: str
    attributions: list[Attribution] = Field(default_factory=list)


@lru_cache(maxsize=64)
def decision_schema(agent_names: tuple[str, ...]) -> dict[str, Any]:
    """The Decision JSON schema for a model, narrowed to the agents it is shown.

    Listing the agent names as an enum lets constrained decoders (llama.cpp,
    strict structured output) only ever name agents that exist, and short
    text limits stop a small model from rambling until it runs out of
    tokens. The result is shared: do not modify it.
    """
    schema = copy.deepcopy(Decision.model_json_schema())
    spec = schema["$defs"]["TaskSpec"]["properties"]
    if agent_names:
        spec["agent"] = {
            "anyOf": [{"enum": list(agent_names)}, {"type": "null"}],
            "default": None,
            "description": "The agent to do it. Required for a new task.",
        }
    spec["description"]["anyOf"][0]["maxLength"] = 200
    schema["properties"]["reason"]["maxLength"] = 200
    schema["properties"]["query"]["anyOf"][0]["maxLength"] = 200
    return schema
