"""Reading audio: length, rate, channels, loudness, and where it is silent."""

from __future__ import annotations

import pytest

from notebook_router.errors import MediaReadError
from notebook_router.media import Media
from notebook_router.readers.audio import read_audio, to_wav
from tests.media_fixtures import RATE, tone_wav


def test_a_wav_is_measured_with_its_silences_and_sounds_timed() -> None:
    facts = read_audio(Media(mime_type="audio/wav", data=tone_wav(), source="Out[3]"))
    assert (round(facts.duration_s, 2), facts.sample_rate, facts.channels) == (2.3, RATE, 1)
    assert round(facts.peak_dbfs, 1) == -6.0  # half scale
    assert -13.5 < facts.rms_dbfs < -11.5  # a half-scale sine 1 s of 2.3 s: -9 dB - 3.6 dB
    assert [(s.start_s, round(s.end_s, 2)) for s in facts.speech] == [(0.3, 0.8), (1.8, 2.3)]
    assert [(s.start_s, s.end_s) for s in facts.silences] == [(0.0, 0.3), (0.8, 1.8)]
    assert facts.summary().startswith("audio/wav from Out[3]: 2.30 s long, mono, 16000 Hz")
    assert "silence at 0.00–0.30 s, 0.80–1.80 s" in facts.summary()


def test_stereo_flac_is_read_and_converted_to_wav() -> None:
    flac = Media(mime_type="audio/flac", data=tone_wav(channels=2, fmt="FLAC"))
    assert read_audio(flac).channels == 2
    wav = to_wav(flac)
    assert wav[:4] == b"RIFF"
    assert round(read_audio(Media(mime_type="audio/wav", data=wav)).duration_s, 2) == 2.3


def test_bytes_that_are_not_audio_say_what_can_be_read() -> None:
    with pytest.raises(MediaReadError, match="soundfile reads WAV, FLAC, OGG/Vorbis and MP3"):
        read_audio(Media(mime_type="audio/wav", data=b"not audio at all", source="x.wav"))
