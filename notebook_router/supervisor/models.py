"""Inputs and outputs of the supervisor's four tools (pydantic; their JSON schemas go to models).

Field descriptions are written for a model to read: they are the tool
documentation an LLM planner sees.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.supervisor.todos import Todo
from notebook_router.verification.critic import CriticVerdict


class RetrieveAgentsInput(BaseModel):
    """Find the agents that fit a request (including members deep inside agent trees)."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=1, max_length=2000, description="The request, in plain words.")
    k: int = Field(default=3, ge=1, le=10, description="How many agents to return at most.")


class AgentOption(BaseModel):
    """One agent that fits, with where it sits."""

    name: str
    path: list[str] = Field(description="From the top-level agent down to this one.")
    depth: int
    score: float = Field(description="Relevance (best = 1) minus a penalty per level of depth.")
    description: str
    topics: list[str]


class RetrieveAgentsOutput(BaseModel):
    agents: list[AgentOption]
    cached: bool = Field(description="True when the combination came from the cache.")


class CallAgentInput(BaseModel):
    """Hand one task to one agent (an agent with children delegates through its tree)."""

    model_config = ConfigDict(extra="forbid")

    agent: str = Field(min_length=1, description="An agent name from retrieve_agents.")
    task: str = Field(min_length=1, max_length=4000, description="What the agent should do.")


class CallAgentOutput(BaseModel):
    agent: str
    task_id: str | None = Field(
        default=None, description="The run's id for this task (cite it in the answer)."
    )
    status: str = Field(description="fulfilled, partial, unable, needs_user_input or failed.")
    summary: str = ""
    data: Any = Field(default=None, description="The result (JSON-safe preview for big data).")
    confidence: float
    path: list[str] = Field(description="Path of the agent whose work is the answer.")
    hops: int
    error: str | None = None
    question: str | None = Field(default=None, description="Ask the user this (needs_user_input).")
    trace: list[str] = Field(default_factory=list, description="One line per hop in the tree.")
    critic: CriticVerdict | None = Field(
        default=None, description="The critic's check; needs_more keeps the plan open."
    )


class WriteTodosInput(BaseModel):
    """Write the plan (the whole list). Set plan_complete once everything is done."""

    model_config = ConfigDict(extra="forbid")

    todos: list[Todo] = Field(max_length=50)
    plan_complete: bool = Field(
        default=False, description="True when the goal is met; the next message starts afresh."
    )


class WriteTodosOutput(BaseModel):
    todos: list[Todo]
    plan_complete: bool
    fresh_plan: bool = Field(description="True when this write started a new plan.")
    note: str = ""


class ReflectInput(BaseModel):
    """Say what is done, what is missing and what comes next; get the open steps back."""

    model_config = ConfigDict(extra="forbid")

    done: str = Field(default="", max_length=2000)
    missing: str = Field(default="", max_length=2000)
    next_step: str = Field(default="", max_length=1000)


class ReflectOutput(BaseModel):
    note: str
    open_todos: list[str]
    needs_more: list[str] = Field(description="What the critic still wants, per agent.")
    suggestion: str


class ToolSpec(BaseModel):
    """A tool as a model sees it: name, description and JSON schema of its arguments."""

    name: str
    description: str
    parameters: dict[str, Any]

    def openai(self) -> dict[str, Any]:
        """The OpenAI ``tools=[...]`` entry for this tool."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.parameters,
            },
        }


class SupervisorStep(BaseModel):
    """One line of the supervisor's trace (tool calls, plan updates, critic notes)."""

    turn: int
    kind: str = Field(description="retrieve_agents, call_agent, write_todos, reflect or critic.")
    summary: str
    data: dict[str, Any] = Field(default_factory=dict)
