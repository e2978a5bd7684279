"""Reuse the plan of a request seen before: the agent-combination cache around a model planner.

A model planner's first decision for a request (which agents, which tasks)
costs a model call on the critical path. :class:`ComboPlanner` wraps the
run's planner: on a run's first decision it looks the request up in the
:class:`~notebook_router.supervisor.combos.AgentComboCache`; a hit returns the
remembered decision (its tasks with fresh ids) with no model call, and says so
in its reason (the run's ``DecisionMade`` event, its trace); a miss asks the
wrapped planner, and the decision is remembered once the run has finished
``completed``.

The key is the goal's words in order (case, punctuation and spacing aside),
the agents' fingerprint (an agent added, removed or redefined misses) and the
names and columns of the run's data tables. Stricter than the agent-retrieval
key (content tokens, order ignored) on purpose: a plan's task descriptions
quote the request, so "top 5" and "top 10", "with" and "without", must not
share one. Skipped for requests with attachments, requests longer than
:data:`MAX_GOAL_CHARS` (a pasted document is not a kind of request that comes
back, and its plan would store it again), redirected runs, resumed ones, and
follow-ups: goals that build on the session's arc ("now do the same
for South", "plot it"), recognised by the follow-up reader or by a word that
points back. Their plans depend on more than the words.

Only planners that plan with a model are wrapped (``plans_with_model``):
the offline :class:`~notebook_router.offline.planner.RulePlanner` makes no
model call, so there is nothing to save.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import ValidationError

from notebook_router.agents.registry import AgentRegistry
from notebook_router.errors import InvalidDecisionError
from notebook_router.planner.decisions import Decision, RedirectDecision, Synthesis
from notebook_router.planner.followup import follow_up
from notebook_router.planner.planner import Planner, PlannerCall
from notebook_router.planner.resolve import resolve_decision
from notebook_router.planner.state import NOT_DONE_STATUSES, RunState
from notebook_router.planner.task_ids import fresh_task_ids
from notebook_router.supervisor.combos import AgentComboCache

if TYPE_CHECKING:
    from notebook_router.planner.run import Run

HIT_REASON = (
    "reused the plan of an earlier request like this (agent-combination cache hit): "
    "no planning call"
)
_WORD = re.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class _Request:
    """What a run's plan is cached under."""

    hint: str
    goal: str
    fingerprint: str


MAX_GOAL_CHARS = 2000
"""Longer requests are planned afresh and not remembered (see the module docstring)."""


