"""Where a run's panel appears under a ``%%route`` cell, and what a saved notebook keeps.

A live panel (:class:`~notebook_router.notebook.panel.RunPanel`) is for a
running run: it updates itself through its widget model, so the cell's
outputs only say *where* it shows. They are published through the display
publisher captured when the view was created, so a cell agent capturing its
own outputs cannot swallow them.

Once the run has finished, its cell shows the static view only (HTML plan,
answer, result tables, the tree as a graphviz picture, the media, with a
player for each piece of audio the run made; see
:func:`~notebook_router.render.bundle.run_bundle`), and the panel's widget is
closed. A widget view saved in a notebook shows only while its model lives
in the page: reopened with a new server it reads "Error displaying widget:
model not found" (trusted notebooks prefer the widget over the HTML beside
it); with widget state saved, a tree waits for a kernel that never answers;
``nbconvert`` pulls a widget script from a CDN. The static view renders the
same in JupyterLab, Notebook 7, GitHub, nbviewer and nbconvert, trusted or
not, with or without a kernel. Closing the widget also keeps its state out
of "save widget state" and lets the kernel forget the panel.

A *transient* view (the default while a cell awaits its run) behaves like a
progress bar: its output starts empty, shows the panel while the run goes,
and empties again at the end, when the cell's result (``Out[n]``, the run)
shows the static view. The saved notebook then holds one stable output per
run, which is also what nbval compares (it does not apply display updates).
Background views keep their output and end with the static view.
"""

from __future__ import annotations

import contextvars
import functools
import itertools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from notebook_router.notebook.outputs import OWN_OUTPUT, show_own
from notebook_router.notebook.panel import RunPanel

if TYPE_CHECKING:
    from notebook_router.planner.run import Run

log = logging.getLogger("notebook_router")

WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"


def widget_view(panel: RunPanel) -> dict[str, Any]:
    """The ``application/vnd.jupyter.widget-view+json`` entry that shows ``panel``."""
    return {"version_major": 2, "version_minor": 1, "model_id": panel.model_id}


def final_bundle(run: Run) -> dict[str, Any]:
    """What a run's cell shows for good: the static view, never a widget."""
    return dict(run_bundle(run))


def run_bundle(run: Run) -> Any:
    """The static view of ``run`` (the renderers are imported when one is first drawn)."""
    from notebook_router.render import run_bundle as bundle

    return bundle(run)


_starts = itertools.count(1)


@dataclass
class StartingView:
    """A live panel shown the moment a ``%%route`` cell starts, before its run exists.

    The run's machinery is imported, and the run put together, after it is on screen;
    :class:`RunView` then takes the same panel and output over (``starting=``), so the
    user sees the plan fill in where the panel already is.
    """

    panel: RunPanel
    display_id: str
    publisher: Any

    @classmethod
    def show(cls, publisher: Any) -> StartingView:
        """Display a starting panel under the running cell (a transient output)."""
        view = cls(RunPanel.starting(), f"notebook-router-start-{next(_starts)}", publisher)
        data = {
            WIDGET_VIEW_MIME: widget_view(view.panel),
            "text/plain": "route: starting; the cell waits for the run.",
        }
        # Empty first, as every transient view (see the module's docstring): what
        # nbval compares and a saved notebook keeps is that output, never a widget.
        _publish(publisher, "", view.display_id, {}, update=False)
        _publish(publisher, "", view.display_id, data, update=True)
        return view

    def withdraw(self) -> None:
        """No run came of it (the cell's error says why): empty the output, close the panel."""
        _publish(self.publisher, "", self.display_id, {}, update=True)
        try:
            self.panel.close()
        except Exception:  # a closed comm never hides the cell's own error
            log.exception("notebook_router: could not close a starting panel")


