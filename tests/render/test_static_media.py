"""Media in a run's static view: each payload shown once, and every audio with its player."""

from __future__ import annotations

import io

from PIL import Image

from notebook_router import Router, agent
from notebook_router.agents.result import AgentResult
from notebook_router.media import Media
from notebook_router.render import run_bundle
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
