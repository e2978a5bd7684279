"""Warming the first ``%%route`` while the user types it.

``%load_ext notebook_router`` imports only light modules (see
:mod:`~notebook_router.notebook.front`), so the first run used to pay for importing
the run machinery (the planner, the offline rules, the data analyst, the panel, the
session database): seconds on a small machine, against tens of milliseconds for every
later run. :func:`warm_after_cell` imports those modules on a daemon thread once the
cell that loaded the extension has ended (started sooner, the thread would slow that
cell's own imports, such as pandas, by competing for the interpreter), so the kernel
answers cells meanwhile and the first ``%%route`` finds them ready.

Only what a first run imports anyway is warmed (:data:`FIRST_RUN_MODULES`), in the
order the first ``%%route`` needs it: its panel first (shown before anything else), then
the session, its database's modules, the planner and the offline team, the first plan's
index of the team and the analyst's first question (:func:`_rehearse`); last, what draws
the finished view (:data:`FINISHED_VIEW_MODULES`), which a first run needs only once its
run has answered. A
provider's SDK, the media libraries, scipy and matplotlib come with the run that needs
them (a sum or a filter of a table needs neither; the analyst imports them when its code
names ``stats`` or ``plt``). Python's import locks make a cell that imports the same module
wait for the thread's import rather than import it twice, but two threads importing
*different* modules share one interpreter: so the first ``%%route`` cell stops the
warm-up (:func:`first_route_started`) once the module it is importing is done, and
imports what is left itself, in its own order, at full speed.

While any other cell runs, the warm-up waits between two steps (:func:`warm_after_cell`
pauses it at ``pre_run_cell`` and lets it go on at ``post_run_cell``): a notebook that never
routes has its cells run at full speed, not shared with imports it may never use.

``NOTEBOOK_ROUTER_WARM=off`` turns it off (a benchmark's baseline, or a kernel that
should import nothing it was not asked to).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import logging
import os
import sys
import threading
from collections.abc import Callable
from typing import Any, Protocol

log = logging.getLogger("notebook_router")

ENV_WARM = "NOTEBOOK_ROUTER_WARM"
OFF = frozenset({"off", "0", "no", "false"})

FIRST_RUN_MODULES = (
    "notebook_router.notebook.runner",
    "notebook_router.notebook.run_output",  # the panel (anywidget), shown first
    "notebook_router.notebook.session",
    "notebook_router.notebook.interpolate",
    "notebook_router.notebook.pointed",
    "notebook_router.wiring",
    # the session database's modules (a %%route cell opens it beside its own work)
    "notebook_router.store",
    "notebook_router.store.store",
    "notebook_router.store.database",
    "notebook_router.store.memory",
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
    "notebook_router.readers.document",
    "notebook_router.readers.figure",
    "notebook_router.readers.image",
    "notebook_router.render.panel_state",  # the panel's state, with the answer
)
"""What the first offline ``%%route`` imports before its answer is on screen, in the order
it needs it (the rest follows from these)."""

FINISHED_VIEW_MODULES = (
    "notebook_router.render.bundle",
    "notebook_router.render.html",
    "networkx",  # the finished view's run graph
    "notebook_router.render.svg",  # ... and its picture
    "graphviz",
)
"""What draws the finished view (``Out[n]``): imported after the rest, since the first run
needs it only once its run has answered."""

_ROUTE_STARTED = threading.Event()
_IDLE = threading.Event()
"""Set while no cell runs: the warm-up goes on only then."""
_IDLE.set()
_PAUSED = threading.Event()
"""Set while the warm-up waits for a running cell to end (between two of its steps)."""
_CHANGED = threading.Condition()
"""Notified when a cell ends or a route starts: either ends the warm-up's pause."""


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
        shell.events.register("pre_run_cell", _cell_started)
        shell.events.register("post_run_cell", _cell_ended)
        _cell_ended()  # this cell has ended (whatever an earlier warm-up left)
        holder.warming = warm_in_background(lambda: _stop_pausing(shell))

    shell.events.register("post_run_cell", start)


def _cell_started(*_: object) -> None:
    _IDLE.clear()


def _cell_ended(*_: object) -> None:
    with _CHANGED:
        _IDLE.set()
        _CHANGED.notify_all()


def _stop_pausing(shell: Any) -> None:
    """The warm-up is over: cells no longer pause it (called on its thread)."""
    for event, callback in (("pre_run_cell", _cell_started), ("post_run_cell", _cell_ended)):
        with contextlib.suppress(ValueError):  # unregistered already
            shell.events.unregister(event, callback)
    # It may end while a cell runs, whose end no longer marks the kernel idle: a later
    # warm-up (after %reload_ext) must not start paused until some other cell ends.
    _cell_ended()


