"""Media in a run's static view: each payload shown once, and every audio with its player."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from notebook_router import Router, agent
from notebook_router.media import AUDIO_INLINE_BYTES, Media
from notebook_router.planner.state import RunState
from notebook_router.render import run_bundle
from notebook_router.render.html import render_html
from notebook_router.render.panel_media import Pictures, media_items
from notebook_router.result import AgentResult
from notebook_router.store.export import ExportedMedia
from tests.media_fixtures import tone_wav


def _png(colour: tuple[int, int, int], size: tuple[int, int] = (40, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


async def test_an_image_an_agent_read_and_returned_is_shown_once() -> None:
    chart = Media(mime_type="image/png", data=_png((255, 0, 0)), source="Out[2]")
    run = Router().start("What does the image show?", media=[chart])
    result = await run
    assert [t.agent for t in result.tasks] == ["images"]
    assert [m.digest for m in run.state.results["t1"].media] == [chart.digest]  # read, returned
    html = run_bundle(run)["text/html"]
    assert html.count('<img src="data:image/png;base64,') == 1
    # Captioned with what the agent found in it.
    assert "Out[2]: A 40×30 PNG image (RGB), mostly red." in html


@agent(can=["frames", "narrate"])
def filmstrip() -> AgentResult:
    "Returns seven frames and a spoken note."
    frames = [
        Media(mime_type="image/png", data=_png((30 * i, 0, 0)), description=f"frame {i}")
        for i in range(7)
    ]
    note = Media(mime_type="audio/wav", data=tone_wav(), description="the spoken note")
    return AgentResult(data="seven frames and a note", media=(*frames, note))


async def test_audio_plays_in_the_static_view_however_many_images_come_before_it() -> None:
    run = Router([filmstrip]).start("frames and narrate")
    await run
    html = run_bundle(run)["text/html"]
    assert html.count('<img src="data:image/png;base64,') == 6
    assert html.count("<audio ") == 1
    assert '<audio controls="controls" src="data:audio/wav;base64,UklGR' in html
    assert "<figcaption>the spoken note</figcaption>" in html


# --------------------------------------------------------------- media types in HTML


def test_a_media_type_that_is_not_type_slash_subtype_is_refused() -> None:
    with pytest.raises(ValueError, match="is not a media type"):
        Media(mime_type='audio/x" onerror="alert(1)', data=b"RIFF")
    with pytest.raises(ValueError, match="is not a media type"):
        ExportedMedia(mime_type="audio/<b>wav", data_base64="")  # a shared export
    assert Media(mime_type=" Image/PNG ", data=b"").mime_type == "image/png"
    # Parameters say how to read the bytes, not what they are: dropped, never kept.
    assert Media(mime_type="text/html; charset=utf-8", data="").mime_type == "text/html"
    assert ExportedMedia(mime_type="audio/wav; x=<b>", data_base64="").mime_type == "audio/wav"


def test_the_static_view_escapes_media_and_plays_only_audio_a_browser_knows() -> None:
    # Media built without validation (as a custom agent's own model could be):
    # nothing it carries reaches the HTML unescaped.
    hostile = Media.model_construct(
        mime_type='audio/x" onerror="alert(1)',
        data=b"RIFF....",
        source="",
        description='<script>alert(2)</script>"',
        metadata={},
    )
    odd = Media(mime_type="audio/x-made-up", data=b"RIFF", description="odd")
    html = render_html(RunState(run_id="r1", query="q", goal="q"), media=[hostile, odd])
    assert "onerror" not in html and "<script>alert" not in html
    assert "<audio" not in html


# ------------------------------------------------------------ audio kept out of the view


@agent(can=["record"])
def recorder() -> AgentResult:
    "Returns a long recording."
    long = tone_wav() * (AUDIO_INLINE_BYTES // len(tone_wav()) + 2)  # bytes, not a valid WAV
    return AgentResult(data="recorded", media=(Media(mime_type="audio/wav", data=long),))


async def test_audio_over_the_inline_limit_is_named_not_embedded() -> None:
    run = Router([recorder]).start("record")
    await run
    html = run_bundle(run)["text/html"]
    assert "<audio" not in html
    assert "not embedded: over 1.5 MB" in html
    assert len(html) < AUDIO_INLINE_BYTES // 10  # the recording's base64 stays out


async def test_a_cells_own_audio_is_not_embedded_again() -> None:
    played = Media(
        mime_type="audio/wav",
        data=tone_wav(),
        source="Out[3]",
        metadata={"execution_count": 3, "cell_id": "abc"},
    )
    run = Router().start("How long is the audio in Out[3]?", media=[played])
    await run
    assert [t.agent for t in run.state.plan] == ["audio"]
    html = run_bundle(run)["text/html"]
    assert "<audio" not in html
    assert "not embedded again, it plays in Out[3]" in html


def test_the_panel_strip_plays_only_audio_a_browser_knows() -> None:
    odd = Media(mime_type="audio/x-made-up", data=b"RIFF", description="odd")
    wav = Media(mime_type="audio/wav", data=tone_wav(), description="a tone")
    items, shown, _ = media_items([odd, wav])
    assert [i.caption for i in items] == ["a tone"] and shown == [wav]
    assert Pictures().url(odd.digest, odd) == ""
    assert Pictures().url(wav.digest, wav).startswith("data:audio/wav;base64,")