class ComboPlanner:
    """A planner that answers a run's first decision from the cache when it can.

    >>> from notebook_router.planner.planner import ModelPlanner
    >>> ComboPlanner(ModelPlanner(), AgentComboCache())
    ComboPlanner(ModelPlanner)
    """

    def __init__(self, inner: Planner, cache: AgentComboCache) -> None:
        self.inner = inner
        self.cache = cache
        # One cache may serve several styles (a session's database): their plans differ.
        self._style = type(inner).__name__
        self._first: dict[str, tuple[_Request, Decision]] = {}
        """Per run still going, the first decision the wrapped planner made (a miss)."""

    @property
    def consult_after_each_result(self) -> bool:
        """As the wrapped planner says (a supervisor must hear every result)."""
        return bool(getattr(self.inner, "consult_after_each_result", False))

    @property
    def plans_with_model(self) -> bool:
        """As the wrapped planner says."""
        return bool(getattr(self.inner, "plans_with_model", False))

    async def decide(self, call: PlannerCall) -> Decision:
        request = self._cacheable(call)
        if request is None:
            return await self.inner.decide(call)
        if call.feedback is None:  # a retry means the reused plan was refused: plan afresh
            reused = self._reuse(request, call.state, call.agents)
            if reused is not None and _fits(reused, call):
                return reused
        decision = await self.inner.decide(call)
        self._first[call.state.run_id] = (request, decision)
        return decision

    async def redirect(self, call: PlannerCall, message: str) -> RedirectDecision:
        return await self.inner.redirect(call, message)

    async def synthesise(self, call: PlannerCall) -> Synthesis:
        return await self.inner.synthesise(call)

    def follow(self, run: Run) -> None:
        """Remember ``run``'s first decision when it finishes ``completed``."""
        state = run.state
        run.on_finish(lambda: self._finished(state))

    def _finished(self, state: RunState) -> None:
        first = self._first.pop(state.run_id, None)
        # Only a plan that worked as it was made is worth reusing: one whose tasks failed
        # or had to run again would replay its failing first steps.
        if (
            first is None
            or state.stop_reason != "completed"
            or any(t.status in NOT_DONE_STATUSES or t.attempts > 1 for t in state.plan)
        ):
            return
        request, decision = first
        if decision.action not in ("execute", "parallel"):
            return  # nothing planned (complete, clarify): nothing a next run could skip
        agents = dict.fromkeys(s.agent for s in (*decision.run, *decision.later) if s.agent)
        self.cache.store(
            request.hint,
            (),
            request.goal,
            agents,
            fingerprint=request.fingerprint,
            plan=decision.model_dump_json(),
        )

    def _cacheable(self, call: PlannerCall) -> _Request | None:
        """The cache key parts for the run's first decision; None when the cache must not apply."""
        state = call.state
        if (
            state.iteration
            or state.plan.tasks
            or len(state.goal) > MAX_GOAL_CHARS
            or state.attachments
            or state.interrupts
            or state.goal_version > 1
            or _follows_up(state)
        ):
            return None
        words = " ".join(_WORD.findall(state.goal.casefold()))
        tables = [] if state.data is None else [[t.name, *t.columns] for t in state.data.tables]
        blob = json.dumps([words, tables], ensure_ascii=False).encode()
        hint = f"plan:{self._style}:{hashlib.sha256(blob).hexdigest()[:16]}"
        return _Request(hint, state.goal, call.agents.tree().fingerprint())

    def _reuse(self, request: _Request, state: RunState, agents: AgentRegistry) -> Decision | None:
        entry = self.cache.lookup(request.hint, (), request.goal, fingerprint=request.fingerprint)
        if entry is None or entry.plan is None:
            return None
        try:
            plan = Decision.model_validate_json(entry.plan)
        except ValidationError:
            return None  # written by another version: plan afresh (and overwrite it)
        specs = [*plan.run, *plan.later]
        if any(not s.agent or s.agent not in agents for s in specs):
            return None  # an agent it named is gone (or now lives elsewhere in a tree)
        fresh = fresh_task_ids(state.plan.tasks, len(specs))
        ids = {s.id: new for s, new in zip(specs, fresh, strict=True) if s.id is not None}
        renamed = [
            s.model_copy(update={"id": new, "depends_on": [ids.get(d, d) for d in s.depends_on]})
            for s, new in zip(specs, fresh, strict=True)
        ]
        return plan.model_copy(
            update={
                "reason": HIT_REASON,
                "run": renamed[: len(plan.run)],
                "later": renamed[len(plan.run) :],
                "drop": [],
            }
        )

    def __repr__(self) -> str:
        return f"ComboPlanner({self._style})"


def _fits(decision: Decision, call: PlannerCall) -> bool:
    """Whether a reused plan is valid in this run as it is now (checked, not applied)."""
    try:
        resolve_decision(decision, call.state, call.agents, {})
    except InvalidDecisionError:
        return False
    return True


def _follows_up(state: RunState) -> bool:
    """Whether the goal builds on the session's earlier runs (its words alone do not say
    what to do): the follow-up reader recognises it, or a word of it points back."""
    arc = state.arc
    if not arc:
        return False
    words = set(_WORD.findall(state.goal.casefold()))
    return bool(words & _POINTING_BACK) or follow_up(state.goal, arc) is not None


_POINTING_BACK = frozenset("it its that these those them same again above previous earlier".split())
