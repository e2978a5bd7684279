"""The data analyst's offline core: the deterministic analyst (:mod:`notebook_router.analyst`).

The request becomes an operation, the operation the pandas code a person would write,
and exactly that code runs on the live tables; the result's media are its evidence,
the code that ran and the figure.
"""

from __future__ import annotations

import io
from typing import Any

from notebook_router.agents.base import AgentContext, TaskRequest
from notebook_router.agents.builtin.data_analyst import DataAnalyst, named_table
from notebook_router.analyst.dask_run import on_cluster
from notebook_router.analyst.result import Analysis
from notebook_router.data.dask_data import is_dask_collection
from notebook_router.media import CODE_MIME, Media
from notebook_router.offline.planner.split_parts import split_gaps
from notebook_router.result import AgentResult

_ENGINES = {"pandas": "pandas", "dask": "Dask"}
"""How the code's engine is named in its evidence."""


def give(agent: DataAnalyst) -> None:
    """Give the data analyst its offline core."""
    agent.rules = analyse_by_rules


async def analyse_by_rules(
    task: TaskRequest, context: AgentContext, tables: dict[str, Any]
) -> AgentResult:
    """The deterministic analyst's answer to ``task`` on ``tables``."""
    from notebook_router.analyst import analyse

    source = context.data
    default = named_table(task.description, source, tables)
    if any(is_dask_collection(t) for t in tables.values()):
        # A Dask frame computes on its cluster, maybe for seconds: on a worker thread,
        # whose computation a Stop cancels (see analyst/dask_run.py).
        analysis = await on_cluster(analyse, task.description, tables, default=default)
    else:
        # On the loop's thread, not a worker: matplotlib's pyplot is not
        # thread-safe, and the analyst's operations take milliseconds.
        analysis = analyse(task.description, tables, default=default)
    if analysis.status == "declined":
        return AgentResult(status="unable", confidence=0.0, error=analysis.text)
    context.trace("code", analysis.code.splitlines()[0] if analysis.code else analysis.operation)
    unanswered = unanswered_parts(task.description, analysis)
    text, left_out = analysis.text, tuple(analysis.left_out)
    if unanswered:
        said = ", ".join(f"“{p}”" for p in unanswered)
        text += (
            f" This answers only part of the question: {said} was not answered; ask it on its own."
        )
        left_out += tuple(f"“{p}” (not answered)" for p in unanswered)
    gaps = split_gaps(task.goal, task.description, tables)
    if gaps:
        said = "; ".join(gaps)
        text += f" This may answer a wider question than asked: I did not apply {said}."
        left_out += gaps
    partial = analysis.status == "partial" or bool(unanswered) or bool(gaps)
    return AgentResult(
        status="partial" if partial else "fulfilled",
        data=analysis.table if analysis.table is not None else analysis.value,
        value=analysis.value if analysis.table is not None else None,
        summary=text,
        media=tuple(_evidence(analysis, task.id)),
        # what the answer left out of the question, for the run's headline and answer
        error=("left out " + "; ".join(left_out)) if partial else None,
        left_out=left_out,
        confidence=0.5 if partial else 1.0,
    )


def unanswered_parts(question: str, analysis: Analysis) -> tuple[str, ...]:
    """The parts of ``question`` (questions joined by ";", "and how ...", "then ...")
    that ``analysis`` gave no answer to: every part beyond the ones it answered.

    A question of two parts is answered part by part, one answer each; when a part
    cannot be read on its own the analyst answers the whole question as one, which
    answers its first part only ("how many games did Seattle win in 2001; how many
    did they lose?" gives the wins). The rest is then said to be unanswered, never
    passed over.
    """
    from notebook_router.analyst.answer import SPLIT

    if str(analysis.operation or "").startswith("compare_frames"):
        return ()  # a comparison of tables reads the question whole, each side in turn
    parts = [p.strip(" ;,.?!") for p in SPLIT.split(question) if p.strip(" ;,.?!")]
    if len(parts) < 2:
        return ()
    value = analysis.value
    answered = max(
        str(analysis.operation or "").count("+") + 1,
        len(value) if isinstance(value, tuple) else 1,
    )
    return tuple(parts[answered:])


def _evidence(analysis: Any, task_id: str) -> list[Media]:
    media = [
        Media(
            mime_type=CODE_MIME,
            data=analysis.code,
            source=task_id,
            description=f"the {_ENGINES.get(analysis.engine, 'pandas')} code that produced this",
        )
    ]
    if analysis.figure is not None:
        buffer = io.BytesIO()
        analysis.figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
        title = analysis.figure.axes[0].get_title() if analysis.figure.axes else ""
        media.append(
            Media(
                mime_type="image/png",
                data=buffer.getvalue(),
                source=task_id,
                description=title or "figure",
            )
        )
    return media
