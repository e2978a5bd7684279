"""The agent contract: what the planner can ask of any agent.

An agent is anything with a ``name``, a ``description``, ``capabilities`` and
an ``async run(task, context)``. Function agents (:func:`notebook_router.agent`),
cell agents and whole delegation trees all meet this contract, so the planner
never needs to know which kind it is talking to.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.agents.approval import (
    NO_RUN_TO_ASK,
    NO_RUN_TO_ASK_TOOL,
    ApproveHook,
    CodeApproval,
    ToolApproval,
    ToolCall,
    tool_decision,
)
from notebook_router.agents.tree import TreeNode
from notebook_router.errors import AgentDefinitionError
from notebook_router.media import Media
from notebook_router.result import AgentResult
from notebook_router.styles import ResponseStyle

if TYPE_CHECKING:
    from notebook_router.context.shared import SharedContext
    from notebook_router.data.source import DataSource
    from notebook_router.providers.base import ModelClient


_NAME = re.compile(r"^[A-Za-z_][\w.\-]{0,63}$")


class Capability(BaseModel):
    """A topic an agent handles, with how sure it is (0..1)."""

    model_config = ConfigDict(frozen=True)

    topic: str = Field(min_length=1)
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)


CapabilitySpec = str | Capability | tuple[str, float]
"""Accepted wherever capabilities are declared: "sales", ("sales", 0.8) or a Capability."""


def parse_capabilities(
    spec: Iterable[CapabilitySpec] | Mapping[str, float] | str | None,
) -> tuple[Capability, ...]:
    """Normalise the many ways people write capabilities.

    >>> [c.topic for c in parse_capabilities("flights, hotels")]
    ['flights', 'hotels']
    """
    if spec is None:
        return ()
    if isinstance(spec, str):
        spec = [part for part in re.split(r"[,;\n]", spec)]
    items: Iterable[Any] = spec.items() if isinstance(spec, Mapping) else spec
    caps: list[Capability] = []
    for item in items:
        if isinstance(item, Capability):
            caps.append(item)
        elif isinstance(item, str):
            if item.strip():
                caps.append(Capability(topic=item.strip()))
        elif isinstance(item, tuple) and len(item) == 2:
            caps.append(Capability(topic=str(item[0]).strip(), confidence=float(item[1])))
        else:
            raise AgentDefinitionError(
                f"Cannot read capability {item!r}: use a topic string, "
                "(topic, confidence) or a Capability."
            )
    return tuple(caps)


def check_agent_name(name: str) -> str:
    """Return ``name`` if it is a usable agent name, else raise a clear error."""
    if name == "<lambda>":
        raise AgentDefinitionError("A lambda has no name: wrap it as agent(name=...)(fn).")
    if not _NAME.match(name):
        raise AgentDefinitionError(
            f"{name!r} is not a usable agent name: start with a letter and use "
            "letters, digits, '_', '-' or '.' (at most 64 characters)."
        )
    return name


@dataclass(slots=True, kw_only=True)
class TaskRequest:
    """One task as an agent sees it (read-only).

    A slotted dataclass rather than a pydantic model: one is built for every
    task start, on the loop's hot path.
    """

    id: str
    description: str
    goal: str
    agent: str
    depends_on: tuple[str, ...] = ()
    attempt: int = 1
    style: ResponseStyle = "conversational"
    user_words: str | None = None
    """What the user said in this run, in their own words: the request, their redirects
    and their answers, never a planner's or a model's rewording of them. ``description``
    may be a model's words (a model planner writes the tasks), so what a task may do
    beyond answering (read a file outside the notebook's folder, replace a variable the
    user has, keep a fact) must be in these words. A run always sets it; None is a
    request built by hand, whose description is its author's own words."""

    @property
    def said_by_user(self) -> str:
        """The user's own words for this task (see :attr:`user_words`)."""
        return self.description if self.user_words is None else self.user_words


class Inputs(Mapping[str, Any]):
    """Results of the tasks this task depends on, keyed by the agent that made them.

    When two upstream tasks used the same agent the later key is
    ``"agent@task_id"``. ``inputs.by_task`` maps task ids to data instead.
    """

    def __init__(self, items: Iterable[tuple[str, str, Any]] = ()) -> None:
        self._by_agent: dict[str, Any] = {}
        self.by_task: dict[str, Any] = {}
        for task_id, agent_name, data in items:
            key = agent_name if agent_name not in self._by_agent else f"{agent_name}@{task_id}"
            self._by_agent[key] = data
            self.by_task[task_id] = data

    def __getitem__(self, key: str) -> Any:
        if key in self._by_agent:
            return self._by_agent[key]
        return self.by_task[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_agent)

    def __len__(self) -> int:
        return len(self._by_agent)

    def __repr__(self) -> str:
        return f"Inputs({list(self._by_agent)})"


NO_INPUTS = Inputs()
"""The (read-only) inputs of a task that depends on nothing."""


