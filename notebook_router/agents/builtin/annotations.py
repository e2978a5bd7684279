"""What an agent found in a piece of media, kept with that media.

A media agent returns the media it read, with its finding as the
description and ``metadata["annotation"]`` holding who found it and the
facts behind it. The payload is unchanged, so the digest is too: the run
state's media references, the session database (media kept once by digest,
each task's references with their descriptions) and a model planner's media
notes (:mod:`~notebook_router.planner.media_notes`, "what agents said about
it") all tie the finding to the same attachment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from notebook_router.media import Media
from notebook_router.text.preview import preview

ANNOTATION = "annotation"
"""The metadata key of an annotation."""


def annotated(
    media: Media, agent: str, finding: str, facts: BaseModel | Mapping[str, Any] | None = None
) -> Media:
    """``media`` with ``agent``'s ``finding`` (and the ``facts`` it rests on, a model or
    plain JSON-friendly data) attached.

    >>> page = Media(mime_type="text/plain", data="Sales rose.", source="notes.txt")
    >>> annotated(page, "documents", "one sentence on sales").description
    'one sentence on sales'
    """
    note: dict[str, Any] = {"agent": agent, "text": finding}
    if isinstance(facts, BaseModel):
        note["facts"] = facts.model_dump(mode="json")
    elif facts is not None:
        note["facts"] = dict(facts)
    return media.model_copy(
        update={
            "description": preview(finding, 300),
            "metadata": {**media.metadata, ANNOTATION: note},
        }
    )
