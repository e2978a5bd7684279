"""Real media made at test time: a WAV with tones and silences, an MP4 of coloured frames."""

from __future__ import annotations

import io

import numpy as np

RATE = 16_000
TONE_S = 0.5
"""Each tone's length; the WAV is 0.3 s silence, tone, 1 s silence, tone: 2.3 s in all."""
COLOURS = ((255, 0, 0), (0, 200, 0), (0, 0, 255))
"""The MP4's three scenes (1 s each at 10 fps): red, green, blue."""


def tone_wav(*, channels: int = 1, fmt: str = "WAV") -> bytes:
    """0.3 s silence, 0.5 s of 440 Hz at half scale, 1 s silence, 0.5 s tone again."""
    import soundfile

    t = np.arange(int(RATE * TONE_S)) / RATE
    tone = 0.5 * np.sin(2 * np.pi * 440 * t)
    mono = np.concatenate([np.zeros(int(RATE * 0.3)), tone, np.zeros(RATE), tone])
    samples = np.stack([mono] * channels, axis=1) if channels > 1 else mono
    out = io.BytesIO()
    soundfile.write(out, samples, RATE, format=fmt)
    return out.getvalue()


def colour_mp4(*, fps: int = 10, size: tuple[int, int] = (64, 48)) -> bytes:
    """A 3 s H.264 MP4: one second each of red, green and blue frames."""
    import av

    width, height = size
    out = io.BytesIO()
    with av.open(out, "w", format="mp4") as container:
        stream = container.add_stream("libx264", rate=fps)
        stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
        for i in range(3 * fps):
            frame = np.zeros((height, width, 3), np.uint8)
            frame[...] = COLOURS[i // fps]
            for packet in stream.encode(av.VideoFrame.from_ndarray(frame, format="rgb24")):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    return out.getvalue()


TITLES = ("SALES UP", "COSTS DOWN")
"""The titled MP4's two cards (1 s each), black words on white."""


def titled_mp4(*, fps: int = 5, size: tuple[int, int] = (320, 160)) -> bytes:
    """A 2 s H.264 MP4 of title cards: one second each of :data:`TITLES`, in large type."""
    import av
    from PIL import Image, ImageDraw, ImageFont

    width, height = size
    font = ImageFont.load_default(size=40)
    out = io.BytesIO()
    with av.open(out, "w", format="mp4") as container:
        stream = container.add_stream("libx264", rate=fps)
        stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
        for i in range(len(TITLES) * fps):
            card = Image.new("RGB", size, "white")
            ImageDraw.Draw(card).text((20, 55), TITLES[i // fps], fill="black", font=font)
            frame = av.VideoFrame.from_ndarray(np.asarray(card), format="rgb24")
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    return out.getvalue()
