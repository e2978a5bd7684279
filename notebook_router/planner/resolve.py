"""Checking a planner's decision against the run before anything happens.

A decision is resolved in full (new tasks built, agents looked up, ids and
dependencies checked, cycles rejected) before the loop touches the state, so
an impossible decision is rejected whole, with a message the planner can
act on, and never half-applied.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from notebook_router.agents.registry import AgentRegistry
from notebook_router.errors import InvalidDecisionError
from notebook_router.planner.decisions import Decision, TaskSpec
from notebook_router.planner.events import TaskInfo
from notebook_router.planner.state import OK_STATUSES, RunState, Task

_TASK_ID = re.compile(r"^[A-Za-z0-9_.\-]{1,32}$")
_NOT_DONE = ("failed", "unable")
"""A task in one of these may go to another agent, never from a user's to a built-in."""


@dataclass(slots=True)
class ResolvedDecision:
    """A decision checked against the state, ready to publish and carry out."""

    decision: Decision
    start: list[str] = field(default_factory=list)
    """Ids of the tasks to start now (new or already planned), in order."""
    new: list[TaskInfo] = field(default_factory=list)
    """Tasks the decision adds to the plan, with their final ids and agents."""
    drop: list[str] = field(default_factory=list)
    reroute: dict[str, str] = field(default_factory=dict)


def resolve_decision(
    decision: Decision, state: RunState, agents: AgentRegistry, inflight: Mapping[str, Any]
) -> ResolvedDecision:
    """Check ``decision`` against ``state``; raise :class:`InvalidDecisionError` if impossible."""
    _check_shape(decision, inflight)
    resolver = _Resolver(state, agents)
    resolved = ResolvedDecision(decision)
    for spec in decision.run:
        resolver.start(spec, resolved)
    for spec in decision.later:
        if spec.id and spec.id in state.plan.tasks:
            raise InvalidDecisionError(
                f"Task {spec.id!r} is already in the plan; 'later' adds new tasks."
            )
        resolved.new.append(resolver.new_task(spec, "later"))
    if decision.later:
        # Tasks in 'run' were checked as they were resolved (fresh ids, every
        # dependency finished); tasks added for later may depend on each other.
        state.plan.check_new(resolved.new)
    for task_id in decision.drop:
        task = state.plan.tasks.get(task_id)
        if task is None:
            raise InvalidDecisionError(f"'drop' names unknown task {task_id!r}.")
        if task.status == "pending":
            resolved.drop.append(task_id)
    return resolved


def _check_shape(decision: Decision, inflight: Mapping[str, Any]) -> None:
    action = decision.action
    if action == "retrieve_agents":
        # The model planner answers it itself (it shows the agents found and asks
        # again); one reaching the loop came from a planner that cannot.
        raise InvalidDecisionError(
            "'retrieve_agents' is not a step of the run: choose tasks for the agents in "
            "'agents' (any registered agent name is accepted), or 'complete'."
        )
    if action in ("execute", "parallel") and not decision.run:
        raise InvalidDecisionError(f"'{action}' needs at least one task in 'run'.")
    if action in ("complete", "clarify", "wait") and decision.run:
        raise InvalidDecisionError(f"'{action}' cannot start tasks; use 'execute' or 'parallel'.")
    if action == "wait" and not inflight:
        raise InvalidDecisionError(
            "'wait' but nothing is running: start a task, or 'complete' if the goal is met."
        )
    if action == "clarify" and not (decision.question or "").strip():
        raise InvalidDecisionError("'clarify' needs a 'question' for the user.")


