"""Where a run's panel appears under a ``%%route`` cell, and what a saved notebook keeps.

The live panel (:class:`~notebook_router.notebook.panel.RunPanel`) updates
itself through its widget model, so the cell's outputs only say *where* it
shows. They are published through the display publisher captured when the
view was created, so a cell agent capturing its own outputs cannot swallow
them.

A *transient* view (the default while a cell awaits its run) behaves like a
progress bar: its output starts empty, shows the panel while the run goes,
and empties again at the end, when the cell's result (``Out[n]``, the run)
shows the same panel followed by the static view (HTML plan, graphviz SVG,
Mermaid text) that nbviewer, GitHub and nbconvert render without a kernel.
The saved notebook then holds one stable output per run, which is also what
nbval compares (it does not apply display updates). Background views keep
their output and end with the same final bundle.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from notebook_router.notebook.outputs import OWN_OUTPUT
from notebook_router.notebook.panel import RunPanel
from notebook_router.planner import events as ev
from notebook_router.planner.rails import Limits
from notebook_router.planner.run import Run
from notebook_router.planner.state import RunState
from notebook_router.render import run_bundle

WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"


def widget_view(panel: RunPanel) -> dict[str, Any]:
    """The ``application/vnd.jupyter.widget-view+json`` entry that shows ``panel``."""
    return {"version_major": 2, "version_minor": 1, "model_id": panel.model_id}


def final_bundle(run: Run, panel: RunPanel | None) -> dict[str, Any]:
    """The live panel (when there is one) in front of the static view of a finished run."""
    bundle: dict[str, Any] = dict(run_bundle(run))
    if panel is not None:
        bundle = {WIDGET_VIEW_MIME: widget_view(panel), **bundle}
    return bundle


def still_bundle(
    state: RunState,
    static: dict[str, str],
    *,
    max_iterations: int | None,
    elapsed_s: float,
    events: Iterable[ev.Event] = (),
) -> dict[str, Any]:
    """A still panel of a stored run in front of its static view (``%route show``, ``import``)."""
    limits = Limits(max_iterations=max_iterations) if max_iterations else Limits()
    panel = RunPanel.of_state(state, limits, elapsed_s=elapsed_s, events=events)
    return {WIDGET_VIEW_MIME: widget_view(panel), **static}


class RunView:
    """The output that shows one run's panel under the cell that started it."""

    def __init__(
        self,
        run: Run,
        publisher: Any,
        *,
        interval: float = 0.1,
        transient: bool = False,
    ) -> None:
        self.run = run
        self.transient = transient
        self.display_id = f"notebook-router-{run.id}"
        self._publisher = publisher
        self.panel = RunPanel(run, interval=interval)
        self.panel.on_finish(self.close)

    def show(self) -> None:
        """Display the panel (once, under the running cell)."""
        if self.transient:
            self._publish(update=False, data={})
        else:
            # What a saved notebook keeps for a background run if no update
            # reaches it (nbclient drops updates that come after the cell).
            note = self._note()
            self._publish(update=False, data={"text/plain": note, "text/html": f"<p>{note}</p>"})
        self._publish(update=True, data=self.live_bundle())

    def live_bundle(self) -> dict[str, Any]:
        """The panel, while the run goes (text front ends get a line saying what to do)."""
        return {WIDGET_VIEW_MIME: widget_view(self.panel), "text/plain": self._note()}

    def _note(self) -> str:
        if self.transient:
            return f"route {self.run.id}: running; the cell waits for it (■ stops it gracefully)."
        return (
            f"route {self.run.id}: started in the background. `%route status` shows it, "
            "`%route stop` stops it, and awaiting the run object waits for its answer."
        )

    def close(self) -> None:
        """The run finished: empty a transient view, or show the final bundle."""
        self._publish(
            update=True, data={} if self.transient else final_bundle(self.run, self.panel)
        )

    def keep(self) -> None:
        """Show the final state here after all (the cell will not return the run)."""
        self.transient = False
        if self.run.done():
            self._publish(update=True, data=final_bundle(self.run, self.panel))

    def _publish(self, *, update: bool, data: dict[str, Any]) -> None:
        self._publisher.publish(
            data=data,
            metadata={OWN_OUTPUT: {"run_id": self.run.id}},
            transient={"display_id": self.display_id},
            update=update,
        )