class RunView:
    """The output that shows one run's panel under the cell that started it."""

    def __init__(
        self,
        run: Run,
        publisher: Any,
        *,
        interval: float = 0.1,
        transient: bool = False,
        before_next_cell: Callable[[Callable[[], None]], None] | None = None,
        starting: StartingView | None = None,
    ) -> None:
        """``before_next_cell(callback)`` calls ``callback`` once as the next cell starts:
        a background view sends its final state again then (see :meth:`close`).
        ``starting``: the panel already shown for this run (transient views only)."""
        self.run = run
        self.transient = transient
        self._publisher = publisher
        self._before_next_cell = before_next_cell
        self._shown = starting is not None
        if starting is not None:
            self.display_id = starting.display_id
            self.panel = starting.panel
            self.panel.interval = interval
            self.panel.follow(run)
        else:
            self.display_id = f"notebook-router-{run.id}"
            self.panel = RunPanel(run, interval=interval)
        self.panel.on_finish(self.close)

    def show(self) -> None:
        """Display the panel (once, under the running cell)."""
        if self._shown:
            pass  # on screen already (a starting panel): the update below names the run
        elif self.transient:
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
        """The run finished: empty a transient view (``Out[n]`` follows) or show the static
        view here, then close the panel's widget (its views go; nothing of it is saved)."""
        final = {} if self.transient else final_bundle(self.run)
        self._publish(update=True, data=final, now=True)
        comm = self.panel.comm
        emptied = self._close_panel()
        if not self.transient and self._before_next_cell is not None:
            # A background run often ends between cells (just after `%route stop`
            # returned), when nbclient listens to no cell: the update would be lost
            # and the saved notebook keep the live widget. Sent again with the next
            # cell, it lands; a front end that had it already redraws the same view.
            # So does the emptied panel's state, on its closed comm: nbclient keeps
            # closed widgets' state by comm id, and front ends ignore closed comms.
            def again() -> None:
                self._publish(update=True, data=final, now=True)
                if comm is not None and emptied:
                    update = {"method": "update", "state": emptied, "buffer_paths": []}
                    contextvars.Context().run(comm.send, update)

            self._before_next_cell(again)

    def _close_panel(self) -> dict[str, Any]:
        """Empty the panel's widget (see :meth:`RunPanel.shed`), then close it, as part of
        the cell running now (see :func:`_publish`: nbclient keeps what it hears then);
        the state that emptied it."""
        try:
            emptied = contextvars.Context().run(self.panel.shed)
            contextvars.Context().run(self.panel.close)
        except Exception:  # a closed comm never fails the run's ending
            log.exception("notebook_router: could not close the panel of run %s", self.run.id)
            return {}
        return emptied

    def keep(self) -> None:
        """Show the final state here after all (the cell will not return the run)."""
        self.transient = False
        if self.run.done():
            self._publish(update=True, data=final_bundle(self.run), now=True)

    def _publish(self, *, update: bool, data: dict[str, Any], now: bool = False) -> None:
        """Send ``data`` to the view; ``now``: as part of the cell running now."""
        _publish(self._publisher, self.run.id, self.display_id, data, update=update, now=now)


def _publish(
    publisher: Any,
    run_id: str,
    display_id: str,
    data: dict[str, Any],
    *,
    update: bool,
    now: bool = False,
) -> None:
    """Send ``data`` to the output ``display_id``; ``now``: as part of the cell running now.

    The run's task inherited the parent header of the cell that started it.
    A background run usually ends during a later cell (``await run``,
    ``%route stop``), and nbclient (``make demo``, nbval, CI) ignores messages
    whose parent cell has finished, so the final view would never replace
    the live one in the saved notebook. Published from a fresh context,
    ipykernel falls back to the parent of the cell executing now; front ends
    still find the output to update by its display id.
    """
    publish = functools.partial(
        publisher.publish,
        data=data,
        metadata={OWN_OUTPUT: {"run_id": run_id}},
        transient={"display_id": display_id},
        update=update,
    )
    if now:
        contextvars.Context().run(publish)
    else:
        publish()


_snapshots = itertools.count(1)


def show_status(run: Run, shell: Any) -> None:
    """``%route status``: ``run`` as it is now.

    A run still going (or stopping: Stop was pressed, its agents are being
    cancelled) replaces the snapshot with how it ended once it has, now and
    again as the next cell starts (as :meth:`RunView.close` does): a saved
    notebook never keeps a "running" snapshot of a run that ended.
    """
    if run.done():
        show_own(run_bundle(run))
        return
    display_id = f"notebook-router-status-{run.id}-{next(_snapshots)}"
    publisher = shell.display_pub
    _publish(publisher, run.id, display_id, run_bundle(run), update=False)

    def ended() -> None:
        final = run_bundle(run)
        _publish(publisher, run.id, display_id, final, update=True, now=True)
        once_before_next_cell(shell)(
            lambda: _publish(publisher, run.id, display_id, final, update=True, now=True)
        )

    run.on_finish(ended)


def once_before_next_cell(shell: Any) -> Callable[[Callable[[], None]], None]:
    """A ``before_next_cell`` for :class:`RunView` on an IPython shell."""

    def schedule(callback: Callable[[], None]) -> None:
        def once(_info: Any = None) -> None:
            shell.events.unregister("pre_run_cell", once)
            try:
                callback()
            except Exception:  # a view's resend never fails the user's cell
                log.exception("notebook_router: could not resend a finished run's view")

        shell.events.register("pre_run_cell", once)

    return schedule
