"""The live panel's media strip: which media a run holds, and small pictures of them.

The strip shows thumbnails of the images a run holds (its attachments and
its results' media) and a small player for each piece of audio, each
captioned with what an agent found in it (``Media.description``; see
``agents/builtin/annotations.py``). The synced ``media`` trait carries only
these small rows; the pictures themselves travel once per digest, when a view
asks for them (see ``notebook/panel.py``), made once per digest here.
Pure: nothing here imports IPython or widget code.
"""

from __future__ import annotations

import base64
import io
from collections import OrderedDict
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel

from notebook_router.agents.builtin.annotations import ANNOTATION
from notebook_router.media import AUDIO_INLINE_BYTES, Media
from notebook_router.planner.state import RunState
from notebook_router.readers.files import PLAYABLE_AUDIO
from notebook_router.text.preview import preview

MAX_SHOWN = 12
"""Media the strip shows; the rest are counted ("+3 more")."""
THUMB_PX = 160
"""A thumbnail's longer side at most."""
LARGE_PX = 720
"""A picture enlarged in place: its longer side at most."""
SVG_INLINE_BYTES = 64_000
"""An SVG up to this size is its own thumbnail (an <img> runs no script in it)."""
CAPTION_CHARS = 160

IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp", "image/svg+xml")

MediaKind = Literal["image", "audio"]
Size = Literal["thumb", "large"]


class MediaItem(BaseModel):
    """One piece of media in the strip (no payload: the picture is asked for by digest)."""

    digest: str
    kind: MediaKind
    mime_type: str
    caption: str
    """What an agent found in it, else its source or type; one line."""
    agent: str
    """The agent whose finding the caption is ("" when none read it yet)."""
    source: str


def run_media(state: RunState) -> list[Media]:
    """The media a run holds, in order: attachments, then each result's."""
    media = list(state.attachments)
    for result in state.results.values():
        media.extend(result.media)
    return media


def media_items(media: Iterable[Media]) -> tuple[list[MediaItem], list[Media], str]:
    """The strip's rows, the media they show (same order) and its "+N more" note.

    Each payload shows once (by digest) in its first place, captioned with its
    latest description: an attachment an agent read comes back annotated.
    """
    unique: dict[str, Media] = {}
    for m in media:
        if _kind(m) is not None:
            unique[m.digest] = m
    shown = list(unique.items())[:MAX_SHOWN]
    more = len(unique) - len(shown)
    items = [_item(d, m) for d, m in shown]
    return items, [m for _, m in shown], f"+{more} more" if more > 0 else ""


def _kind(media: Media) -> MediaKind | None:
    if media.mime_type in IMAGE_TYPES:
        return "image"
    if media.mime_type in PLAYABLE_AUDIO:  # only types a browser plays reach a data URL
        return "audio"
    return None


def _item(digest: str, media: Media) -> MediaItem:
    note = media.metadata.get(ANNOTATION)
    agent = str(note.get("agent", "")) if isinstance(note, dict) else ""
    caption = media.description or media.source or media.mime_type
    return MediaItem(
        digest=digest,
        kind=_kind(media) or "image",
        mime_type=media.mime_type,
        caption=preview(" ".join(caption.split()), CAPTION_CHARS),
        agent=agent,
        source=media.source,
    )


class MediaStrip:
    """What a live panel's strip shows now, and the media behind each digest shown.

    A view's request for a picture is answered only for media the strip shows.
    """

    def __init__(self) -> None:
        self.shown: dict[str, Media] = {}

    def rows(self, state: RunState) -> tuple[list[MediaItem], str]:
        """The strip's rows for ``state`` and its "+N more" note."""
        items, media, note = media_items(run_media(state))
        self.shown = {item.digest: m for item, m in zip(items, media, strict=True)}
        return items, note


class Pictures:
    """Data URLs of media, made once per (digest, size) and kept for the panels of a kernel."""

    def __init__(self, keep: int = 64) -> None:
        self._made: OrderedDict[tuple[str, Size], str] = OrderedDict()
        self._keep = keep
        self.made = 0
        """How many pictures were made (not taken from the cache): tests read it."""

    def url(self, digest: str, media: Media, size: Size = "thumb") -> str:
        """A ``data:`` URL showing ``media`` at ``size`` ("" when it cannot be shown)."""
        key = (digest, size)
        if key in self._made:
            self._made.move_to_end(key)
            return self._made[key]
        url = _picture(media, THUMB_PX if size == "thumb" else LARGE_PX)
        self.made += 1
        self._made[key] = url
        while len(self._made) > self._keep:
            self._made.popitem(last=False)
        return url


PICTURES = Pictures()


def _picture(media: Media, side: int) -> str:
    raw = media.raw
    if _kind(media) is None:
        return ""
    if media.mime_type in PLAYABLE_AUDIO:
        # Up to AUDIO_INLINE_BYTES (shared with the run's saved view, render/html.py).
        return _data_url(media.mime_type, raw) if len(raw) <= AUDIO_INLINE_BYTES else ""
    if media.mime_type == "image/svg+xml":
        return _data_url(media.mime_type, raw) if len(raw) <= SVG_INLINE_BYTES else ""
    try:
        from PIL import Image

        with Image.open(io.BytesIO(raw)) as image:
            image.seek(0)  # a GIF's or WebP's first frame
            picture = image.copy()
    except Exception:  # not an image Pillow reads: the strip shows the caption alone
        return ""
    picture.thumbnail((side, side))
    out = io.BytesIO()
    # PNG keeps transparency and sharp charts; a photo is far smaller as JPEG.
    if picture.mode in ("RGBA", "LA", "P") or media.mime_type in ("image/png", "image/gif"):
        picture.save(out, format="PNG", optimize=True)
        png = out.getvalue()
        if len(png) <= 24_000 or picture.mode in ("RGBA", "LA", "P"):
            return _data_url("image/png", png)
        out = io.BytesIO()
    picture.convert("RGB").save(out, format="JPEG", quality=80)
    return _data_url("image/jpeg", out.getvalue())


def _data_url(mime_type: str, raw: bytes) -> str:
    return f"data:{mime_type};base64,{base64.b64encode(raw).decode()}"
