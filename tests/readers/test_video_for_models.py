"""Video to the providers' wire formats: decoded once per video, and as frames where needed."""

from __future__ import annotations

import pytest
from google.genai import types

from notebook_router.media import Media
from notebook_router.providers import gemini_wire, openai_wire
from notebook_router.readers import video
from tests.media_fixtures import colour_mp4


@pytest.fixture
def decodes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The digests of the videos decoded from here on."""
    seen: list[str] = []
    read = video.read_video

    def counted(media: Media, *, max_frames: int = video.MAX_FRAMES) -> video.VideoFacts:
        seen.append(media.digest)
        return read(media, max_frames=max_frames)

    monkeypatch.setattr(video, "read_video", counted)
    return seen


def test_a_video_sent_with_every_model_call_is_decoded_once(decodes: list[str]) -> None:
    clip = Media(mime_type="video/mp4", data=colour_mp4(fps=8), source="clip.mp4")
    first = openai_wire.media_parts(clip)
    again = openai_wire.media_parts(clip)  # the planner's next call
    assert again == first and len([p for p in first if p["type"] == "image_url"]) == 6
    assert decodes == [clip.digest]


def test_gemini_gets_a_container_it_does_not_list_as_frames(decodes: list[str]) -> None:
    mkv = Media(mime_type="video/x-matroska", data=colour_mp4(fps=6), source="clip.mkv")
    parts = gemini_wire.media_parts(types, mkv)
    assert not any(p.inline_data and p.inline_data.mime_type.startswith("video/") for p in parts)
    assert "Video (a type Gemini does not take): video/x-matroska" in (parts[0].text or "")
    frames = [p.inline_data for p in parts if p.inline_data is not None]
    assert len(frames) == gemini_wire.VIDEO_FRAMES and frames[0].mime_type == "image/png"
    mov = Media(mime_type="video/quicktime", data=b"\0\0\0\x14ftypqt  ", source="clip.mov")
    (sent,) = gemini_wire.media_parts(types, mov)
    assert sent.inline_data.mime_type == "video/mov"  # the name Gemini lists it by
