"""The bounded, JSON-ready view of a run that a model planner reads.

A planner prompt must not grow with the run: the view shows every active
task, the most recent finished ones, the newest context keys and the tail of
the history, each cut to a fixed size. Its size, and the cost of building it,
are bounded whatever the state holds.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from notebook_router.agents.base import Agent, ResponseStyle
from notebook_router.agents.registry import AgentRegistry
from notebook_router.agents.tree import tree_generation
from notebook_router.planner.state import ACTIVE_STATUSES, RunState, Task
from notebook_router.text.preview import preview


class AgentCard(BaseModel):
    """An agent as the planner sees it.

    Members of a tree carry their ``parent`` and ``depth``; top-level agents
    leave both out of their JSON, so flat registries give the same prompts
    as before trees existed.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    description: str
    capabilities: tuple[tuple[str, float], ...] = ()
    parent: str | None = Field(
        default=None, description="The agent this one sits under (it can also be asked directly)."
    )
    depth: int = Field(default=0, description="Levels below the top: 1 for a child, 2 ...")

    @model_serializer(mode="wrap")
    def _drop_tree_defaults(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and self.parent is None:
            data.pop("parent", None)
            data.pop("depth", None)
        return data


class TaskView(BaseModel):
    """A task as the planner sees it."""

    id: str
    description: str
    agent: str
    status: str
    depends_on: list[str] = Field(default_factory=list)
    attempts: int = 0
    summary: str | None = None
    error: str | None = None
    note: str | None = None
    confidence: float | None = None
    suggestions: list[str] = Field(default_factory=list)
    critic: str | None = None
    """The critic's verdict on the result, e.g. ``needs_more: asked for 3 items, got 1``."""


class HistoryLine(BaseModel):
    """One line of the run's history."""

    role: str
    content: str


class PlannerView(BaseModel):
    """What a planner knows when it decides, redirects or synthesises."""

    goal: str
    query: str
    style: ResponseStyle = "conversational"
    iteration: int = 0
    agents: list[AgentCard] = Field(default_factory=list)
    tasks: list[TaskView] = Field(default_factory=list)
    omitted_tasks: int = 0
    context_keys: list[str] = Field(default_factory=list)
    context_size: int = 0
    history: list[HistoryLine] = Field(default_factory=list)
    stopping: str | None = None
    """Why the run is ending, when it ends for any reason but completion."""
    question: str | None = None
    """The planner's open question to the user, if any."""
    message: str | None = None
    """The user's redirect message, when handling one."""
    dropped: dict[str, str] = Field(default_factory=dict)
    """Tasks the user dropped (id: description): do not plan them again unless asked."""
    feedback: str | None = None
    """Why the previous reply was rejected, when retrying."""


class ViewBuilder:
    """Builds :class:`PlannerView` objects, caching agent cards per registry version."""

    def __init__(
        self,
        max_tasks: int = 60,
        summary_chars: int = 300,
        context_keys: int = 20,
        history: int = 12,
    ) -> None:
        self.max_tasks = max_tasks
        self.summary_chars = summary_chars
        self.context_keys = context_keys
        self.history = history
        self._cards: tuple[int, int, int, list[AgentCard]] | None = None

    def build(
        self,
        state: RunState,
        agents: AgentRegistry,
        *,
        summary_chars: int | None = None,
        stopping: str | None = None,
        message: str | None = None,
        feedback: str | None = None,
        iteration: int | None = None,
    ) -> PlannerView:
        """A view of ``state`` bounded by this builder's limits (``iteration``: the
        decision being asked for, when it is not the state's latest)."""
        tasks = self._pick_tasks(state)
        chars = summary_chars or self.summary_chars
        return PlannerView(
            goal=state.goal,
            query=state.query,
            style=state.style,
            iteration=state.iteration if iteration is None else iteration,
            agents=self.agent_cards(agents),
            tasks=[self._task_view(state, t, chars) for t in tasks],
            omitted_tasks=len(state.plan) - len(tasks),
            context_keys=[e.key for e in state.context.recent(self.context_keys)],
            context_size=len(state.context),
            history=[
                HistoryLine(role=h.role, content=h.content) for h in state.history[-self.history :]
            ],
            stopping=stopping,
            question=state.pending_question,
            message=message,
            feedback=feedback,
            dropped=_dropped(state, self.max_tasks, chars),
        )

    def _pick_tasks(self, state: RunState) -> list[Task]:
        all_tasks = state.tasks
        if len(all_tasks) <= self.max_tasks:
            return all_tasks
        active = [t for t in all_tasks if t.status in ACTIVE_STATUSES]
        finished = [t for t in all_tasks if t.status not in ACTIVE_STATUSES]
        room = max(0, self.max_tasks - len(active))
        keep = {t.id for t in active[: self.max_tasks]} | {t.id for t in finished[-room:] if room}
        return [t for t in all_tasks if t.id in keep]

    def _task_view(self, state: RunState, task: Task, chars: int) -> TaskView:
        result = state.results.get(task.id)
        summary = None
        if result is not None and result.ok:
            summary = preview(result.summary or result.data, chars)
        return TaskView(
            id=task.id,
            description=task.description,
            agent=task.agent,
            status=task.status,
            depends_on=list(task.depends_on),
            attempts=task.attempts,
            summary=summary,
            error=task.error,
            note=task.note,
            confidence=None if result is None else result.confidence,
            suggestions=[] if result is None else list(result.suggestions[:5]),
            critic=_critic_line(state, task.id),
        )

    def agent_cards(self, agents: AgentRegistry) -> list[AgentCard]:
        """Cards for every agent, tree members included (cached until anything changes)."""
        key = (id(agents), agents.version, tree_generation())
        if self._cards is None or self._cards[:3] != key:
            members = agents.tree().members.values()
            self._cards = (*key, [agent_card(m.agent, m.parent, m.depth) for m in members])
        return self._cards[3]


def _dropped(state: RunState, most: int, chars: int) -> dict[str, str]:
    """The tasks the user dropped, newest ``most`` of them (the view stays bounded)."""
    if not state.dropped:
        return {}
    tasks = state.plan.tasks
    return {t: preview(tasks[t].description, chars) for t in state.dropped[-most:] if t in tasks}


def _critic_line(state: RunState, task_id: str) -> str | None:
    verdict = state.critiques.get(task_id) if state.critiques else None
    return None if verdict is None else f"{verdict.verdict}: {verdict.notes}"


def agent_card(agent: Agent, parent: str | None = None, depth: int = 0) -> AgentCard:
    """The planner's view of one agent."""
    return AgentCard(
        name=agent.name,
        description=agent.description,
        capabilities=tuple((c.topic, c.confidence) for c in agent.capabilities),
        parent=parent,
        depth=depth,
    )
