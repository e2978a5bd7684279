"""Warming the first ``%%route`` while the user types it.

``%load_ext notebook_router`` imports only light modules (see
:mod:`~notebook_router.notebook.front`), so the first run used to pay for importing
the run machinery (the planner, the offline rules, the data analyst, the panel, the
session database): seconds on a small machine, against tens of milliseconds for every
later run. :func:`warm_after_cell` imports those modules on a daemon thread once the
cell that loaded the extension has ended (started sooner, the thread would slow that
cell's own imports, such as pandas, by competing for the interpreter), so the kernel
answers cells meanwhile and the first ``%%route`` finds them ready.

Only what a first run imports anyway is warmed: the package's run machinery
(:data:`FIRST_RUN_MODULES`), then, when the notebook has pandas loaded by then, the
libraries an analysis of a table imports (:data:`TABLE_MODULES`; a notebook with no
table never runs one). A provider's SDK and the media libraries come with the
run that needs them. Python's import locks make a cell that imports the same module
wait for the thread's import rather than import it twice. ``matplotlib.pyplot`` is
never warmed: importing it is what decides whether the analyst picks a backend.

``NOTEBOOK_ROUTER_WARM=off`` turns it off (a benchmark's baseline, or a kernel that
should import nothing it was not asked to).
"""

from __future__ import annotations

import importlib
import logging
import os
import sys
import threading
from typing import Any, Protocol

log = logging.getLogger("notebook_router")

ENV_WARM = "NOTEBOOK_ROUTER_WARM"
OFF = frozenset({"off", "0", "no", "false"})

FIRST_RUN_MODULES = (
    "notebook_router.notebook.session",
    "notebook_router.notebook.runner",
    "notebook_router.notebook.panel",
    "notebook_router.notebook.run_output",
    "notebook_router.wiring",
    "notebook_router.planner.run",
    "notebook_router.offline.planner",
    "notebook_router.providers.offline.engine",
    "notebook_router.agents.builtin.data_analyst",
    "notebook_router.agents.builtin.coder",
    "notebook_router.agents.builtin.decision",
    "notebook_router.agents.builtin.knowledge",
    "notebook_router.agents.builtin.planning",
    "notebook_router.agents.builtin.reasoning",
    "notebook_router.agents.builtin.research",
    "notebook_router.agents.builtin.summarisation",
    "notebook_router.agents.builtin.verifier",
    "notebook_router.agents.builtin.audio",
    "notebook_router.agents.builtin.documents",
    "notebook_router.agents.builtin.images",
    "notebook_router.agents.builtin.narration",
    "notebook_router.agents.builtin.video",
    # the offline cores the wiring gives the built-ins at the first run
    *(
        f"notebook_router.offline.team.{name}"
        for name in (
            "data_analyst",
            "coder",
            "decision",
            "knowledge",
            "planning",
            "reasoning",
            "research",
            "summarisation",
            "documents",
            "images",
        )
    ),
    "notebook_router.analyst.dask_run",  # the analyst's core, Dask or not
    "notebook_router.analyst.execute",
    "notebook_router.analyst.narrate",
    "notebook_router.analyst.plots",
    "notebook_router.analyst.codegen_ops",
    "notebook_router.analyst.codegen_tests",
    "notebook_router.context.memory",
    "notebook_router.store",
    "notebook_router.store.database",
    "notebook_router.store.memory",
    "notebook_router.readers.document",
    "notebook_router.readers.figure",
    "notebook_router.readers.image",
    "notebook_router.render.bundle",
    "notebook_router.render.html",
    "notebook_router.render.panel_state",
    "networkx",  # the planner's task graph
)
"""What the first offline ``%%route`` imports (the rest follows from these)."""

TABLE_MODULES = ("scipy.stats", "matplotlib.figure")
"""What the first analysis of a table imports besides the package (warmed when pandas is)."""


def warming_enabled() -> bool:
    """Whether ``%load_ext`` warms the first run (``NOTEBOOK_ROUTER_WARM``, on by default)."""
    return os.environ.get(ENV_WARM, "on").strip().lower() not in OFF


class Warmed(Protocol):
    """What holds the warm-up's thread (the extension's front, see ``front.py``)."""

    warming: threading.Thread | None


def warm_after_cell(shell: Any, holder: Warmed) -> None:
    """Start the warm-up when the current (or next) cell of ``shell`` ends; its thread
    goes to ``holder.warming``. Nothing when turned off."""
    if not warming_enabled():
        return

    def start(*_: object) -> None:
        shell.events.unregister("post_run_cell", start)  # IPython calls a copy of the list
        holder.warming = warm_in_background()

    shell.events.register("post_run_cell", start)


def warm_in_background() -> threading.Thread | None:
    """Start importing :data:`FIRST_RUN_MODULES` on a daemon thread (None when turned off)."""
    if not warming_enabled():
        return None
    thread = threading.Thread(target=_import_all, name="notebook-router-warm", daemon=True)
    thread.start()
    return thread


def _import_all() -> None:
    for name in FIRST_RUN_MODULES:
        _import(name)
    if "pandas" in sys.modules:
        for name in TABLE_MODULES:
            _import(name)


def _import(name: str) -> None:
    try:
        importlib.import_module(name)
    except Exception:  # the run that needs it will import it again and say why
        log.debug("warming %s failed", name, exc_info=True)
