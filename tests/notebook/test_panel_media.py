"""The live panel's media strip: small rows in a trait, each picture made once and sent on request."""

from __future__ import annotations

import asyncio
import base64
import io
import json
from typing import Any

import pytest
from PIL import Image

from notebook_router import Router, agent
from notebook_router.agents.builtin.annotations import annotated
from notebook_router.media import Media
from notebook_router.notebook.panel import RunPanel
from notebook_router.planner.rails import Limits
from notebook_router.render import panel_media
from notebook_router.render.panel_media import LARGE_PX, MAX_SHOWN, THUMB_PX
from notebook_router.result import AgentResult
from tests.media_fixtures import tone_wav

FINDING = "a red square on a white page, with the word SALES"


def _png(width: int, height: int, colour: str = "red") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, format="PNG")
    return out.getvalue()


@agent(can=["describe", "picture", "look"])
async def looker(task: str, media: list[Media]) -> AgentResult:
    "Describes the pictures it is given."
    await asyncio.sleep(0.05)
    read = [annotated(m, "looker", FINDING) for m in media if m.mime_type.startswith("image/")]
    return AgentResult(data=FINDING, media=tuple(read))


class Sent:
    """The panel's custom messages to its views (what the comm would carry)."""

    def __init__(self, panel: RunPanel, monkeypatch: pytest.MonkeyPatch) -> None:
        self.messages: list[dict[str, Any]] = []
        monkeypatch.setattr(
            panel, "send", lambda content, buffers=None: self.messages.append(content)
        )


def _ask(panel: RunPanel, digests: list[str], size: str = "thumb") -> None:
    """A view asking for pictures, as the front end does (widgets/src/panel.js askPictures)."""
    panel._on_message(panel, {"type": "media", "digests": digests, "size": size}, [])


def _image(url: str) -> Image.Image:
    head, data = url.split(",", 1)
    assert head in ("data:image/png;base64", "data:image/jpeg;base64"), head
    return Image.open(io.BytesIO(base64.b64decode(data)))


async def test_the_strip_shows_each_picture_small_captioned_and_sends_it_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(panel_media, "PICTURES", panel_media.Pictures())
    photo = Media(mime_type="image/png", data=_png(1200, 800), source="photo.png")
    voice = Media(mime_type="audio/wav", data=tone_wav(), source="note.wav")
    run = Router([looker]).start("Describe the picture", media=[photo, voice])
    panel = RunPanel(run, interval=0.0)
    sent = Sent(panel, monkeypatch)
    await asyncio.wait_for(run, 10)
    await asyncio.sleep(0.05)  # the panel's last refresh

    # The trait: one row per payload (the attachment the agent read shows once,
    # captioned with its finding), no payload in it.
    rows = {row["digest"]: row for row in panel.media}
    assert list(rows) == [photo.digest, voice.digest]
    assert (
        rows[photo.digest] | {"caption": FINDING, "agent": "looker", "kind": "image"}
        == rows[photo.digest]
    )
    assert rows[voice.digest]["kind"] == "audio" and rows[voice.digest]["caption"] == "note.wav"
    assert len(json.dumps(panel.media)) < 1_000 and panel.media_note == ""
    assert sent.messages == []  # nothing is sent until a view asks

    _ask(panel, [photo.digest, voice.digest, "not-shown"])
    (reply,) = sent.messages
    assert reply["type"] == "media" and reply["size"] == "thumb"
    assert set(reply["urls"]) == {photo.digest, voice.digest}  # never media the strip lacks
    thumb = _image(reply["urls"][photo.digest])
    assert max(thumb.size) <= THUMB_PX and thumb.size == (THUMB_PX, 107)
    assert len(reply["urls"][photo.digest]) < 8_000
    assert reply["urls"][voice.digest].startswith("data:audio/wav;base64,")
    made = panel_media.PICTURES.made
    assert made == 2

    # Asked again (a second view of the page): the same pictures, not made again.
    _ask(panel, [photo.digest])
    assert sent.messages[-1]["urls"] == {photo.digest: reply["urls"][photo.digest]}
    assert panel_media.PICTURES.made == made
    # Clicked to enlarge: a larger picture, made once.
    _ask(panel, [photo.digest], "large")
    large = _image(sent.messages[-1]["urls"][photo.digest])
    assert sent.messages[-1]["size"] == "large" and max(large.size) == LARGE_PX
    panel.close()


async def test_the_strip_shows_twelve_and_counts_the_rest() -> None:
    pictures = [
        Media(mime_type="image/png", data=_png(20, 20 + i), source=f"p{i}.png") for i in range(15)
    ]
    pictures.append(pictures[0])  # the same payload twice shows once
    run = Router([looker], limits=Limits(max_iterations=5)).start("Look", media=pictures)
    await asyncio.wait_for(run, 10)
    panel = RunPanel.of_state(run.state, run.limits, elapsed_s=1.0)
    assert len(panel.media) == MAX_SHOWN
    assert panel.media_note == f"+{15 - MAX_SHOWN} more"
    assert [row["caption"] for row in panel.media] == [FINDING] * MAX_SHOWN
