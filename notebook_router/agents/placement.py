"""Where function agents run: in this process, or somewhere a placement sends them.

A run binds its router's placement (see ``Router(executor=...)``) for the time it
starts, as it binds the memory and the data-sharing level: the run's task, and so
every agent task and delegation hop it creates, sees it through a context variable.
:meth:`FunctionAgent.run <notebook_router.agents.function.FunctionAgent.run>` asks the
placement first; the placement either takes the call (a Dask cluster runs it on a
worker) or declines, and the function runs here as it always has.

Only function agents are placed: cell agents and the built-ins read the kernel's
namespace, and an agent defined with ``local=True`` opts out. The planner and the
executor know nothing of placements: a placed call is an awaitable like any other,
cancelled the same way.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from notebook_router.agents.base import AgentContext, TaskRequest
    from notebook_router.agents.function import FunctionAgent


class Placement(Protocol):
    """Sends function agents' calls somewhere else to run."""

    def place(
        self,
        agent: FunctionAgent,
        kwargs: dict[str, Any],
        task: TaskRequest,
        context: AgentContext,
    ) -> Awaitable[Any] | None:
        """The call of ``agent`` with ``kwargs`` (its bound parameters) for ``task``, run
        elsewhere; None to let it run in this process."""
        ...


_CURRENT: ContextVar[Placement | None] = ContextVar("notebook_router_placement", default=None)


current_placement: Callable[[], Placement | None] = _CURRENT.get
"""The placement of the run this code belongs to (None: everything runs here): the context
variable's own getter, since a function agent asks it every time it runs."""


@contextlib.contextmanager
def placed(placement: Placement | None) -> Iterator[None]:
    """Bind ``placement`` for what starts inside the block (a run's task and its agents)."""
    token = _CURRENT.set(placement)
    try:
        yield
    finally:
        _CURRENT.reset(token)
