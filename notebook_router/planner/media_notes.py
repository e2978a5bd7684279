"""The request's media as a model planner sees them: attached once, then described.

An image re-sent with every planner call costs its tokens at every call and
breaks providers' prompt caching. A model planner gets a run's attachments
as media parts with the first call that sees them; afterwards its view
carries a :class:`MediaNote` for each (kind, label, digest, size, and what
the agents said about it), which is all a planner needs to plan around it.
Agents working on the media still get it, from the executor, as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from notebook_router.media import AMBIGUOUS, POINTED, Media
from notebook_router.planner.per_run import PerRun
from notebook_router.planner.state import OK_STATUSES, RunState
from notebook_router.text.preview import preview

_SAID = 3
"""At most this many agents' words about one piece of media."""
_MEDIA_WORDS = (
    "image",
    "figure",
    "chart",
    "plot",
    "graph",
    "picture",
    "photo",
    "screenshot",
    "diagram",
    "audio",
    "recording",
    "video",
    "pdf",
    "document",
    "attach",
)


class MediaNote(BaseModel):
    """One attachment, described: what a planner keeps of it after seeing it once."""

    kind: str
    """What it is: "image (image/png)", "PDF document", ..."""
    label: str
    """Where it came from and what it shows, as the request described it."""
    digest: str
    size: int
    """Bytes."""
    attached: bool = False
    """True when the payload travels with this very message as a media part."""
    said: list[str] = Field(default_factory=list)
    """What agents said about it ("t1 (vision): a bar chart of sales by region")."""
    ambiguous: str | None = None
    """Set when the request's word (e.g. "it") may mean this attachment or another one so
    marked: which one is for the user to say (ask; do not guess)."""
    source: str = Field(default="", exclude=True)
    """Where it came from (``Out[2]``), for readers in the process."""
    mime_type: str = Field(default="", exclude=True)

    @model_serializer(mode="wrap")
    def _drop_silence(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            if not self.said:
                data.pop("said", None)
            if self.ambiguous is None:
                data.pop("ambiguous", None)
        return data


class MediaLedger:
    """Which attachments each run's planner has already been sent (by digest)."""

    def __init__(self) -> None:
        self._sent: PerRun[set[str]] = PerRun(set)

    def to_attach(self, state: RunState) -> tuple[Media, ...]:
        """The attachments the planner has not been sent yet in this run."""
        if not state.attachments:
            return ()
        sent = self._sent.get(state.run_id)
        return tuple(m for m in state.attachments if m.digest not in sent)

    def mark_sent(self, state: RunState, media: Sequence[Media]) -> None:
        """Remember that the planner got ``media`` (a call with it succeeded)."""
        if media:
            self._sent.get(state.run_id).update(m.digest for m in media)


def media_notes(state: RunState, attached: Sequence[Media] = ()) -> list[MediaNote]:
    """A note for each of the run's attachments (``attached``: those sent with this message)."""
    sending = {m.digest for m in attached}
    return [
        MediaNote(
            kind=_kind(m.mime_type),
            label=_label(m),
            digest=m.digest,
            size=m.size,
            attached=m.digest in sending,
            said=_said(state, m),
            ambiguous=_word(m.metadata.get(AMBIGUOUS)),
            source=m.source,
            mime_type=m.mime_type,
        )
        for m in state.attachments
    ]


def pointers(state: RunState) -> list[tuple[str, str, str]]:
    """The attachments the request pointed at: (the phrase that did, their source, their
    media type), e.g. ("it", "Out[2]", "audio/wav")."""
    return [
        (str(m.metadata[POINTED]), m.source, m.mime_type)
        for m in state.attachments
        if POINTED in m.metadata
    ]


def choices(state: RunState) -> list[MediaNote]:
    """The attachments a word of the request may each mean (see ``media.AMBIGUOUS``);
    empty unless there are at least two to choose from."""
    marked = [m for m in state.attachments if AMBIGUOUS in m.metadata]
    if len(marked) < 2:
        return []
    return [n for n in media_notes(state) if n.ambiguous is not None]


def _word(value: Any) -> str | None:
    return str(value) if value is not None else None


def _kind(mime: str) -> str:
    major = mime.split("/", 1)[0]
    if mime == "application/pdf":
        return "PDF document"
    if major in ("image", "audio", "video", "text"):
        return f"{major} ({mime})"
    return mime


def _label(media: Media) -> str:
    parts = [p for p in (media.source, media.description) if p]
    return preview(": ".join(parts), 200) if parts else "attached to the request"


def _said(state: RunState, media: Media) -> list[str]:
    """Finished tasks that worked on ``media``: they returned it, or their task names it."""
    names = tuple(w for w in (media.source.lower(), media.description.lower()) if w)
    said: list[str] = []
    for task in state.plan:
        if task.status not in OK_STATUSES:
            continue
        result = state.results.get(task.id)
        if result is None:
            continue
        returned = next((m for m in result.media if m.digest == media.digest), None)
        about = task.description.lower()
        if returned is None and not any(w in about for w in (*_MEDIA_WORDS, *names)):
            continue
        words = (returned.description if returned is not None else "") or task.summary or ""
        said.append(f"{task.id} ({task.agent}): {preview(words, 160)}")
        if len(said) == _SAID:
            break
    return said
