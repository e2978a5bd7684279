"""The video agent: frames extracted with a real decoder, described, annotated, cited."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from PIL import Image

from notebook_router import Router
from notebook_router.agents.builtin import Video
from notebook_router.agents.builtin.video import describe_frames
from notebook_router.media import Media
from tests.agents.builtin.helpers import context_for, model_replying
from tests.media_fixtures import TITLES, colour_mp4, titled_mp4


async def test_a_video_file_named_in_the_task_is_described_frame_by_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "clip.mp4").write_bytes(colour_mp4())
    result = await Router().run("describe the video clip.mp4")
    assert [(t.agent, t.status) for t in result.tasks] == [("video", "fulfilled")]
    assert "The video clip.mp4 is 3.00 s long, 64×48 at 10 fps" in result.answer
    assert "0.00 s (key frame): A 64×48 PNG image (RGB), mostly red." in result.answer
    assert "mostly green" in result.answer and "mostly blue" in result.answer
    frames = result.results["t1"].media
    assert len(frames) == 6 and all(m.mime_type == "image/png" for m in frames)
    assert frames[0].description.startswith("annotated key frame of clip.mp4 at 0.00 s: ")
    assert Image.open(io.BytesIO(frames[0].raw)).height > 48  # the annotation band


def test_frames_are_described_by_what_they_look_like() -> None:
    from notebook_router.readers.video import read_video

    frames = read_video(Media(mime_type="video/mp4", data=colour_mp4()), max_frames=3).frames
    described = describe_frames(frames)
    assert [d.split("mostly ")[1].split(".")[0] for d in described] == ["red", "green", "blue"]


async def test_without_tesseract_the_answer_says_so_once_not_once_per_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytesseract = pytest.importorskip("pytesseract")
    monkeypatch.setattr(pytesseract.pytesseract, "tesseract_cmd", "no-such-tesseract")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "clip.mp4").write_bytes(colour_mp4())
    result = await Router().run("describe the video clip.mp4")
    assert "mostly red" in result.answer and "mostly blue" in result.answer  # several frames
    assert result.answer.count("OCR skipped: the tesseract program is not installed") == 1


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs the tesseract program")
async def test_describing_a_video_says_what_the_image_reader_sees_in_each_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards.mp4").write_bytes(titled_mp4())
    result = await Router().run("describe the video cards.mp4")
    answer = " ".join(result.answer.split())
    # Each frame by its time, its colours and the words OCR read in it.
    assert "0.00 s (key frame): A 320×160 PNG image (RGB), mostly white" in answer
    assert f"Text in it: “{TITLES[0]}”" in answer
    assert "1.00 s (key frame): A 320×160 PNG image (RGB)" in answer
    assert f"Text in it: “{TITLES[1]}”" in answer
    assert ".;" not in answer and ".." not in answer  # one full stop between frames
    frames = result.results["t1"].data["frames"]
    assert min(f["time_s"] for f in frames if TITLES[1] in f["described"]) >= 1.0


async def test_with_a_model_the_video_goes_to_it_and_its_account_leads() -> None:
    clip = Media(mime_type="video/mp4", data=colour_mp4(), source="demo.mp4")
    model = model_replying("Three scenes: red, then green, then blue.")
    task, context = context_for("what happens in the video?", model=model, media=[clip])
    result = await Video().run(task, context)
    assert (result.summary or "").startswith("Three scenes: red, then green, then blue.")
    assert [m.mime_type for m in model.requests[0].messages[-1].media] == ["video/mp4"]
    assert [c.source for c in result.citations] == ["demo.mp4"]


async def test_a_missing_file_is_named() -> None:
    task, context = context_for("describe the video nowhere.mp4")
    result = await Video().run(task, context)
    assert result.status == "unable" and "nowhere.mp4" in (result.error or "")
