"""The warm-up's pause while a cell runs: a route started meanwhile ends it at once, and
a warm-up that ends during a cell leaves the next one free to go."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from IPython.core.events import EventManager, available_events

from notebook_router.notebook import warm


@pytest.fixture(autouse=True)
def _warm_state(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The module's flags as they were before the test (they are the process's)."""
    monkeypatch.setenv(warm.ENV_WARM, "on")
    route_started, idle = warm._ROUTE_STARTED.is_set(), warm._IDLE.is_set()
    warm._ROUTE_STARTED.clear()
    yield
    for flag, was in ((warm._ROUTE_STARTED, route_started), (warm._IDLE, idle)):
        if was:
            flag.set()
        else:
            flag.clear()


def test_a_warm_up_paused_for_a_cell_ends_as_soon_as_a_route_starts() -> None:
    warm._cell_started()  # a cell is running
    thread = warm.warm_in_background()
    assert thread is not None
    try:
        assert warm._PAUSED.wait(10), "the warm-up did not pause for the running cell"
        warm.first_route_started()  # ... and it is a %%route cell: still running
        thread.join(10)
        assert not thread.is_alive(), "the warm-up waited for the route cell to end"
    finally:
        warm._cell_ended()
        thread.join(10)
    assert not warm._PAUSED.is_set()


def _shell() -> Any:
    """What the warm-up uses of a shell: its events, as IPython runs them."""
    shell: Any = SimpleNamespace()
    shell.events = EventManager(shell, available_events)
    return shell


def test_a_warm_up_that_ends_during_a_cell_leaves_the_kernel_idle() -> None:
    shell = _shell()
    shell.events.register("pre_run_cell", warm._cell_started)  # as the warm-up's start does
    shell.events.register("post_run_cell", warm._cell_ended)
    shell.events.trigger("pre_run_cell", None)  # a cell runs ...
    warm._stop_pausing(shell)  # ... when the warm-up ends (on its thread)
    shell.events.trigger("post_run_cell", None)  # that cell's end is no longer heard
    assert warm._IDLE.is_set()
    assert shell.events.callbacks["pre_run_cell"] == []
    assert shell.events.callbacks["post_run_cell"] == []


def test_a_warm_up_after_reload_ext_starts_unpaused() -> None:
    warm._cell_started()  # as an earlier warm-up may have left it
    warm.first_route_started()  # (so this one stops before importing anything)
    shell = _shell()
    holder = SimpleNamespace(warming=None)
    warm.warm_after_cell(shell, holder)
    shell.events.trigger("post_run_cell", None)  # the cell that loaded it again ends
    assert warm._IDLE.is_set()
    assert holder.warming is not None
    holder.warming.join(10)
    assert not holder.warming.is_alive()
