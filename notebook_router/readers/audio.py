"""What a piece of audio is: its length, rate, channels, loudness, and where it is silent.

Decoded with soundfile (libsndfile: WAV, FLAC, OGG/Vorbis, MP3) into numpy.
Silence and sound are told apart by energy: the signal is cut into 20 ms
windows, and a window is sound when its RMS is within 30 dB of the loudest
window (and above -60 dBFS). Energy cannot tell speech from music or a tone,
so "speech" segments are stretches of sound; what is said needs a model.

>>> facts = read_audio(media)              # doctest: +SKIP
>>> facts.duration_s, facts.summary()      # doctest: +SKIP
(2.5, 'audio/wav from Out[3]: 2.50 s, mono, 16000 Hz; RMS -12.1 dBFS, peak -6.0 dBFS; ...')
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from notebook_router.errors import MediaReadError, MediaToolMissingError
from notebook_router.media import Media
from notebook_router.readers.extra import missing
from notebook_router.readers.files import as_media

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

WINDOW_S = 0.02
"""Length of one energy window."""
RELATIVE_DB = 30.0
"""A window this far below the loudest one is silence."""
FLOOR_DBFS = -60.0
"""Below this a window is silence, however quiet the whole recording is."""
MIN_SILENCE_S = 0.2
"""A quieter stretch shorter than this is a pause inside sound, not a silence."""
MIN_SOUND_S = 0.06
"""A louder stretch shorter than this is a click, not sound."""
SILENT_DBFS = -120.0
"""What digital silence (all zeros) reads as, instead of minus infinity."""

WAV_TYPES = ("audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave")


@dataclass(frozen=True, slots=True)
class Segment:
    """A stretch of the recording: ``speech`` (sound above the threshold) or ``silence``."""

    start_s: float
    end_s: float
    kind: Literal["speech", "silence"]

    @property
    def duration_s(self) -> float:
        return self.end_s - self.start_s

    def __str__(self) -> str:
        return f"{self.start_s:.2f}–{self.end_s:.2f} s"


@dataclass(frozen=True, slots=True)
class AudioFacts:
    """What :func:`read_audio` found."""

    source: str
    mime_type: str
    duration_s: float
    sample_rate: int
    channels: int
    rms_dbfs: float
    peak_dbfs: float
    segments: tuple[Segment, ...]

    @property
    def speech(self) -> tuple[Segment, ...]:
        """Stretches of sound (speech, or any other sound: energy cannot tell)."""
        return tuple(s for s in self.segments if s.kind == "speech")

    @property
    def silences(self) -> tuple[Segment, ...]:
        return tuple(s for s in self.segments if s.kind == "silence")

    def summary(self) -> str:
        """The facts in one paragraph, e.g. for a result or a prompt."""
        where = f" from {self.source}" if self.source else ""
        layout = {1: "mono", 2: "stereo"}.get(self.channels, f"{self.channels} channels")
        head = (
            f"{self.mime_type}{where}: {duration_text(self.duration_s)} long, {layout}, "
            f"{self.sample_rate} Hz; loudness RMS {self.rms_dbfs:.1f} dBFS, "
            f"peak {self.peak_dbfs:.1f} dBFS"
        )
        if not self.speech:
            return f"{head}; silent throughout."
        sound = ", ".join(str(s) for s in self.speech[:6]) + (" …" if len(self.speech) > 6 else "")
        quiet = ", ".join(str(s) for s in self.silences[:6])
        silences = f"; silence at {quiet}" if quiet else "; no silence"
        return f"{head}; sound (speech or other) at {sound}{silences}."


def duration_text(seconds: float) -> str:
    """``1.50 s``, or ``2 min 3.4 s`` from a minute on."""
    if seconds < 60:
        return f"{seconds:.2f} s"
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)} min {rest:.1f} s"


def read_audio(media: Media | str | Path) -> AudioFacts:
    """Decode ``media`` (or an audio file) and measure it."""
    media = as_media(media, "audio")
    samples, rate = decode(media)
    np = _numpy()
    mono = samples.mean(axis=1) if samples.shape[1] > 1 else samples[:, 0]
    duration = len(mono) / rate if rate else 0.0
    return AudioFacts(
        source=media.source,
        mime_type=media.mime_type,
        duration_s=duration,
        sample_rate=int(rate),
        channels=int(samples.shape[1]),
        rms_dbfs=_dbfs(float(np.sqrt(np.mean(np.square(mono)))) if len(mono) else 0.0),
        peak_dbfs=_dbfs(float(np.max(np.abs(samples))) if samples.size else 0.0),
        segments=segments(mono, rate),
    )


def decode(media: Media) -> tuple[NDArray[np.float32], int]:
    """The samples (frames × channels, floats in -1..1) and the sample rate."""
    soundfile = _soundfile()
    try:
        samples, rate = soundfile.read(io.BytesIO(media.raw), dtype="float32", always_2d=True)
    except Exception as exc:  # libsndfile says "Format not recognised" and the like
        where = f" ({media.source})" if media.source else ""
        raise MediaReadError(
            f"Cannot decode the {media.mime_type} audio{where}: {exc}. soundfile reads WAV, "
            "FLAC, OGG/Vorbis and MP3; convert other formats first (e.g. with ffmpeg)."
        ) from None
    return samples, int(rate)


def to_wav(media: Media) -> bytes:
    """``media`` as 16-bit PCM WAV bytes (WAV media are returned as they are)."""
    if media.mime_type in WAV_TYPES:
        return media.raw
    samples, rate = decode(media)
    out = io.BytesIO()
    _soundfile().write(out, samples, rate, format="WAV", subtype="PCM_16")
    return out.getvalue()


def segments(mono: NDArray[Any], rate: int) -> tuple[Segment, ...]:
    """Speech (sound) and silence, in order, covering the whole recording."""
    np = _numpy()
    window = max(1, int(rate * WINDOW_S))
    count = len(mono) // window
    if count == 0:
        return ()
    frames = mono[: count * window].reshape(count, window)
    energy = np.sqrt(np.mean(np.square(frames, dtype=np.float64), axis=1))
    level = 20 * np.log10(np.maximum(energy, 10 ** (SILENT_DBFS / 20)))
    threshold = max(FLOOR_DBFS, float(level.max()) - RELATIVE_DB)
    loud = [bool(x) for x in level > threshold]
    runs = _runs(loud, window / rate)
    runs = _merge(runs, "silence", MIN_SILENCE_S)
    runs = _merge(runs, "speech", MIN_SOUND_S)
    end = len(mono) / rate
    if runs:  # the last window's remainder belongs to the last run
        last = runs[-1]
        runs[-1] = Segment(last.start_s, end, last.kind)
    return tuple(runs)


def _runs(loud: list[bool], step: float) -> list[Segment]:
    runs: list[Segment] = []
    start = 0
    for i in range(1, len(loud) + 1):
        if i == len(loud) or loud[i] != loud[start]:
            kind: Literal["speech", "silence"] = "speech" if loud[start] else "silence"
            runs.append(Segment(round(start * step, 3), round(i * step, 3), kind))
            start = i
    return runs


def _merge(runs: list[Segment], kind: str, shortest: float) -> list[Segment]:
    """Runs of ``kind`` shorter than ``shortest`` join their neighbours (the other kind)."""
    kept: list[Segment] = []
    for run in runs:
        short = run.kind == kind and run.duration_s < shortest
        if short and kept:  # absorbed by what came before
            run = Segment(kept[-1].start_s, run.end_s, kept[-1].kind)
        elif short:
            other: Literal["speech", "silence"] = "silence" if kind == "speech" else "speech"
            run = Segment(run.start_s, run.end_s, other)
        if kept and kept[-1].kind == run.kind:
            run = Segment(kept.pop().start_s, run.end_s, run.kind)
        kept.append(run)
    return kept


def _dbfs(amplitude: float) -> float:
    import math

    return 20 * math.log10(amplitude) if amplitude > 0 else SILENT_DBFS


def _numpy() -> Any:
    import numpy

    return numpy


def _soundfile() -> Any:
    try:
        import soundfile
    except ImportError:
        raise MediaToolMissingError(
            missing("Reading audio", "soundfile")
            + " (its wheels bundle libsndfile; where none fits, apt-get install libsndfile1 too)."
        ) from None
    except OSError as exc:  # the module is there but libsndfile is not
        raise MediaToolMissingError(
            f"soundfile cannot load libsndfile ({exc}): apt-get install libsndfile1 "
            "(or scripts/system_deps.sh)."
        ) from None
    return soundfile
