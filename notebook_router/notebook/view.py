"""The live view under a ``%%route`` cell: a display that follows the run.

It subscribes to the run's events and re-renders at most ``interval``
seconds apart (always sending the final state), so a fast run never floods
the browser. It publishes through the display publisher captured when the
view was created, so a cell agent capturing its own outputs cannot swallow
the view's updates.

A *transient* view (the default while a cell awaits its run) behaves like a
progress bar: it starts empty, shows the run while it goes, and empties
again at the end, when the cell's result (``Out[n]``, the run itself)
shows the final state. The saved notebook then holds one stable output per
run, which is what nbviewer, GitHub and nbval see (nbval does not apply
display updates). Background views keep their final state instead.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from notebook_router.notebook.outputs import OWN_OUTPUT
from notebook_router.planner import events as ev
from notebook_router.planner.run import Run
from notebook_router.render import run_bundle


class RunView:
    """A throttled, self-updating display of one run."""

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
        self.interval = interval
        self._publisher = publisher
        self._pending: asyncio.TimerHandle | None = None
        self._last = 0.0
        self._started = time.monotonic()
        self._unsubscribe = run.subscribe(self._on_event)

    def show(self) -> None:
        """Display the view (once, under the running cell)."""
        if self.transient:
            self._publish(update=False, data={})
            self._pending = asyncio.get_running_loop().call_soon(self._flush)  # type: ignore[assignment]
        else:
            # What a saved notebook keeps for a background run if no update
            # reaches it (nbclient drops updates that come after the cell).
            note = (
                f"route {self.run.id}: started in the background. `%route status` shows it, "
                "`%route stop` stops it, and awaiting the run object waits for its answer."
            )
            self._publish(update=False, data={"text/plain": note, "text/html": f"<p>{note}</p>"})
            self._pending = asyncio.get_running_loop().call_soon(self._flush)  # type: ignore[assignment]

    def bundle(self) -> dict[str, str]:
        """The current MIME bundle (the run's own rich display)."""
        return run_bundle(self.run, elapsed_s=time.monotonic() - self._started)

    def close(self) -> None:
        """Send the final state (or, if transient, empty the view) and stop following the run."""
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        self._unsubscribe()
        self._publish(update=True, data={} if self.transient else None)

    def keep(self) -> None:
        """Show the final state after all (the cell will not return the run)."""
        self.transient = False
        self._publish(update=True)

    def _on_event(self, event: ev.Event) -> None:
        if isinstance(event, ev.RunFinished):
            # Let the run finish emitting (its result is set just before this
            # event); close on the next loop turn with everything in place.
            asyncio.get_running_loop().call_soon(self.close)
            return
        if self._pending is not None:
            return
        delay = max(0.0, self._last + self.interval - time.monotonic())
        self._pending = asyncio.get_running_loop().call_later(delay, self._flush)

    def _flush(self) -> None:
        self._pending = None
        self._publish(update=True)

    def _publish(self, *, update: bool, data: dict[str, str] | None = None) -> None:
        self._last = time.monotonic()
        self._publisher.publish(
            data=self.bundle() if data is None else data,
            metadata={OWN_OUTPUT: {"run_id": self.run.id}},
            transient={"display_id": self.display_id},
            update=update,
        )
