"""How a run ends: the answer, streamed or written from the results, and the account.

Once the loop stops deciding, :class:`Conclusion` winds down what still runs,
asks the planner to synthesise the answer (streaming its draft to listeners),
falls back to an answer written from the results when the model cannot or
Stop cuts it short, says why the run ended (the honest account: a run that
ran nothing, or answered part, says so), and publishes ``run_finished``.
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from typing import TypeVar

from notebook_router.errors import PlannerError, ProviderError
from notebook_router.planner import events as ev
from notebook_router.planner.approvals import Approvals
from notebook_router.planner.decisions import Synthesis
from notebook_router.planner.lifecycle import Lifecycle
from notebook_router.planner.planner import PlannerCall
from notebook_router.planner.planner_view import ViewBuilder
from notebook_router.planner.prerouter import instant_reply_to
from notebook_router.planner.run_core import RunCore
from notebook_router.planner.schedule import PLANNED_THROUGH, RAN_TO_ITS_END
from notebook_router.planner.state import OK_STATUSES, StopReason, Task
from notebook_router.planner.steering import Steering
from notebook_router.planner.synthesis import nothing_run, template_synthesis
from notebook_router.planner.verification import ran_nothing

log = logging.getLogger("notebook_router")
T = TypeVar("T")
Interruptible = Callable[[Awaitable[T]], Awaitable[T | None]]


class Conclusion:
    """Ends a run: winds it down, writes its answer and publishes ``run_finished``."""

    def __init__(
        self,
        core: RunCore,
        steering: Steering,
        life: Lifecycle,
        *,
        views: ViewBuilder,
        interruptible: Interruptible[Synthesis],
        wind_down: Callable[[str], Awaitable[None]],
        approvals: Approvals,
    ) -> None:
        self.id = core.state.run_id
        self.state = core.state
        self.agents = core.agents
        self.planner = core.planner
        self._planner_model = core.model
        self.limits = core.limits
        self._events = core.events
        self.steering = steering
        self._life = life
        self._views = views
        self._interruptible = interruptible
        self._approvals = approvals
        self._wind_down = wind_down
        self.draft: list[str] = []
        """The pieces of the answer streamed so far."""
        self.draft_listeners: list[Callable[[str], None]] = []

    def listen(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """Call ``callback(piece)`` with each piece of the draft; returns the unsubscribe."""
        self.draft_listeners.append(callback)
        return functools.partial(_discard, self.draft_listeners, callback)

    async def finish(self) -> None:
        """Wind down, synthesise the answer (or write it from the results), conclude."""
        life = self._life
        life.closing = True  # from here on a redirect would go unheard: refuse it
        reason = life.stop_request[1] if life.stop_request else "not needed: the planner completed"
        await self._wind_down(reason)
        if life.stop_request is None and not any(t.attempts for t in self.state.plan):
            self._nothing_run()
        synthesis: Synthesis | None = None
        if life.stop_request is None and ran_nothing(self.state):
            synthesis = self.template()  # a model has nothing to write from: no call
        elif life.stop_request is None:
            try:
                call = PlannerCall(
                    self.state,
                    self.agents,
                    self._planner_model,
                    on_text=self._drafted,
                    limits=self.limits,
                )
                synthesis = await self._interruptible(self.planner.synthesise(call))
            except (PlannerError, ProviderError) as exc:
                synthesis = self.template(note=f"written without the model: {exc}")
        # Stopped before the answer, or while the model was writing it.
        self.conclude(self._approvals.with_how_to_run(synthesis or self.template()))

    def _drafted(self, piece: str) -> None:
        if not piece or self._life.finished:
            return
        self.draft.append(piece)
        for listener in tuple(self.draft_listeners):
            try:
                listener(piece)
            except Exception:  # a broken listener never breaks the answer
                log.exception("notebook_router: a draft listener of run %s failed", self.id)

    def _nothing_run(self) -> None:
        """The planner completed without starting any agent: say so, unless no agent was
        needed (an instant reply), rather than claim the goal was met."""
        state = self.state
        if instant_reply_to(state, self._views.agent_cards(self.agents)) is not None:
            return
        ranked = [r.name for r in self.agents.tree().route(state.goal)]
        # The user's own agents first: a built-in is named only when none of theirs fits.
        own = [n for n in ranked if not getattr(self.agents.get(n), "builtin", False)]
        candidates = (own or ranked)[:3]
        self._life.set_stop("unanswered", nothing_run(self._life.completed_because, candidates))

    def template(self, note: str | None = None) -> Synthesis:
        """The answer written from the results, without the model."""
        stopping, detail = self._life.stop_request or (None, None)
        # Every task: the answer keeps each finished result, however big the run.
        view = self._views.build(
            self.state,
            self.agents,
            summary_chars=1200,
            stopping=stopping,
            every_task=True,
            answering=True,
        )
        return template_synthesis(view, note=note, detail=detail)

    def conclude(self, synthesis: Synthesis) -> None:
        """Skip what never started and publish ``run_finished`` with ``synthesis``."""
        state = self.state
        life = self._life
        reason, detail = life.stop_request or _completion(state.plan)
        if reason == "completed" and life.completed_because in (PLANNED_THROUGH, RAN_TO_ITS_END):
            detail = life.completed_because
        for task in state.plan.with_status("pending"):
            self._events.publish(ev.TaskSkipped(task_id=task.id, reason=f"the run ended: {detail}"))
        self.steering.drop_question()  # a clarify handler still asking has nothing to answer
        life.duration_s = duration = self._events.now()
        life.finished = True
        self._events.close(
            ev.RunFinished(
                stop_reason=reason,
                detail=detail,
                answer=synthesis.answer,
                iterations=state.iteration,
                duration_s=duration,
                total_tokens=state.usage.total_tokens,
                cost_usd=state.usage.cost_usd,
                attributions=tuple(
                    ev.Cited(task_id=a.task_id, agent=a.agent, text=a.text)
                    for a in synthesis.attributions
                ),
            )
        )


def _discard(listeners: list[Callable[[str], None]], callback: Callable[[str], None]) -> None:
    with contextlib.suppress(ValueError):
        listeners.remove(callback)


def _completion(plan: Iterable[Task]) -> tuple[StopReason, str]:
    """Why a run the planner ended of its own accord stopped.

    "The goal was met" only if every task it ran was fulfilled (or none was needed).
    A task that answered only part of its question, or that could not be done beside
    others that were, makes the run *partly answered*; when every agent it tried was
    unable or failed, the run is *unanswered*: the honest account either way, whatever
    the planner concluded.
    """
    ended = Counter(t.status for t in plan if t.status not in _NOT_TRIED)
    counts = ", ".join(f"{n} {status.replace('_', ' ')}" for status, n in sorted(ended.items()))
    total = sum(ended.values())
    tasks = "task" if total == 1 else "tasks"
    if not ended or set(ended) == {"fulfilled"}:
        return "completed", "the planner judged the goal met"
    if any(status in OK_STATUSES for status in ended):
        done = ended.get("fulfilled", 0)
        return "partly_answered", f"{done} of the {total} {tasks} fully answered ({counts})"
    return "unanswered", f"no result from the {total} {tasks} tried ({counts})"


_NOT_TRIED = frozenset({"pending", "running", "cancelled", "skipped", "needs_user_input"})
"""Not counted for or against a run's completion: a question is no failure (answered, its
task runs again refined; unanswered, the run stops to ask)."""
