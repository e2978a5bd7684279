"""The audio agent: measured offline, transcribed and answered with a model, cited by source."""

from __future__ import annotations

from notebook_router import Router
from notebook_router.agents.builtin import Audio
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