class TraceSink(Protocol):
    """Where an agent's trace notes go (the run turns them into events)."""

    def __call__(
        self, task: TaskRequest, kind: str, message: str, data: dict[str, Any]
    ) -> None: ...


class AgentContext:
    """Everything an agent may use while it runs one task.

    ``shared`` is the run's shared context: read anything, and write with
    ``context.shared.set(key, value, source=...)`` (the run stamps the source for
    you through :meth:`remember`). ``model`` calls the run's model with usage
    accounted to this agent. ``data`` is the notebook's data the run may read
    (``data.tables()`` gives the live DataFrames by name), or None.

    Give ``model`` (a client) or ``model_for`` (what makes one): a run gives the
    latter, so that a task whose agent never calls a model never builds a client.
    """

    __slots__ = (
        "_approve",
        "_model",
        "_model_for",
        "_trace",
        "data",
        "goal",
        "inputs",
        "media",
        "run_id",
        "shared",
        "task",
    )

    def __init__(
        self,
        run_id: str,
        goal: str,
        task: TaskRequest,
        inputs: Inputs,
        shared: SharedContext,
        model: ModelClient | None = None,
        media: list[Media] | None = None,
        data: DataSource | None = None,
        _trace: TraceSink | None = None,
        _approve: ApproveHook | None = None,
        *,
        model_for: Callable[[], ModelClient] | None = None,
    ) -> None:
        if model is None and model_for is None:
            raise TypeError("AgentContext needs a model client (model=) or model_for=")
        self.run_id = run_id
        self.goal = goal
        self.task = task
        self.inputs = inputs
        self.shared = shared
        self.media: list[Media] = [] if media is None else media
        self.data = data
        self._model = model
        self._model_for = model_for
        self._trace = _trace
        self._approve = _approve

    @property
    def model(self) -> ModelClient:
        """The run's model, its usage accounted to this agent and task (made on first use)."""
        model = self._model
        if model is None:
            assert self._model_for is not None  # __init__ requires one of the two
            model = self._model = self._model_for()
        return model

    def __repr__(self) -> str:
        return f"AgentContext(run_id={self.run_id!r}, task={self.task.id!r})"

    async def approve_code(self, code: str, purpose: str) -> CodeApproval:
        """May ``code`` (written by this agent or its model) run? The run's code policy decides.

        ``purpose`` is one line saying what the code is for; the user sees it with
        the code when the policy is ``ask``. Returns the code to run (the user may
        have edited it), or a decision not to run it with a note saying why.
        """
        if self._approve is None:
            return CodeApproval(run=False, code=code, note=NO_RUN_TO_ASK)
        return await self._approve(code, purpose)

    async def approve_tool(self, call: ToolCall) -> ToolApproval:
        """May this agent make the tool ``call`` (an MCP server's tool)? The run's tool
        policy decides, as the code policy does for code.

        Under ``ask`` the user sees the server, the tool and its arguments, and may
        edit the arguments: the approval carries the ones to call with. Returns a
        decision not to call, with a note saying why, when the answer is no.
        """
        if self._approve is None:
            return ToolApproval(run=False, arguments=dict(call.arguments), note=NO_RUN_TO_ASK_TOOL)
        decided = await self._approve(call.shown, call.purpose, tool=call)
        return tool_decision(call, decided)

    def remember(self, key: str, value: Any) -> None:
        """Write ``value`` to the shared context, attributed to this task."""
        self.shared.set(key, value, source=f"{self.task.agent}:{self.task.id}")

    def trace(self, kind: str, message: str, **data: Any) -> None:
        """Add a line to the run's trace (e.g. ``trace("tool_call", "search('rome')")``)."""
        if self._trace is not None:
            self._trace(self.task, kind, message, data)


@runtime_checkable
class Agent(Protocol):
    """The contract every agent meets."""

    name: str
    description: str
    capabilities: tuple[Capability, ...]
    timeout_s: float | None

    def run(self, task: TaskRequest, context: AgentContext) -> Awaitable[AgentResult | Any]:
        """Do ``task``; return an :class:`AgentResult` or any value (it becomes ``data``).

        Usually written ``async def run(...)``; any method returning an
        awaitable will do.
        """
        ...


class BaseAgent(TreeNode):
    """A convenient base class for hand-written agents (children included: see ``add_child``).

    >>> class Echo(BaseAgent):
    ...     name = "echo"
    ...     description = "Repeats the task."
    ...     async def run(self, task, context):
    ...         return task.description
    """

    name: str = ""
    description: str = ""
    capabilities: tuple[Capability, ...] = ()
    timeout_s: float | None = None
    reads: tuple[str, ...] = ()
    """Media types this agent works on (``"image/"`` covers every image type). An agent
    that reads media is offered to the planner only in runs that hold some of them:
    without a document, "summarise the causes of the revolution" is not a job for the
    document reader, however well its words match."""
    roles: frozenset[str] = frozenset()
    """Duties of the run this agent takes (:mod:`notebook_router.agents.roles`): the
    planner finds "whoever recalls earlier runs" by role, never by name."""

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult | Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
