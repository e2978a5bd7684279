"""The events a change of the shared context makes: the change, and its compression.

A value too big for a model planner's view (over
:data:`~notebook_router.planner.view_values.CONTEXT_TOKENS`) is compressed once, when
it is written, and the run says how (``context_compressed``: level, kind, sizes, what it
leaves out) so the panel's trace and the run state show it. A spilled value is
described, never read back from disk for its preview.
"""

from __future__ import annotations

from notebook_router.context.shared import ContextEntry, compressed_value
from notebook_router.planner import events as ev
from notebook_router.planner.view_values import CONTEXT_TOKENS
from notebook_router.text.preview import preview

PREVIEW_CHARS = 120


def context_updated(entry: ContextEntry) -> ev.ContextUpdated:
    """The event for ``entry``'s new value."""
    return ev.ContextUpdated(
        key=entry.key,
        source=entry.source,
        version=entry.version,
        preview=preview(entry.kept(), PREVIEW_CHARS),
        lifetime=entry.lifetime,
        note=entry.note,
    )


def context_compressed(entry: ContextEntry) -> ev.ContextCompressed | None:
    """How ``entry``'s value is compressed for a planner's view, when it must be."""
    stored = entry.stored  # (its size and place, without the properties: asked every change)
    if stored.size <= CONTEXT_TOKENS * 4 and stored.spill is None:
        return None
    done = compressed_value(entry, CONTEXT_TOKENS)
    if done.level == "none":
        return None
    return ev.ContextCompressed(
        key=entry.key,
        version=entry.version,
        content=done.kind,
        level=done.level,
        tokens=done.tokens,
        original_tokens=done.original_tokens,
        dropped=done.dropped,
    )
