"""``RulePlanner``: the planner of the ``offline`` model, rules over the run state.

It reads the :class:`~notebook_router.planner.planner_view.PlannerView` a model
planner is shown, built in-process with every task in it (a model's prompt
must stay bounded; rules that saw only part of a big run would plan its
hidden tasks again), and answers with deterministic rules: the same state
always gives the same plan, with no key, no network and no model call (so an
offline run spends no planner tokens).
"""

from __future__ import annotations

from notebook_router.offline.planner.choices import settle_choice
from notebook_router.offline.planner.decide import decide
from notebook_router.offline.planner.redirect import redirect
from notebook_router.planner.decisions import Decision, RedirectDecision, Synthesis
from notebook_router.planner.followup import follow_up
from notebook_router.planner.followup_types import FollowUp
from notebook_router.planner.planner import PlannerCall
from notebook_router.planner.planner_view import ViewBuilder
from notebook_router.planner.prerouter import instant_reply_to
from notebook_router.planner.synthesis import template_synthesis
from notebook_router.text.preview import clip


class RulePlanner:
    """Plans, redirects and writes the answer by rules (see :mod:`notebook_router.offline.planner`).

    >>> from notebook_router import Router, agent
    >>> @agent(can=["greeting"])
    ... def greeter(task: str) -> str:
    ...     return "hello!"
    >>> Router([greeter], planner=RulePlanner()).run_sync("send a greeting").answer
    'Here is what I found for “send a greeting”:\\n\\n- Send a greeting: hello! [t1]'
    """

    def __init__(self, views: ViewBuilder | None = None) -> None:
        self.views = views or ViewBuilder()

    async def decide(self, call: PlannerCall) -> Decision:
        """The next step: start what can start, wait, ask the user, or complete."""
        if self._instant(call) is not None:
            return Decision(action="complete", reason="instant reply: no model call needed")
        view = self.views.build(
            call.state,
            call.agents,
            feedback=call.feedback,
            iteration=call.iteration,
            every_task=True,
        )
        # "it" that may mean several outputs: ask which before planning anything.
        settled = settle_choice(view)
        return settled if isinstance(settled, Decision) else decide(settled)

    async def redirect(self, call: PlannerCall, message: str) -> RedirectDecision:
        """Status, restart, refine or a question, for a message sent mid-run."""
        view = self.views.build(
            call.state, call.agents, message=message, feedback=call.feedback, every_task=True
        )
        return redirect(view)

    async def synthesise(self, call: PlannerCall) -> Synthesis:
        """The answer from the finished tasks, one cited line each (or the instant reply)."""
        reply = self._instant(call)
        if reply is not None:
            return Synthesis(answer=reply)
        view = self.views.build(
            call.state, call.agents, summary_chars=1200, every_task=True, answering=True
        )
        followed = follow_up(
            view.goal, view.arc, view.column_words, view.column_values, view.flag_columns
        )
        return template_synthesis(view, note=None if followed is None else cite(followed))

    def _instant(self, call: PlannerCall) -> str | None:
        return instant_reply_to(call.state, self.views.agent_cards(call.agents))

    def __repr__(self) -> str:
        return "RulePlanner()"


def cite(followed: FollowUp) -> str:
    """The line an answer gives the run it followed up."""
    source = followed.source
    return f"Follows run {source.run_id} (“{clip(source.goal)}”): {followed.change}."
