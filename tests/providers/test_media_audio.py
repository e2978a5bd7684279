"""Audio and video to the providers (loopback servers), and OpenAI's speech and transcription."""

from __future__ import annotations

import base64

import pytest

from notebook_router.errors import ProviderRequestError
from notebook_router.media import Media
from notebook_router.providers.base import CompletionRequest, Message
from notebook_router.providers.gemini import GeminiProvider
from notebook_router.providers.openai import OpenAIProvider
from notebook_router.providers.retry import RetryPolicy
from tests.media_fixtures import colour_mp4, tone_wav
from tests.providers.conftest import FAKE_GEMINI_KEY, FAKE_OPENAI_KEY
from tests.providers.servers import (
    LoopbackServer,
    gemini_response,
    openai_completion,
    openai_error,
)

FAST = RetryPolicy(attempts=2, base_s=0.01, max_s=0.1)


def _openai(server: LoopbackServer) -> OpenAIProvider:
    return OpenAIProvider(
        "gpt-4o-mini", api_key=FAKE_OPENAI_KEY, base_url=server.url + "/v1", retry=FAST
    )


def _ask(*media: Media) -> CompletionRequest:
    return CompletionRequest(messages=(Message(role="user", content="listen", media=media),))


async def test_flac_goes_to_openai_as_wav_audio(server: LoopbackServer) -> None:
    server.reply(200, openai_completion("two tones"))
    flac = Media(mime_type="audio/flac", data=tone_wav(fmt="FLAC"), source="note.flac")
    await _openai(server).complete(_ask(flac))
    part = server.requests[0].body["messages"][0]["content"][1]
    assert part["type"] == "input_audio" and part["input_audio"]["format"] == "wav"
    assert base64.b64decode(part["input_audio"]["data"])[:4] == b"RIFF"


async def test_a_video_goes_to_openai_as_its_frames_with_their_times(
    server: LoopbackServer,
) -> None:
    server.reply(200, openai_completion("red, green, blue"))
    clip = Media(mime_type="video/mp4", data=colour_mp4(), source="clip.mp4")
    await _openai(server).complete(_ask(clip))
    parts = server.requests[0].body["messages"][0]["content"]
    assert (
        parts[1]["type"] == "text" and "Video: video/mp4 from clip.mp4: 3.00 s" in parts[1]["text"]
    )
    images = [p for p in parts if p["type"] == "image_url"]
    assert len(images) == 6
    assert images[0]["image_url"]["url"].startswith("data:image/png;base64,")
    assert parts[2] == {"type": "text", "text": "Frame at 0.00 s:"}


async def test_speech_comes_back_as_wav_bytes(server: LoopbackServer) -> None:
    server.reply_bytes(tone_wav())
    wav = await _openai(server).speak("hello there")
    assert wav == tone_wav()
    seen = server.requests[0]
    assert seen.path == "/v1/audio/speech"
    assert seen.body == {
        "model": "gpt-4o-mini-tts",
        "voice": "alloy",
        "input": "hello there",
        "response_format": "wav",
    }


async def test_transcription_uploads_the_audio(server: LoopbackServer) -> None:
    server.reply(200, {"text": "hello from the meeting"})
    clip = Media(mime_type="audio/wav", data=tone_wav(), source="Out[3]")
    said = await _openai(server).transcribe(clip)
    assert said == "hello from the meeting"
    seen = server.requests[0]
    assert seen.path == "/v1/audio/transcriptions"
    upload = seen.body["raw"]
    assert b'name="model"' in upload and b"gpt-4o-mini-transcribe" in upload
    assert b'filename="audio.wav"' in upload and tone_wav()[:64] in upload


async def test_a_refused_speech_request_is_our_error(server: LoopbackServer) -> None:
    server.reply(400, openai_error("voice not found", "invalid_request_error"))
    with pytest.raises(ProviderRequestError, match="voice not found"):
        await _openai(server).speak("hello")


async def test_gemini_gets_audio_and_video_inline_under_its_type_names(
    server: LoopbackServer,
) -> None:
    server.reply(200, gemini_response("heard and seen"))
    provider = GeminiProvider(
        "gemini-2.5-flash", api_key=FAKE_GEMINI_KEY, base_url=server.url, retry=FAST
    )
    wav = Media(mime_type="audio/x-wav", data=tone_wav(), source="Out[3]")
    clip = Media(mime_type="video/mp4", data=colour_mp4(), source="clip.mp4")
    await provider.complete(_ask(wav, clip))
    parts = server.requests[0].body["contents"][0]["parts"]
    inline = [p["inlineData"] for p in parts[1:]]
    assert [(i.get("mimeType") or i.get("mime_type")) for i in inline] == [
        "audio/wav",
        "video/mp4",
    ]
    assert base64.urlsafe_b64decode(inline[1]["data"]) == clip.raw  # proto JSON: URL-safe
