"""The audio agent: measured offline, transcribed and answered with a model, cited by source."""

from __future__ import annotations

from pathlib import Path

import pytest

from notebook_router import Router
from notebook_router.agents.builtin import Audio
from notebook_router.errors import MediaReadError
from notebook_router.media import Media
from notebook_router.providers.scripted import ScriptedProvider
from tests.agents.builtin.helpers import context_for, model_replying, prompt_of
from tests.media_fixtures import tone_wav


def _clip() -> Media:
    return Media(mime_type="audio/wav", data=tone_wav(), source="Out[3]")


async def test_a_question_about_the_audio_in_an_output_is_answered_offline() -> None:
    result = await Router().run("How long is the audio in Out[3]?", media=[_clip()])
    assert [(t.agent, t.status) for t in result.tasks] == [("audio", "fulfilled")]
    assert "The audio from Out[3] is 2.30 s long (mono, 16000 Hz" in result.answer
    assert "silence at 0.00–0.30 s, 0.80–1.80 s" in result.answer
    data = result.data("t1")
    assert (data["duration_s"], data["sample_rate"], data["channels"]) == (2.3, 16000, 1)
    assert data["speech"][0] == [0.3, 0.8]


async def test_each_finding_cites_the_clip_it_came_from() -> None:
    task, context = context_for(
        "compare the two recordings",
        media=[
            _clip(),
            Media(mime_type="audio/flac", data=tone_wav(fmt="FLAC"), source="note.flac"),
        ],
    )
    result = await Audio().run(task, context)
    assert [c.source for c in result.citations] == ["Out[3]", "note.flac"]
    assert "The audio from note.flac is 2.30 s long" in (result.summary or "")


async def test_without_audio_it_says_how_to_give_some() -> None:
    task, context = context_for("transcribe the recording")
    result = await Audio().run(task, context)
    assert result.status == "unable"
    assert "IPython.display.Audio" in (result.error or "")


class Transcribing(ScriptedProvider):
    """A scripted model with a transcription endpoint, like OpenAI's."""

    async def transcribe(self, media: Media) -> str:
        return "hello from the meeting"


async def test_with_a_transcribing_model_the_transcript_and_facts_reach_the_answer() -> None:
    model = Transcribing(["The speaker says hello from the meeting, twice in 2.3 s."])
    task, context = context_for("what is said in the audio?", model=model, media=[_clip()])
    result = await Audio().run(task, context)
    assert result.summary == "The speaker says hello from the meeting, twice in 2.3 s."
    assert result.data["transcript"] == "hello from the meeting"
    prompt = prompt_of(model.requests[0])
    assert "Transcript of Out[3]: hello from the meeting" in prompt and "2.30 s long" in prompt
    assert model.requests[0].messages[-1].media == ()  # the transcript stands for the audio


async def test_with_a_model_without_transcription_the_audio_itself_is_sent() -> None:
    model = model_replying("A 440 Hz tone, then silence, then the tone again.")
    task, context = context_for("describe the audio", model=model, media=[_clip()])
    result = await Audio().run(task, context)
    assert result.summary == "A 440 Hz tone, then silence, then the tone again."
    assert [m.mime_type for m in model.requests[0].messages[-1].media] == ["audio/wav"]


async def test_a_summary_of_media_findings_cites_the_media_they_came_from() -> None:
    result = await Router().run(
        "How long is the audio note in Out[3], then summarise the findings", media=[_clip()]
    )
    assert [(t.agent, t.status) for t in result.tasks] == [
        ("audio", "fulfilled"),
        ("summarisation", "fulfilled"),
    ]
    summary = result.results["t2"]
    assert (summary.summary or "").startswith("audio/wav from Out[3]: 2.30 s long")
    assert [c.source for c in summary.citations] == ["t1 (audio, Out[3])"]


class Particular(ScriptedProvider):
    """A transcribing model that refuses audio it cannot convert, and lists what it got."""

    def __init__(self, replies: list[str]) -> None:
        super().__init__(replies)
        self.heard: list[str] = []

    async def transcribe(self, media: Media) -> str:
        self.heard.append(media.source)
        if media.source == "noise.flac":
            raise MediaReadError("Cannot decode the audio/flac audio (noise.flac).")
        return f"words in {media.source}"


async def test_a_clip_that_does_not_decode_is_neither_transcribed_nor_paired_with_another() -> None:
    broken = Media(mime_type="audio/wav", data=b"RIFF not really", source="broken.wav")
    model = Particular(["Answered."])
    task, context = context_for("what is said?", model=model, media=[broken, _clip()])
    result = await Audio().run(task, context)
    assert model.heard == ["Out[3]"]  # the broken file is not uploaded
    assert result.status == "partial" and "broken.wav" in (result.error or "")
    assert result.data["source"] == "Out[3]"
    assert result.data["transcript"] == "words in Out[3]"
    assert [c.source for c in result.citations] == ["Out[3]"]


async def test_a_clip_the_endpoint_cannot_take_costs_only_its_own_transcript() -> None:
    noise = Media(mime_type="audio/flac", data=tone_wav(fmt="FLAC"), source="noise.flac")
    model = Particular(["Answered from one transcript."])
    task, context = context_for("what is said?", model=model, media=[noise, _clip()])
    result = await Audio().run(task, context)
    assert result.status == "partial"  # not failed: the good clip is still heard
    assert result.summary == "Answered from one transcript."
    assert "noise.flac: not transcribed" in (result.error or "")
    assert [f.get("transcript") for f in result.data] == [None, "words in Out[3]"]


async def test_each_clip_comes_back_with_what_was_found_in_it() -> None:
    clip = _clip()
    task, context = context_for("how long is the audio?", media=[clip])
    result = await Audio().run(task, context)
    assert [m.digest for m in result.media] == [clip.digest]  # the same payload
    assert result.media[0].description.startswith("The audio from Out[3] is 2.30 s long")
    assert result.media[0].metadata["annotation"]["agent"] == "audio"


async def test_a_named_file_over_the_size_limit_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "long.wav").write_bytes(tone_wav())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("notebook_router.readers.files.MAX_BYTES", 1000)
    read: list[Path] = []

    def reading(self: Path) -> bytes:
        read.append(self)
        return b""

    monkeypatch.setattr(Path, "read_bytes", reading)
    task, context = context_for("how long is long.wav?")
    result = await Audio().run(task, context)
    assert result.status == "unable" and read == []
    assert "long.wav is 0.1 MB, over the 0.001 MB a file may be" in (result.error or "")


async def test_a_task_naming_one_of_several_clips_hears_that_one() -> None:
    other = Media(mime_type="audio/flac", data=tone_wav(fmt="FLAC"), source="Out[5]")
    task, context = context_for("is there silence in Out[5]?", media=[_clip(), other])
    result = await Audio().run(task, context)
    assert [c.source for c in result.citations] == ["Out[5]"]
    # Naming none of them, the task is about every clip the run holds.
    task, context = context_for("is there silence in them?", media=[_clip(), other])
    result = await Audio().run(task, context)
    assert [c.source for c in result.citations] == ["Out[3]", "Out[5]"]
