"""What the offline model can honestly say about media it cannot see.

It has no vision and no hearing. What it can report comes from the bytes
and labels themselves: the type, where it came from, the description the
notebook attached (a figure's title, axis labels and series, a table's
shape and columns), an image's pixel size from its header, the words
written inside an SVG, the first lines of text media. Every reply says
plainly that this is the offline model, so nobody mistakes it for an
analysis of the picture.
"""

from __future__ import annotations

import re
import struct
from html import unescape

from notebook_router.media import Media

OFFLINE_NOTE = (
    "Offline model: I cannot see images or hear audio, so this is only what the media's "
    "type, size and labels say; set a multimodal model (e.g. --model openai:gpt-4o-mini) "
    "for an analysis of the content."
)
_SVG_TEXT = re.compile(r"<text\b[^>]*>([^<]+)</text>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]+>")
_HIDDEN = re.compile(r"<(style|script)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_MAX_WORDS = 24


def describe_media(media: Media) -> str:
    """One line on ``media``: type, source, size, and whatever its payload states outright."""
    where = f" from {media.source}" if media.source else ""
    parts = [f"{media.mime_type}{where}"]
    size = _pixel_size(media)
    if size:
        parts.append(f"{size[0]}×{size[1]} px")
    if media.description:
        parts.append(media.description)
    text = _readable_text(media)
    if text:
        parts.append(text)
    return "; ".join(parts)


def describe_all(media: list[Media]) -> str:
    """The offline note, then one numbered line per piece of media."""
    lines = [f"{n}. {describe_media(m)}" for n, m in enumerate(media, 1)]
    return "\n".join([OFFLINE_NOTE, *lines])


def _pixel_size(media: Media) -> tuple[int, int] | None:
    data = media.data
    if not isinstance(data, bytes):
        return None
    if media.mime_type == "image/png" and data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    if media.mime_type == "image/jpeg":
        return _jpeg_size(data)
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    # Walk the JPEG segments to the first start-of-frame marker, which holds the size.
    i = 2
    while i + 9 < len(data) and data[i] == 0xFF:
        marker, length = data[i + 1], struct.unpack(">H", data[i + 2 : i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack(">HH", data[i + 5 : i + 9])
            return int(width), int(height)
        i += 2 + length
    return None


def _readable_text(media: Media) -> str:
    if media.mime_type == "image/svg+xml" and isinstance(media.data, str):
        words = [unescape(t).strip() for t in _SVG_TEXT.findall(media.data)]
        words = [w for w in words if w]
        if not words:
            return ""
        more = " …" if len(words) > _MAX_WORDS else ""
        return "text in the image: " + ", ".join(words[:_MAX_WORDS]) + more
    if not media.is_text:
        return ""
    raw = media.data if isinstance(media.data, str) else media.data.decode(errors="replace")
    if media.mime_type == "text/html":
        # What a reader sees: no styles or scripts, and no line structure to count.
        visible = " ".join(unescape(_TAG.sub(" ", _HIDDEN.sub(" ", raw))).split())
        return f"text: {_cut(visible)}" if visible else ""
    lines = [line.strip() for line in raw.splitlines() if line.strip()]
    if not lines:
        return ""
    return f"{len(lines)} lines, starting: {_cut(' '.join(' '.join(lines[:3]).split()))}"


def _cut(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
