"""The built-in data analyst: questions about the notebook's tables, answered with pandas.

Without a model it uses the deterministic analyst (:mod:`notebook_router.analyst`;
its offline core is :mod:`notebook_router.offline.team.data_analyst`): the request
becomes an operation, the operation the pandas code a person would write, and
exactly that code runs on the live tables (read-only code that is part of the
package: it runs under every code policy). With a model, the model writes
pandas code over the tables' descriptions, and the code runs if the run's code
policy allows, repaired from its traceback when it fails
(:mod:`notebook_router.agents.builtin.code_loop`), and held to the question as the
deterministic analyst reads it (:mod:`notebook_router.analyst.code_check`): code that
leaves out a filter, a group-by or a measured column goes back once, and an answer
that still leaves one out is partial, says which and lists them in ``left_out``. Code
that reaches outside the tables (a file the user did not name, the network, another
program, the environment: :mod:`notebook_router.analyst.code_reach`) goes back once and
is never run; a result too large to be an answer
(:mod:`notebook_router.analyst.code_output`) goes back once and is partial if it stays.
Either way the result's data is the table (or the value), and its media the evidence:
the code that ran and the figure.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from notebook_router.agents.base import AgentContext, Inputs, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.code_loop import finish, write_and_run
from notebook_router.agents.cores import BuiltinAgent, by_rules_or_model
from notebook_router.agents.roles import ANALYST, DRAWS_TABLES
from notebook_router.code import CodeOutcome
from notebook_router.data.source import DataSource
from notebook_router.data.tables import as_table
from notebook_router.language.lexicon import terms
from notebook_router.result import AgentResult

_ENGINES = {"pandas": "pandas", "dask": "Dask"}
DESCRIPTION_CHARS = 6000
"""How much of the model's prompt the data's descriptions may take."""

DATA_ANALYST = "data_analyst"
"""The built-in data analyst's name (the rule planner routes data questions to it)."""


Analyse = Callable[[TaskRequest, AgentContext, dict[str, Any]], Awaitable[AgentResult]]
"""The data analyst's offline core: the deterministic analyst's answer on the tables
(``analyse(task, context, tables)``)."""


class DataAnalyst(BuiltinAgent[Analyse]):
    """Answers questions about the notebook's DataFrames with real pandas code."""

    name = DATA_ANALYST
    roles = frozenset({ANALYST, DRAWS_TABLES})
    description = (
        "Answers questions about the notebook's tables (pandas DataFrames): describe and "
        "summarise, statistics, group-by aggregates and rankings, filters, missing values, "
        "outliers, correlation, normality tests, resampling by period, pivots, trends and "
        "plots. Runs real pandas code on the data and shows the code, table and figure."
    )
    capabilities = parse_capabilities(
        [
            ("data analysis", 0.9),
            ("dataframe", 0.9),
            ("table", 0.8),
            ("statistics", 0.9),
            ("describe", 0.8),
            ("summary statistics", 0.8),
            ("plot", 0.8),
            ("chart", 0.7),
            ("correlation", 0.9),
            ("average", 0.7),
            ("group by", 0.8),
            ("missing values", 0.8),
            ("outliers", 0.8),
            ("distribution", 0.7),
            ("trend", 0.7),
            ("pivot", 0.8),
        ]
    )

    use_model = True
    """With a model, have it write the pandas code (False: always the deterministic analyst,
    which needs no model call and no approval, for the operations it knows)."""

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        source = context.data
        # Tables handed on by the tasks this one depends on come first (the freshest,
        # and what the plan meant); then the notebook's, scanned again because a cell
        # or an agent may have made new ones since the run began (cheap when warm).
        tables = _input_tables(context.inputs)
        if source is not None:
            source.scan()
            tables.update((k, v) for k, v in source.tables().items() if k not in tables)
        if not tables:
            return AgentResult(
                status="unable",
                confidence=0.0,
                error=(
                    "there is no DataFrame in the notebook to analyse: load one "
                    "(e.g. df = pd.read_csv(...)) and ask again"
                ),
            )
        if not self.use_model:  # the deterministic analyst, whatever the model
            return await self.offline_core(task, context, tables)
        return await by_rules_or_model(
            context,
            rules=lambda: self.offline_core(task, context, tables),
            model=lambda: _with_model(task, context, tables),
        )