def warm_in_background(done: Callable[[], None] | None = None) -> threading.Thread | None:
    """Start importing :data:`FIRST_RUN_MODULES` on a daemon thread (None when turned off);
    ``done()`` is called on that thread when it ends."""
    if not warming_enabled():
        return None

    def warm() -> None:
        try:
            _import_all()
        finally:
            if done is not None:
                done()

    thread = threading.Thread(target=warm, name="notebook-router-warm", daemon=True)
    thread.start()
    return thread


def first_route_started() -> None:
    """A ``%%route`` cell has started: a warm-up under way stops after its current module
    (one paused for a running cell stops at once)."""
    with _CHANGED:
        _ROUTE_STARTED.set()
        _CHANGED.notify_all()


def _import_all() -> None:
    steps: list[tuple[str, Callable[[], None]]] = [
        *((name, functools.partial(_import, name)) for name in FIRST_RUN_MODULES),
        ("the team's index", _index_the_team),
        ("the reference patterns", _read_references),
        # Only where the notebook has pandas: the rehearsal's table is a DataFrame.
        ("the analyst's rehearsal", lambda: _rehearse() if "pandas" in sys.modules else None),
        *((name, functools.partial(_import, name)) for name in FINISHED_VIEW_MODULES),
    ]
    for name, step in steps:
        if not _may_go_on():
            log.debug("warm-up stopped before %s: a run has started", name)
            return
        step()


def _may_go_on() -> bool:
    """Wait while a cell runs (it has the interpreter to itself); False once a route has
    started, paused or not (the route cell imports the rest itself)."""
    with _CHANGED:
        if not _IDLE.is_set() and not _ROUTE_STARTED.is_set():
            _PAUSED.set()
            _CHANGED.wait_for(lambda: _IDLE.is_set() or _ROUTE_STARTED.is_set())
            _PAUSED.clear()
        return not _ROUTE_STARTED.is_set()


def _read_references() -> None:
    """Compile the patterns that find "the table above", ``Out[3]`` and the like in a
    question (every ``%%route`` cell reads its own for them), and those that find the
    files it names (to attach them, or read them ahead of the plan)."""
    try:
        from notebook_router.language.references import mentions
        from notebook_router.planner.prefetch import files_to_read
        from notebook_router.readers.files import ATTACHED
        from notebook_router.readers.named import media_named

        mentions("the table above and Out[1]")
        # As the run's start does (wiring, prefetch); this question names no file.
        media_named(REHEARSAL, types=ATTACHED, have=[], user_words=None)
        files_to_read(REHEARSAL)
    except Exception:
        log.debug("the warm-up could not read references", exc_info=True)


def _index_the_team() -> None:
    """Index the built-in agents for matching, as the first plan does: the stems of their
    descriptions (cached), and the index itself when the first run offers the same team.

    That is the team a run without media is offered (the planner's view leaves out the
    agents that read media then), the usual first question about a table.
    """
    try:
        from notebook_router.agents.builtin import builtin_agents
        from notebook_router.agents.card import agent_card
        from notebook_router.agents.matcher import matcher_for

        cards = (agent_card(agent) for agent in builtin_agents())
        matcher_for(tuple(card for card in cards if not card.reads)).rank(REHEARSAL)
    except Exception:
        log.debug("the warm-up could not index the built-in agents", exc_info=True)


REHEARSAL = "what was the total amount for A?"
"""A question the warm-up answers about a two-row table of its own (see :func:`_rehearse`)."""


def _rehearse() -> None:
    """Answer :data:`REHEARSAL` with the offline analyst, on a throwaway table.

    A table's first question pays once for what every later one finds ready: the word
    tables read from disk, the spelling index, the stemmer, a hundred-odd regular
    expressions compiled on first use. Only the analyst's pure reading and a pandas sum
    run here: no run, no store, no output, nothing the notebook can see.
    """
    try:
        import pandas as pd

        from notebook_router.analyst import analyse

        table = pd.DataFrame({"group": ["A", "B"], "amount": [1.0, 2.0]})
        analyse(REHEARSAL, {"table": table})
    except Exception:  # a rehearsal that fails costs the first run nothing more
        log.debug("the warm-up's rehearsal failed", exc_info=True)


def _import(name: str) -> None:
    try:
        importlib.import_module(name)
    except Exception:  # the run that needs it will import it again and say why
        log.debug("warming %s failed", name, exc_info=True)
