"""Plan ahead: start what the plan says, ask the planner only on a surprise.

A decision may carry a whole plan: tasks to start now and tasks that wait for
others (``later`` with ``depends_on``). With a real model a planner call costs
a second or two, so between decisions the loop runs the plan itself: a planned
task starts the moment every task it depends on has finished well, with no
model call. The Decider is consulted again only when something happened that
the plan did not foresee:

* a task failed, was unable, asked the user something, or came back less sure
  than ``Limits.replan_below``;
* a result suggested further work (a planning agent's sub-tasks), or was a
  task the plan marked as a decision point (``checkpoint``);
* the critic or verification asked for more;
* the user redirected the run or answered its question;
* the plan is stuck: a task waits for an input that will never come.

A planner handles each surprise when it is told of it, even while other
tasks run (a question to the user waits alongside them): it is not asked
again about the same one.

When every planned task has finished as planned, the run goes straight to
its answer: no "complete" call either. A planner that must see every result
(a tool-calling supervisor) says so with ``consult_after_each_result = True``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from itertools import islice
from typing import Any, Literal, NamedTuple

from notebook_router.planner.events import TaskInfo
from notebook_router.planner.state import OK_STATUSES, Plan, Task
from notebook_router.result import AgentResult, ran_code

SurpriseKind = Literal[
    "first",
    "failed",
    "unable",
    "needs_input",
    "unsure",
    "suggestions",
    "checkpoint",
    "critic",
    "redirect",
    "answer",
    "stuck",
    "every_result",
]


class Surprise(NamedTuple):
    """Why the planner is asked again (a tuple: made once per surprise, on the loop's path)."""

    kind: SurpriseKind
    detail: str
    task_id: str | None = None


PLANNED_THROUGH = "every planned task finished as planned"
"""A run's stop detail when its plan ran to the end with no surprise."""
RAN_TO_ITS_END = "the plan ran to its end; the planner handled what did not go as planned"
"""A run's stop detail when its plan ran to the end after the planner handled surprises."""

_STATUS_SURPRISE: dict[str, SurpriseKind] = {
    "failed": "failed",
    "unable": "unable",
    "needs_user_input": "needs_input",
    "cancelled": "failed",
}


class Schedule:
    """Which planned tasks can start now, and whether the planner must be asked first.

    Incremental: each task is indexed by the tasks it waits for once, when it
    enters the plan, and a finished task wakes only its own dependents, so a
    loop step costs the same at 10 tasks as at 10,000.
    """

    def __init__(
        self,
        plan: Plan,
        *,
        replan_below: float | None,
        every_result: bool = False,
        first_decision: bool = True,
    ) -> None:
        self._plan = plan
        self._replan_below = replan_below
        self._every_result = every_result
        self._surprises: list[Surprise] = (
            [Surprise("first", "the run needs a plan")] if first_decision else []
        )
        self._dependents: defaultdict[str, list[str]] = defaultdict(list)
        self._indexed = 0  # how many of the plan's tasks (in insertion order) are indexed
        self._ready: dict[str, None] = {}  # an ordered set: start in the order planned
        self._held: list[str] = []
        """Dependents of a surprising result: they wait for the planner's decision."""
        self._planning = first_decision
        """No plan to run yet: nothing starts by itself before the first decision (a
        resumed run's planner sees its restored plan first)."""
        self.surprised = False
        """Whether anything but the first plan called the planner in this run."""

    # ------------------------------------------------------------- what happened

    @property
    def surprises(self) -> tuple[Surprise, ...]:
        """What the planner has not been told about yet."""
        return tuple(self._surprises)

    def must_decide(self) -> bool:
        """Whether the next step needs the planner (a surprise is waiting)."""
        return bool(self._surprises)

    def note(self, kind: SurpriseKind, detail: str, task_id: str | None = None) -> None:
        """Record a surprise for the next decision."""
        self._surprises.append(Surprise(kind, detail, task_id))
        self.surprised = True

    def decided(self) -> str:
        """The planner is being told everything noted so far: what it is told, in one
        line for the trace ("" for the first plan). Tasks held for its decision go on as
        planned unless it changes them (starts, drops or re-plans them)."""
        why = summarise(self._surprises)
        self._surprises.clear()
        self._planning = False
        if self._held:
            held, self._held = self._held, []
            for task_id in held:
                self._consider(task_id)
        return why

    def finished(self, task: Task, result: AgentResult | None) -> None:
        """A task ended: wake its dependents, or note the surprise its result is."""
        status = task.status
        if self._surprises and any(s.task_id == task.id for s in self._surprises):
            # The critic already wants more of it: what builds on it waits too.
            self._held.extend(self._dependents.get(task.id, ()))
            return
        kind = _STATUS_SURPRISE.get(status)
        if kind is not None:
            reason = f": {task.error}" if task.error else ""
            self.note(kind, f"{task.id} ({task.agent}) ended {status}{reason}", task.id)
            return
        if status not in OK_STATUSES:
            return
        noted = len(self._surprises)
        if self._every_result:
            self.note("every_result", f"{task.id} ({task.agent}) finished", task.id)
        floor = self._replan_below
        if result is not None:
            # Code the policy kept from running is unsure by nature, but the planner can
            # do nothing about it (running it again would not run it either).
            if floor is not None and result.confidence < floor and ran_code(result) is not False:
                self.note(
                    "unsure",
                    f"{task.id} ({task.agent}) is only {result.confidence:.0%} sure",
                    task.id,
                )
            if result.suggestions:
                self.note(
                    "suggestions",
                    f"{task.id} ({task.agent}) suggests {len(result.suggestions)} more task(s)",
                    task.id,
                )
        if task.checkpoint:
            self.note("checkpoint", f"{task.id} ({task.agent}) was a decision point", task.id)
        dependents = self._dependents.get(task.id, ())
        if len(self._surprises) > noted:  # what builds on it waits for the planner
            self._held.extend(dependents)
            return
        for waiting in dependents:
            self._consider(waiting)

    # ------------------------------------------------------------ what to start

    def ready(self, inflight: Mapping[str, Any]) -> Sequence[str]:
        """Planned tasks whose inputs have all finished well, in plan order; taken."""
        if self._indexed != len(self._plan.tasks):
            self._index_new_tasks()
        if not self._ready or self._planning:
            return ()
        tasks = self._plan.tasks
        # Checked again now: an input may have been sent back, or restarted by the
        # planner, since it woke this task (it wakes it again when it finishes).
        ready = [
            task_id
            for task_id in self._ready
            if task_id not in inflight
            and tasks[task_id].status == "pending"
            and all(tasks[d].status in OK_STATUSES for d in tasks[task_id].depends_on)
        ]
        self._ready.clear()
        return ready

    def stuck(self, inflight: Mapping[str, Any]) -> Surprise | None:
        """A pending task that can no longer start (an input of it ended badly), if
        nothing is running that could still change that; else None."""
        if inflight:
            return None
        tasks = self._plan.tasks
        for task in self._plan.with_status("pending"):
            lost = [d for d in task.depends_on if tasks[d].status not in _MAY_STILL_FEED]
            if lost:
                return Surprise(
                    "stuck", f"{task.id} waits for {', '.join(lost)}, which will not deliver"
                )
        return None

    def planned(self, added: Sequence[TaskInfo]) -> None:
        """Index the tasks a decision just added, once it has started those it starts
        (before any of their inputs can finish: a dependent of a surprising result
        must wait for the planner, not start by itself)."""
        tasks = self._plan.tasks
        for info in added:
            if tasks[info.id].status == "pending":  # not started by the decision
                self._index(info.id)
        self._indexed = len(tasks)

    def _index_new_tasks(self) -> None:
        """Index tasks that entered the plan some other way (a restored plan)."""
        plan = self._plan.tasks
        missing = len(plan) - self._indexed
        # From the end: the plan only grows, and walking its newest tasks costs what
        # was added, not the whole plan (a slice from the front would skip the rest).
        for task in reversed(list(islice(reversed(plan.values()), missing))):
            self._index(task.id)
        self._indexed = len(plan)

    def _index(self, task_id: str) -> None:
        task = self._plan.tasks[task_id]
        if task.status != "pending":
            return  # started by the decision that planned it
        dependents = self._dependents
        for dep in task.depends_on:
            dependents[dep].append(task_id)
        self._consider(task_id)

    def _consider(self, task_id: str) -> None:
        tasks = self._plan.tasks
        task = tasks[task_id]
        if task.status == "pending" and all(
            tasks[d].status in OK_STATUSES for d in task.depends_on
        ):
            self._ready[task_id] = None


_MAY_STILL_FEED = OK_STATUSES | {"pending", "running"}


def summarise(surprises: Sequence[Surprise]) -> str:
    """One line for the trace: why the planner was asked ("" for the first plan)."""
    if len(surprises) == 1:  # the usual case, without the list and the join
        only = surprises[0]
        return "" if only.kind == "first" else only.detail
    found = [s for s in surprises if s.kind != "first"]
    if not found:
        return ""
    head = "; ".join(s.detail for s in found[:3])
    more = f" (and {len(found) - 3} more)" if len(found) > 3 else ""
    return head + more
