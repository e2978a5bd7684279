"""The narration agent: text read aloud as WAV (espeak-ng offline, a speech endpoint with a key)."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from notebook_router import Router, agent
from notebook_router.agents.builtin import Narration
from notebook_router.media import Media
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.readers.audio import read_audio
from tests.agents.builtin.helpers import context_for
from tests.media_fixtures import tone_wav

needs_espeak = pytest.mark.skipif(
    shutil.which("espeak-ng") is None,
    reason="espeak-ng is not installed: run scripts/system_deps.sh (apt-get install espeak-ng)",
)


@needs_espeak
async def test_a_paragraph_is_read_aloud_offline_as_wav_audio() -> None:
    text = "Read this paragraph aloud: Revenue grew by twelve percent in the North region."
    result = await Router().run(text)
    assert [(t.agent, t.status) for t in result.tasks] == [("narration", "fulfilled")]
    (speech,) = result.results["t1"].media
    assert speech.mime_type == "audio/wav" and speech.raw[:4] == b"RIFF"
    facts = read_audio(speech)
    assert 2.0 < facts.duration_s < 10.0 and facts.speech  # words take seconds, and sound
    assert "Narrated 9 words from the task as" in result.answer
    assert "(espeak-ng)" in result.answer


@needs_espeak
async def test_the_answer_of_an_earlier_task_is_narrated() -> None:
    @agent(can=["forecast", "weather"])
    def forecast() -> str:
        "Gives the forecast."
        return "Sunny and warm in Rome tomorrow."

    result = await Router([forecast]).run("Get the weather forecast, then narrate the answer")
    assert [(t.agent, t.status) for t in result.tasks] == [
        ("forecast", "fulfilled"),
        ("narration", "fulfilled"),
    ]
    assert result.data("t2")["text"] == "Sunny and warm in Rome tomorrow."
    assert [c.source for c in result.results["t2"].citations] == ["t1"]


async def test_without_espeak_ng_it_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    task, context = context_for("Narrate: the quarter went well for everyone")
    result = await Narration().run(task, context)
    assert result.status == "failed"
    assert "apt-get install espeak-ng" in (result.error or "")
    assert "scripts/system_deps.sh" in (result.error or "")


class Speaking(ScriptedProvider):
    """A scripted model with a speech endpoint, like OpenAI's."""

    said: list[str]

    async def speak(self, text: str, **options: Any) -> bytes:
        self.said.append(text)
        return tone_wav()


async def test_with_a_speech_endpoint_the_model_speaks() -> None:
    model = Speaking([])
    model.said = []
    task, context = context_for("Say aloud: the quarter went well for everyone", model=model)
    result = await Narration().run(task, context)
    assert model.said == ["the quarter went well for everyone"]
    assert result.media[0].metadata["engine"] == "scripted speech"
    assert "as 2.30 s of speech (scripted speech)" in (result.summary or "")


async def test_nothing_to_read_is_said_plainly() -> None:
    task, context = context_for("narrate", media=[Media(mime_type="image/png", data=b"x")])
    result = await Narration().run(task, context)
    assert result.status == "unable" and "no text to read aloud" in (result.error or "")
