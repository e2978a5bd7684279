"""A follow-up said right after a question that was not answered.

"what about by region?" or "now the average" after a turn the agents declined ("write me
a poem about the weather", a question the table cannot answer) has nothing to build on:
read against the declined question it would answer that question by region, as if it had
been answerable; read against an older answered turn it would guess which one was meant.
So it is asked back, naming the declined turn and the last answered one, if any.
"""

from __future__ import annotations

from notebook_router.context.arc import ArcRun, ArcView
from notebook_router.planner.followup_grouping import grouping_said
from notebook_router.planner.followup_only import only_statistic
from notebook_router.planner.followup_present import PRESENT
from notebook_router.planner.followup_said import said_entity
from notebook_router.planner.followup_types import FollowUp
from notebook_router.text.preview import clip


def declined(run: ArcRun | None) -> bool:
    """Whether ``run`` planned work and none of it was answered."""
    return run is not None and bool(run.tasks) and not any(t.answered for t in run.tasks)


def elliptic(goal: str) -> bool:
    """Whether ``goal`` says only what to change in a question before it: a group-by
    ("what about by region?"), a statistic ("now the average"), an entity ("and for
    2023?", "the same for South") or a way to present ("as a bar chart")."""
    return any(
        (
            grouping_said(goal) is not None,
            only_statistic(goal) is not None,
            said_entity(goal) is not None,
            PRESENT.match(goal) is not None,
        )
    )


def after_declined(goal: str, arc: ArcView) -> FollowUp | None:
    """The question to ask back when ``goal`` is elliptic and the run just before it
    was declined; None otherwise (``goal`` is read as usual)."""
    # A turn that planned nothing (a question asked back, "ok thanks") is passed over:
    # what the follow-up would change is the question before it.
    last = next((r for r in reversed(arc.runs) if r.tasks), None)
    if last is None or not declined(last) or not elliptic(goal):
        return None
    answered = next((r for r in reversed(arc.runs) if any(t.answered for t in r.tasks)), None)
    offer = (
        f" Did you mean it for “{clip(answered.goal)}”? Then say so as a whole question"
        if answered is not None
        else " Ask it as a whole question (with the table, column and statistic it is about)"
    )
    question = (
        f"“{goal.strip()}” follows “{clip(last.goal)}”, which I could not answer, so there is "
        f"nothing to change it in.{offer}, and I'll answer it."
    )
    return FollowUp(
        "ask", last, last.goal, (), f"“{goal.strip()}” follows an unanswered question", question
    )
