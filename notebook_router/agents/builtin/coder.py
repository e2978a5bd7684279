"""The built-in coding agent: Python for a task, run in the kernel with the user in control.

With a model it writes the code, and the run's code policy decides whether it
runs (``ask``: the user's Run / Edit / Skip); a failure goes back to the model
with its traceback (:mod:`notebook_router.agents.builtin.code_loop`). Offline
it writes code only from the analyst's operations: the pandas code for a data
question, which is read-only code from the package and runs under every policy
(its offline core, :mod:`notebook_router.offline.team.coder`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from notebook_router.agents.base import AgentContext, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.code_loop import finish, write_and_run
from notebook_router.agents.builtin.data_analyst import DESCRIPTION_CHARS
from notebook_router.agents.cores import BuiltinAgent, by_rules_or_model
from notebook_router.agents.roles import DRAWS_TABLES
from notebook_router.result import AgentResult

CODER = "coder"
"""The built-in coding agent's name."""

Code = Callable[[TaskRequest, AgentContext], Awaitable[AgentResult]]
"""The coder's offline core: code from the analyst's operations (``code(task, context)``)."""


class Coder(BuiltinAgent[Code]):
    """Writes Python for a task and runs it in the kernel (with the user's approval)."""

    name = CODER
    roles = frozenset({DRAWS_TABLES})
    description = (
        "Writes Python code for a task and runs it in the notebook's kernel, on the "
        "notebook's variables, when the code policy allows (ask: you approve it first). "
        "Shows the code, its output and its figures; repairs code that fails."
    )
    capabilities = parse_capabilities(
        [
            ("python code", 0.9),
            ("write code", 0.9),
            ("code", 0.8),
            ("script", 0.8),
            ("program", 0.7),
            ("function", 0.6),
            ("algorithm", 0.6),
            ("simulation", 0.6),
        ]
    )

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        return await by_rules_or_model(
            context,
            rules=lambda: self.offline_core(task, context),
            model=lambda: self._with_model(task, context),
        )

    async def _with_model(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        source = context.data
        about = source.context.render(DESCRIPTION_CHARS) if source is not None else ""
        variables = source.variables() if source is not None else {}
        work = await write_and_run(context, task.description, about=about, variables=variables)
        return finish(work, task, source, kind="code")
