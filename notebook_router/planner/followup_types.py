"""What a follow-up is: its kind, the run it follows and the plan it makes, shared by
the modules that read follow-ups (:mod:`notebook_router.planner.followup` and
:mod:`notebook_router.planner.followup_answer`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from notebook_router.agents.roles import ANALYST
from notebook_router.context.arc import ArcRun, ArcTask
from notebook_router.language.phrases import phrase_table

SAID = phrase_table("followups")
"""The words of follow-ups (``language/data/followups.toml``); the rules give their shape."""
LEAD = rf"^(?:{SAID.either('lead')}[\s,]+)*"
"""The words that may open any follow-up ("and now, ...", "ok so ..."), as a regex."""

FollowKind = Literal["same", "present", "why", "ask"]
ANALYSIS = frozenset({ANALYST})
"""The roles of a task a "why" follow-up gives the data analyst."""


@dataclass(frozen=True)
class FollowUp:
    """How a goal follows up an earlier run."""

    kind: FollowKind
    source: ArcRun
    """The run it follows."""
    goal: str
    """The source's goal, changed as asked (for "why": the source's goal)."""
    tasks: tuple[ArcTask, ...]
    """The plan to run, in the source's order with its ids (for "why": one recall task)."""
    change: str
    """What changed, for the answer: "North → South", "as a bar chart"."""
    question: str = ""
    """For "ask": what to ask the user (the follow-up's words fill no slot of the run
    before, and answering that run's question again would pass it off as theirs)."""


def analyst_tasks(run: ArcRun | None) -> list[ArcTask]:
    """The tasks of ``run`` the data analyst did (none for no run)."""
    return [] if run is None else [t for t in run.tasks if ANALYST in t.roles]
