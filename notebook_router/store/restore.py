"""Rebuilding a run's state from what the store recorded.

The events are the record: folding them through the run's own reducer
(:func:`notebook_router.planner.reducer.apply`) gives the plan, the
delegation tree, critic notes, usage, interrupts, the goal and the ending,
exactly as the live run had them. The values the events only announce come
from their own tables, written in the same transactions as the events: each
task result is filed just before the ``task_finished`` event that announces
it, as the live executor does, and the shared context is its latest
recorded state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from notebook_router.context.shared import SharedContext
from notebook_router.media import Media
from notebook_router.planner import events as ev
from notebook_router.planner.reducer import apply
from notebook_router.planner.state import RunState
from notebook_router.result import AgentResult, ResultStatus
from notebook_router.store.models import StoredRun
from notebook_router.styles import STYLES

MediaLoader = Callable[[dict[str, object]], Media | None]


class Rebuilt:
    """A rebuilt state, plus what could not be brought back."""

    def __init__(
        self,
        state: RunState,
        unrestored: set[str],
        media: list[Media],
        *,
        last_seq: int = 0,
        elapsed_s: float = 0.0,
        events: list[ev.Event] | None = None,
    ) -> None:
        self.state = state
        self.events = events or []
        """The recorded events the state was folded from (the steering record reads them)."""
        self.last_seq = last_seq
        """Sequence number of the last recorded event."""
        self.elapsed_s = elapsed_s
        """Run time recorded (the ``t`` of the last event)."""
        self.unrestored = unrestored
        """Finished tasks whose data was kept only as a preview."""
        self.media = media
        """Attachments and result media, for rendering."""


def rebuild(stored: StoredRun, load_media: MediaLoader) -> Rebuilt:
    """The :class:`RunState` that ``stored``'s events and values describe."""
    info = stored.info
    context = SharedContext()
    for key, (value, source, _) in stored.context.items():
        context.set(key, value, source=source)
    attachments = [m for ref in stored.attachments if (m := load_media(ref)) is not None]
    state = RunState(
        run_id=info.id,
        query=info.query,
        goal=info.query,
        style=info.style if info.style in STYLES else "conversational",
        context=context,
        attachments=attachments,
    )
    media: list[Media] = list(attachments)
    unrestored: set[str] = set()
    for event in stored.events:
        if isinstance(event, ev.TaskFinished):
            found = stored.result_at(event.task_id, event.seq)
            if found is not None:
                (data, restored), refs = found
                result_media = tuple(m for ref in refs if (m := load_media(ref)) is not None)
                media.extend(result_media)
                state.results[event.task_id] = AgentResult(
                    status=cast(ResultStatus, event.status),
                    data=data,
                    confidence=event.confidence,
                    summary=event.summary,
                    error=event.error,
                    suggestions=event.suggestions,
                    media=result_media,
                )
                if restored:
                    unrestored.discard(event.task_id)
                else:
                    unrestored.add(event.task_id)
        apply(state, event)
    unrestored &= state.results.keys()  # a resume may have sent some back to run again
    last = stored.events[-1] if stored.events else None
    return Rebuilt(
        state,
        unrestored,
        media,
        last_seq=last.seq if last else 0,
        elapsed_s=last.t if last else 0.0,
        events=list(stored.events),
    )
