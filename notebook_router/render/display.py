"""Showing runs in IPython: formatters registered by name, renderers imported when a run shows.

``import notebook_router`` in a kernel and ``%load_ext notebook_router`` both
register these before anything has run, so registering must import neither
the planner nor the renderers (they bring pydantic and the run state with
them): a formatter names its class, and IPython looks it up once an object of
that class is first shown.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from notebook_router.text.secrets import redact, redact_all

RUN = "notebook_router.planner.run.Run"
RUN_RESULT = "notebook_router.planner.result.RunResult"


def display_runs_in(shell: Any) -> None:
    """Have an IPython ``shell`` show every :class:`Run` as :func:`run_bundle` draws it.

    Registered by name, so nothing is imported here: the planner itself
    knows nothing of how runs are drawn. What a cell shows of a run (``Out[n]``
    of a ``%%route`` cell or of ``run``, the result of ``await run``) has its
    keys masked: a run's answer or errors may repeat one, and the saved
    notebook keeps what is shown.
    """
    formatters = shell.display_formatter
    for_class(formatters.mimebundle_formatter, RUN, _masked_bundle)
    for_class(formatters.formatters["text/plain"], RUN_RESULT, _plain_result)


def for_class(formatter: Any, dotted: str, func: Callable[..., Any]) -> None:
    """Register ``func`` with an IPython ``formatter`` for the class named ``dotted``.

    By name while the class's module is not imported yet; for the class itself
    once it is, since IPython prefers an entry it holds for the class to one
    by name, and an earlier registration may already have become such an entry.
    """
    module, name = dotted.rsplit(".", 1)
    loaded = sys.modules.get(module)
    if loaded is None:
        formatter.for_type_by_name(module, name, func)
    else:
        formatter.for_type(getattr(loaded, name), func)


def _masked_bundle(run: Any) -> dict[str, str]:
    from notebook_router.render.bundle import run_bundle  # the first run shown pays for it

    return redact_all(run_bundle(run))


def _plain_result(result: Any, printer: Any, cycle: bool) -> None:
    printer.text(redact(repr(result)))