async def _with_model(
    task: TaskRequest, context: AgentContext, tables: dict[str, Any]
) -> AgentResult:
    """The model writes pandas code over the tables' descriptions; the run's policy decides
    whether it runs; failures go back to the model with their traceback.

    Code that ran is held to the task as the offline analyst reads it
    (:mod:`notebook_router.analyst.code_check`): code that leaves out a filter, a
    group-by or a measured column goes back once with what it left out, and if the
    correction leaves it out too the answer is partial, says so and names each part in
    ``left_out``. Code that reaches outside the tables is refused before it runs, and a
    result too large to be an answer is sent back with the same one correction.
    """
    from notebook_router.analyst.code_check import gaps, safe_constraints, unused
    from notebook_router.analyst.code_output import TEXT_CHARS, oversized
    from notebook_router.analyst.code_reach import reach_problems
    from notebook_router.analyst.dask_check import (
        dask_brief,
        dask_frames,
        uses_frames,
        whole_frame_problems,
    )

    source = context.data
    asked = safe_constraints(
        task.description, tables, named_table(task.description, source, tables)
    )
    variables = source.variables() if source is not None else {}
    upstream = {k: v for k, v in tables.items() if k not in variables}
    variables.update(upstream)
    about = source.context.render(DESCRIPTION_CHARS) if source is not None else ""
    if upstream:  # tables earlier steps of the plan made, described the same way
        about += "\nFrom earlier steps of this task:\n" + DataSource(upstream).context.render(
            DESCRIPTION_CHARS // 2
        )
    dask = dask_frames(variables)  # code over these must reduce on the cluster first

    def refuse(code: str) -> list[str]:
        """What must not run: reaching outside the tables (files only when the user named
        one), or a whole Dask frame pulled into the kernel."""
        return reach_problems(code, task.said_by_user) + (
            whole_frame_problems(code, dask) if dask else []
        )

    def judge(outcome: CodeOutcome) -> list[str]:
        """What in the code's result is no answer: one too large to be one."""
        too_big = oversized(outcome.value, variables.values())
        return [too_big] if too_big else []

    work = await write_and_run(
        context,
        task.description,
        about=about.strip(),
        variables=variables,
        check=(lambda code: unused(code, asked)) if asked else None,
        judge=judge,
        refuse=refuse,
        extra=dask_brief(dask),
    )
    shown = work.answer or work.last
    on_dask = shown is not None and uses_frames(shown.code, dask)
    result = finish(work, task, source, kind="Dask code" if on_dask else "pandas code")
    answer = work.answer
    if work.missing and answer is not None and answer.outcome is not None:
        # What the answer leaves out, part by part, where the run reads it (admission,
        # the headline), not only in the summary's words.
        left_out = tuple(gap.left_out for gap in gaps(answer.code, asked))
        update: dict[str, Any] = {}
        too_big = oversized(answer.outcome.value, variables.values())
        if too_big:
            left_out += (f"an answer of a readable size ({too_big})",)
            if isinstance(result.data, str):  # the bulk is no work of the user's to keep
                dropped = len(result.data) - TEXT_CHARS
                update["data"] = f"{result.data[:TEXT_CHARS]}… ({dropped:,} characters not kept)"
        result = result.model_copy(update={**update, "left_out": left_out})
    return result


def _input_tables(inputs: Inputs) -> dict[str, Any]:
    """Upstream results that are tables, named by the agent that made them (as identifiers)."""
    out: dict[str, Any] = {}
    for key, value in inputs.items():
        table = as_table(value)
        if table is not None:
            name = re.sub(r"\W", "_", key)
            out[name if name.isidentifier() else f"_{name}"] = table
    return out


def named_table(text: str, source: Any, tables: dict[str, Any]) -> str | None:
    """The table the request means: the one it names ("the sales table", "it"), else the
    most recently changed one among those with the most columns the request mentions."""
    from notebook_router.data.names import resolve_references

    if source is not None:
        for ref in resolve_references(text, source.context):
            if ref.name is not None and ref.name in tables:
                return ref.name
    words = set(terms(text))
    best, best_hits = None, -1
    for name, table in tables.items():  # most recently changed first
        columns = getattr(table, "columns", None)
        names = [str(c) for c in columns] if columns is not None else [str(table.name)]
        hits = sum(1 for c in names if set(terms(c.replace("_", " "))) & words)
        if hits > best_hits:
            best, best_hits = name, hits
    return best
