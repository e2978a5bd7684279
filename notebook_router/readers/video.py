"""What a video is, and its frames as images: decoded with PyAV (whose wheels bundle ffmpeg).

:func:`read_video` gives the container's duration, frame rate and size, and
a handful of frames as PNG media with their timestamps: the key frames the
encoder marked, topped up with evenly spaced frames so a short clip with one
key frame is still seen from start to end. :func:`annotate_frames` draws each
frame's timestamp and description on it (the "video → annotated frames"
transformation). Frames are described by the image reader, as any image is
(see :func:`~notebook_router.agents.builtin.video.describe_frames`).
"""

from __future__ import annotations

import io
import math
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from notebook_router.errors import MediaReadError, MediaToolMissingError
from notebook_router.media import Media
from notebook_router.readers.audio import duration_text
from notebook_router.readers.extra import missing
from notebook_router.readers.files import as_media

MAX_FRAMES = 8
"""Frames kept by default: enough to follow a clip, few enough to send to a model."""


@dataclass(frozen=True, slots=True)
class VideoFacts:
    """What :func:`read_video` found; ``frames`` are PNG media, in time order."""

    source: str
    mime_type: str
    duration_s: float
    fps: float
    width: int
    height: int
    frame_count: int
    codec: str
    has_audio: bool
    frames: tuple[Media, ...]

    @property
    def key_frames(self) -> tuple[Media, ...]:
        """The frames the encoder marked as key frames."""
        return tuple(f for f in self.frames if f.metadata.get("key"))

    def summary(self) -> str:
        """The facts in one sentence."""
        where = f" from {self.source}" if self.source else ""
        times = ", ".join(f"{frame_time(f):.2f} s" for f in self.frames)
        sound = "with an audio track" if self.has_audio else "no audio track"
        return (
            f"{self.mime_type}{where}: {duration_text(self.duration_s)} long, "
            f"{self.width}×{self.height}, {self.fps:.3g} fps ({self.frame_count} frames, "
            f"{self.codec}, {sound}); {len(self.frames)} frames extracted at {times} "
            f"({len(self.key_frames)} key frames)."
        )


def frame_time(frame: Media) -> float:
    """A frame's timestamp in seconds (0 for media without one)."""
    return float(frame.metadata.get("time_s", 0.0))


def read_video(media: Media | str | Path, *, max_frames: int = MAX_FRAMES) -> VideoFacts:
    """Decode ``media`` (or a video file) and take up to ``max_frames`` frames from it."""
    media = as_media(media, "video")
    av = _av()
    try:
        container = av.open(io.BytesIO(media.raw), mode="r")
    except Exception as exc:  # av.error.InvalidDataError and friends
        raise MediaReadError(
            f"Cannot open the {media.mime_type} video{_where(media)}: {exc}."
        ) from None
    with container:
        if not container.streams.video:
            raise MediaReadError(f"{media.mime_type}{_where(media)} holds no video stream.")
        stream = container.streams.video[0]
        duration = _duration(container, stream)
        frames, count = _frames(container, stream, media.source, duration, max_frames)
        rate = stream.average_rate or stream.guessed_rate
        return VideoFacts(
            source=media.source,
            mime_type=media.mime_type,
            duration_s=duration,
            fps=float(rate) if rate else (count / duration if duration else 0.0),
            width=int(stream.codec_context.width),
            height=int(stream.codec_context.height),
            frame_count=int(stream.frames) or count,
            codec=str(stream.codec_context.name),
            has_audio=bool(container.streams.audio),
            frames=tuple(frames),
        )


_SEEN: OrderedDict[tuple[str, int], VideoFacts] = OrderedDict()
_SEEN_LOCK = threading.Lock()
_SEEN_KEEP = 8
_SEEN_BYTES = 64_000_000
"""At most this many bytes of frames are remembered (4K frames are ~10 MB each)."""


def frames_for_model(media: Media, max_frames: int) -> VideoFacts:
    """:func:`read_video`, remembered per payload (by digest) for the provider wires.

    A model planner sends the run's media with every call: without this, each
    call would decode the whole video again to send the same frames.
    """
    key = (media.digest, max_frames)
    with _SEEN_LOCK:
        if key in _SEEN:
            _SEEN.move_to_end(key)
            return _SEEN[key]
    facts = read_video(media, max_frames=max_frames)
    with _SEEN_LOCK:
        _SEEN[key] = facts
        while len(_SEEN) > 1 and (
            len(_SEEN) > _SEEN_KEEP
            or sum(f.size for v in _SEEN.values() for f in v.frames) > _SEEN_BYTES
        ):
            _SEEN.popitem(last=False)
    return facts


def _duration(container: Any, stream: Any) -> float:
    if stream.duration is not None and stream.time_base is not None:
        return float(stream.duration * stream.time_base)
    if container.duration is not None:
        return float(container.duration) / 1_000_000  # av.time_base: microseconds
    return 0.0


@dataclass(frozen=True, slots=True)
class _Mark:
    """A frame known from its packet alone (no decoding): its time, and whether it is a key."""

    time_s: float
    key: bool


def _frames(
    container: Any, stream: Any, source: str, duration: float, limit: int
) -> tuple[list[Media], int]:
    """Key frames and evenly spaced frames (at most ``limit``), and how many frames there were.

    The frames to keep are chosen from the packets' timestamps and key flags
    (demuxing reads no pixels); then only those frames are turned into PNGs,
    and decoding stops after the last one. A long film's hundreds of key frames
    are never all encoded to keep eight.
    """
    marks = _marks(container, stream)
    wanted = _thin(_candidates(marks, duration, limit), limit)
    container.seek(0)
    return _decode_at(container, stream, wanted, source), len(marks)