class _Resolver:
    def __init__(self, state: RunState, agents: AgentRegistry) -> None:
        self.plan = state.plan
        self.agents = agents
        self.claimed: set[str] = set()  # ids given to new tasks in this decision
        self.dropped = state.dropped
        self._failed: dict[str, Task] | None = None

    def start(self, spec: TaskSpec, resolved: ResolvedDecision) -> None:
        spec_id = spec.id
        existing = self.plan.tasks.get(spec_id) if spec_id else None
        if existing is None:
            task = self.new_task(spec, "run")
            if task.depends_on:
                self._require_ready(task.id, task.depends_on)
            resolved.new.append(task)
            resolved.start.append(task.id)
            return
        if existing.status == "running":
            raise InvalidDecisionError(f"Task {existing.id!r} is already running; use 'wait'.")
        if existing.id in self.dropped:
            raise _dropped_again(existing.id)
        if existing.id in resolved.start:
            return
        if existing.depends_on:  # a re-run too: an input it once had may have failed since
            self._require_ready(existing.id, existing.depends_on)
        if spec.agent:
            agent = self.agent_name(spec.agent)
            self._refuse_takeover(existing, agent)
            resolved.reroute[existing.id] = agent
        resolved.start.append(existing.id)

    def new_task(self, spec: TaskSpec, where: str) -> TaskInfo:
        spec_id, agent = spec.id, spec.agent
        description = (spec.description or "").strip()
        if not description or not agent:
            label = f" {spec_id!r}" if spec_id else ""
            raise InvalidDecisionError(
                f"New task{label} in '{where}' needs both a 'description' and an 'agent'."
            )
        if self.dropped:
            self._refuse_dropped(description)
        agent = self.agent_name(agent)
        # Only a built-in may not take over a user's failed task: for a user's own
        # agent (most steps) the plan is not scanned for failures at all. (``agent``
        # is registered: looked up once, not checked again as _builtin does.)
        if getattr(self.agents.get(agent), "builtin", False):
            earlier = self._user_failures().get(_words(description))
            if earlier is not None:
                self._refuse_takeover(earlier, agent)
        task_id = spec_id if spec_id and _TASK_ID.match(spec_id) else None
        while task_id is None or task_id in self.plan.tasks or task_id in self.claimed:
            task_id = self.plan.new_id()
        self.claimed.add(task_id)
        deps = spec.depends_on
        return TaskInfo(
            id=task_id,
            description=description,
            agent=agent,
            depends_on=tuple(dict.fromkeys(deps)) if deps else (),
            checkpoint=spec.checkpoint,
        )

    def _refuse_takeover(self, task: Task, agent: str) -> None:
        """Refuse giving a user's agent's failed task to a built-in: the user wrote that
        agent to do it, and a built-in's reply would stand in the answer for its error."""
        if task.status not in _NOT_DONE or self._builtin(task.agent) or not self._builtin(agent):
            return
        what = f"{task.status}: {task.error}" if task.error else task.status
        raise InvalidDecisionError(
            f"Task {task.id!r} belongs to the user's own agent {task.agent!r} ({what}); a "
            f"built-in agent such as {agent!r} does not take it over. Give it to another of "
            "the user's agents, or 'complete' and report the error."
        )

    def _user_failures(self) -> dict[str, Task]:
        """The tasks the user's own agents failed or could not do, by their words."""
        if self._failed is None:
            self._failed = {
                _words(t.description): t
                for t in self.plan.tasks.values()
                if t.status in _NOT_DONE and not self._builtin(t.agent)
            }
        return self._failed

    def _builtin(self, name: str) -> bool:
        return name in self.agents and bool(getattr(self.agents.get(name), "builtin", False))

    def agent_name(self, name: str) -> str:
        if name in self.agents:
            return name
        everyone = self.agents.all_names()
        folded = {n.lower(): n for n in everyone}
        if name.lower() in folded:
            return folded[name.lower()]
        known = ", ".join(everyone) or "none"
        raise InvalidDecisionError(f"There is no agent {name!r}. Agents: {known}.")

    def _refuse_dropped(self, description: str) -> None:
        for task_id in self.dropped:
            task = self.plan.tasks.get(task_id)
            if task is not None and _words(task.description) == _words(description):
                raise _dropped_again(task_id)

    def _require_ready(self, task_id: str, depends_on: tuple[str, ...]) -> None:
        waiting, ended = [], []
        for dep in depends_on:
            upstream = self.plan.tasks.get(dep)
            if upstream is None:
                raise InvalidDecisionError(f"Task {task_id!r} depends on unknown task {dep!r}.")
            if upstream.status in ("pending", "running"):
                waiting.append(f"{dep} ({upstream.status})")
            elif upstream.status not in OK_STATUSES:
                ended.append(f"{dep} ({upstream.status})")
        if ended:  # waiting would not help: the input is not coming
            raise InvalidDecisionError(
                f"Task {task_id!r} cannot start: it needs {', '.join(ended)}, which ended "
                "without a result. Run that input again first (or another task that gives "
                "it), or 'complete' and say what could not be done."
            )
        if waiting:
            raise InvalidDecisionError(
                f"Task {task_id!r} cannot start yet: it needs {', '.join(waiting)}. "
                "Put it in 'later' and start it once those have finished."
            )


def _words(description: str) -> str:
    """A task description as compared with another: case and spacing aside."""
    return " ".join(description.casefold().split())


def _dropped_again(task_id: str) -> InvalidDecisionError:
    return InvalidDecisionError(
        f"The user dropped task {task_id!r} (see 'dropped'): do not plan it again unless "
        "the user asks for it."
    )
