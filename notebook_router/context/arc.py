"""The conversation arc: what earlier runs of a notebook session did, as a planner reads it.

Each finished run leaves an :class:`ArcRun` (its goal, a short answer, the
tasks of its plan with their agents, the data and outputs it used); the next
run's planner gets an :class:`ArcView` of the newest ones, each cut to a fixed
size, and the facts of the knowledge base that bear on its goal. So a
follow-up ("now do the same for South", "why is that?") can be planned
from what came before, by the rules offline or by a model.

The store keeps these (``notebook_router.store.memory``); the planner only
reads them, so the models live here, free of any store import.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.data.tables import as_table
from notebook_router.text.preview import preview

ANSWER_CHARS = 600
"""Characters of a run's answer kept in the arc (enough for "why is that?" to cite it)."""
TASK_CHARS = 200
MAX_TASKS = 12


class ArcTask(BaseModel):
    """One task of an earlier run's plan."""

    model_config = ConfigDict(frozen=True)

    id: str
    description: str
    agent: str
    depends_on: tuple[str, ...] = ()
    table: bool = False
    """Whether its result was a table (rows a chart can be drawn from), not a number or a text."""
    answered: bool = True
    """Whether it gave an answer (fulfilled or partial), not a decline or a failure: a
    follow-up builds on what was answered, never on a question left unanswered."""
    roles: frozenset[str] = frozenset()
    """The roles its agent declared (:mod:`notebook_router.agents.roles`): a generalist's
    note is no work to redo, an agent that draws its tables is asked for the chart."""


def is_table(data: Any) -> bool:
    """Whether a result's ``data`` is a table: a DataFrame or Series, or a list of rows.

    >>> is_table([{"month": "2024-01", "revenue": 120500}]), is_table(377900.0)
    (True, False)
    """
    if as_table(data) is not None:
        return True
    return isinstance(data, list) and bool(data) and all(isinstance(r, Mapping) for r in data)


class ArcRun(BaseModel):
    """One earlier run of the session, in brief."""

    model_config = ConfigDict(frozen=True)

    run_id: str
    goal: str
    answer: str = ""
    status: str = "completed"
    tasks: tuple[ArcTask, ...] = ()
    data: tuple[str, ...] = ()
    """The tables, variables and outputs the run used."""
    facts: tuple[str, ...] = ()
    """Facts the run added to the knowledge base."""
    followed: str | None = None
    """The run this one followed up, if it was a follow-up."""

    @classmethod
    def brief(
        cls,
        run_id: str,
        goal: str,
        answer: str,
        status: str,
        tasks: list[ArcTask],
        data: list[str],
        facts: list[str] | None = None,
        followed: str | None = None,
    ) -> ArcRun:
        """An entry cut to the arc's sizes (the answer, each task, at most ``MAX_TASKS`` tasks)."""
        return cls(
            run_id=run_id,
            goal=preview(goal, TASK_CHARS * 2),
            answer=preview(answer, ANSWER_CHARS),
            status=status,
            tasks=tuple(
                t.model_copy(update={"description": preview(t.description, TASK_CHARS)})
                for t in tasks[:MAX_TASKS]
            ),
            data=tuple(preview(d, 120) for d in data[:10]),
            facts=tuple(preview(f, TASK_CHARS) for f in (facts or [])[:10]),
            followed=followed,
        )


class ArcFact(BaseModel):
    """A fact of the knowledge base that bears on the run's goal."""

    model_config = ConfigDict(frozen=True)

    id: int
    text: str
    topic: str = ""


class ArcView(BaseModel):
    """What a planner sees of the session before this run: bounded whatever its length."""

    model_config = ConfigDict(frozen=True)

    runs: tuple[ArcRun, ...] = ()
    """The newest earlier runs, oldest first (the last one is the run just before)."""
    earlier: int = 0
    """How many older runs the view leaves out."""
    facts: tuple[ArcFact, ...] = Field(default=())
    """Facts of the knowledge base that share words with the goal, best first."""

    @property
    def last(self) -> ArcRun | None:
        """The run just before this one, if any."""
        return self.runs[-1] if self.runs else None

    def __bool__(self) -> bool:
        return bool(self.runs or self.facts)