def _marks(container: Any, stream: Any) -> list[_Mark]:
    """Every frame's time and key flag, in time order, from the packets alone."""
    rate = float(stream.average_rate or stream.guessed_rate or 25)
    found: list[_Mark] = []
    for packet in container.demux(stream):
        if packet.size == 0:  # the flush packet at the end holds no frame
            continue
        pts = packet.pts if packet.pts is not None else packet.dts
        base = packet.time_base or stream.time_base
        time_s = float(pts * base) if pts is not None and base else len(found) / rate
        found.append(_Mark(time_s, bool(packet.is_keyframe)))
    return sorted(found, key=lambda m: m.time_s)


def _candidates(marks: list[_Mark], duration: float, limit: int) -> list[_Mark]:
    """The key frames, and the first frame at or after each of ``limit`` even steps."""
    step = duration / limit if duration > 0 else 0.0
    next_due = 0.0
    kept: list[_Mark] = []
    for mark in marks:
        due = mark.time_s + 1e-6 >= next_due
        if mark.key or due:
            kept.append(mark)
            if due:
                next_due = (math.floor(mark.time_s / step) + 1) * step if step else math.inf
    return kept


def _thin(marks: list[_Mark], limit: int) -> list[_Mark]:
    """At most ``limit`` frames: the key frames first, the rest spread over the clip."""
    if len(marks) <= limit:
        return marks
    keys = [m for m in marks if m.key]
    if len(keys) >= limit:
        return _spread(keys, limit)
    others = _spread([m for m in marks if not m.key], limit - len(keys))
    return sorted([*keys, *others], key=lambda m: m.time_s)


def _spread(marks: list[_Mark], limit: int) -> list[_Mark]:
    if len(marks) <= limit:
        return marks
    if limit <= 1:
        return marks[:limit]
    picks = {round(i * (len(marks) - 1) / (limit - 1)) for i in range(limit)}
    return [m for i, m in enumerate(marks) if i in picks]


def _decode_at(container: Any, stream: Any, wanted: list[_Mark], source: str) -> list[Media]:
    """The frames at ``wanted``'s times, as PNG media; decoding ends after the last."""
    if not wanted:
        return []
    rate = float(stream.average_rate or stream.guessed_rate or 25)
    tolerance = 0.5 / rate
    out: list[Media] = []
    pending = list(wanted)
    for count, frame in enumerate(container.decode(stream)):
        time_s = float(frame.time) if frame.time is not None else count / rate
        # The first frame at or after the mark's time: a packet's time and its
        # decoded frame's agree, up to rounding (half a frame of slack).
        if time_s + tolerance >= pending[0].time_s:
            out.append(_frame_media(frame, time_s, pending[0].key, source))
            while pending and pending[0].time_s <= time_s + tolerance:
                pending.pop(0)
            if not pending:
                break
    return out


def _frame_media(frame: Any, time_s: float, key: bool, source: str) -> Media:
    out = io.BytesIO()
    frame.to_image().save(out, format="PNG")
    kind = "key frame" if key else "frame"
    where = f" of {source}" if source else ""
    return Media(
        mime_type="image/png",
        data=out.getvalue(),
        source=f"{source}@{time_s:.2f}s" if source else f"frame@{time_s:.2f}s",
        description=f"{kind}{where} at {time_s:.2f} s",
        metadata={"time_s": round(time_s, 3), "key": key},
    )


def annotate_frames(frames: Sequence[Media], descriptions: Sequence[str] = ()) -> list[Media]:
    """Each frame with its timestamp (and description) drawn in a band at its foot, as PNG."""
    from PIL import Image, ImageDraw

    annotated: list[Media] = []
    for i, frame in enumerate(frames):
        about = descriptions[i] if i < len(descriptions) else ""
        image = _image(frame).convert("RGB")
        lines = [f"{frame_time(frame):.2f} s", *_wrap(about, max(20, image.width // 7))]
        band = 14 * len(lines) + 8
        canvas = Image.new("RGB", (image.width, image.height + band), (17, 24, 39))
        canvas.paste(image, (0, 0))
        draw = ImageDraw.Draw(canvas)
        for n, line in enumerate(lines):
            draw.text((6, image.height + 4 + 14 * n), line, fill=(255, 255, 255))
        out = io.BytesIO()
        canvas.save(out, format="PNG")
        label = f"{frame.description or 'frame'}: {about}" if about else frame.description
        annotated.append(
            Media(
                mime_type="image/png",
                data=out.getvalue(),
                source=frame.source,
                description=f"annotated {label}",
                metadata={**frame.metadata, "annotated": True},
            )
        )
    return annotated


def _wrap(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width)[:3] if text else []


def _image(media: Media) -> Any:
    from PIL import Image

    try:
        return Image.open(io.BytesIO(media.raw))
    except Exception as exc:
        raise MediaReadError(f"Cannot read the image{_where(media)}: {exc}.") from None


def _where(media: Media) -> str:
    return f" ({media.source})" if media.source else ""


def _av() -> Any:
    try:
        import av
    except ImportError:
        raise MediaToolMissingError(
            missing("Reading video", "PyAV") + " (its wheels bundle ffmpeg)."
        ) from None
    return av
