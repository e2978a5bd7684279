"""Where a run is in its life: deciding, asked to stop (and why), closing, finished.

One small object the run and its collaborators (the waits, the review, the
conclusion, the hand-over of messages from other threads) share, so each reads
the same answer to "may this run still act?" without holding the run itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from notebook_router.planner.state import StopReason


@dataclass(slots=True)
class Lifecycle:
    """A run's stop request, and whether it is closing or has finished."""

    stop_request: tuple[StopReason, str] | None = None
    """Why the run is to stop, and the detail told the user (None while it goes on)."""
    closing: bool = False
    """The loop has stopped deciding: messages can no longer be acted on."""
    finished: bool = False
    """``run_finished`` has been published."""
    completed_because: str = ""
    """The reason the planner gave when it said the run was complete."""
    duration_s: float = 0.0
    """How long the run took, once finished."""

    def set_stop(self, reason: StopReason, detail: str) -> None:
        """Ask the run to stop for ``reason``, unless it has been asked already."""
        if self.stop_request is None:
            self.stop_request = (reason, detail)
