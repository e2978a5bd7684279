"""Reading video with a real decoder: duration, rate, size, and key frames as images."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from notebook_router.errors import MediaReadError
from notebook_router.media import Media
from notebook_router.readers.image import read_image
from notebook_router.readers.video import annotate_frames, frame_time, read_video
from tests.media_fixtures import colour_mp4


@pytest.fixture(scope="module")
def clip() -> Media:
    return Media(mime_type="video/mp4", data=colour_mp4(), source="clip.mp4")


def test_a_clip_is_read_with_its_frames_spread_over_it(clip: Media) -> None:
    facts = read_video(clip)
    assert (facts.duration_s, facts.fps, facts.width, facts.height) == (3.0, 10.0, 64, 48)
    assert (facts.frame_count, facts.codec, facts.has_audio) == (30, "h264", False)
    times = [frame_time(f) for f in facts.frames]
    assert len(times) == 8 and times == sorted(times) and times[0] == 0.0 and times[-1] >= 2.5
    assert facts.key_frames and frame_time(facts.key_frames[0]) == 0.0
    first = Image.open(io.BytesIO(facts.frames[0].raw))
    assert (first.format, first.size) == ("PNG", (64, 48))
    assert facts.summary().startswith("video/mp4 from clip.mp4: 3.00 s long, 64×48, 10 fps")


def test_frames_are_images_the_image_reader_reads_and_annotated_with_their_time(
    clip: Media,
) -> None:
    frames = read_video(clip, max_frames=3).frames
    colours = [read_image(f, ocr=False).colours[0].name for f in frames]
    assert colours == ["red", "green", "blue"]
    annotated = annotate_frames(frames, ["a red frame"])
    image = Image.open(io.BytesIO(annotated[0].raw))
    assert image.width == 64 and image.height > 48  # the band with the time and words
    assert annotated[0].description == "annotated key frame of clip.mp4 at 0.00 s: a red frame"
    assert annotated[1].metadata["annotated"] is True


def test_bytes_that_are_not_video_are_refused_clearly() -> None:
    with pytest.raises(MediaReadError, match="Cannot open the video/mp4 video"):
        read_video(Media(mime_type="video/mp4", data=b"nope"))


def _all_key_mp4(frames: int = 30) -> bytes:
    """An MP4 whose every frame is a key frame (a screen recording's encoder may do this)."""
    import av
    import numpy as np

    out = io.BytesIO()
    with av.open(out, "w", format="mp4") as container:
        stream = container.add_stream("libx264", rate=10)
        stream.width, stream.height, stream.pix_fmt = 64, 48, "yuv420p"
        stream.codec_context.gop_size = 1
        for i in range(frames):
            shade = np.full((48, 64, 3), i * 8, np.uint8)
            for packet in stream.encode(av.VideoFrame.from_ndarray(shade, format="rgb24")):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    return out.getvalue()


def test_only_the_frames_kept_are_encoded(monkeypatch: pytest.MonkeyPatch) -> None:
    from notebook_router.readers import video

    made: list[float] = []
    encode = video._frame_media

    def counted(frame: object, time_s: float, key: bool, source: str) -> Media:
        made.append(time_s)
        return encode(frame, time_s, key, source)

    monkeypatch.setattr(video, "_frame_media", counted)
    facts = read_video(Media(mime_type="video/mp4", data=_all_key_mp4()), max_frames=3)
    assert facts.frame_count == 30 and len(facts.key_frames) == 3
    assert made == [frame_time(f) for f in facts.frames] == [0.0, 1.4, 2.9]
