"""IPython Audio outputs are recovered as audio, never sent as HTML; run audio plays under the cell."""

from __future__ import annotations

import base64
import io
from collections.abc import Iterator

import numpy as np
import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.display import Audio
from IPython.utils.capture import capture_output
from PIL import Image

from notebook_router.notebook.outputs import CellOutput
from notebook_router.readers.audio import read_audio
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.servers import LoopbackServer, openai_completion


def _tone(seconds: float, rate: int = 8000) -> np.ndarray:
    return np.sin(2 * np.pi * 440 * np.arange(int(rate * seconds)) / rate)


def _output(obj: object) -> CellOutput:
    data = obj._repr_html_()  # type: ignore[attr-defined]
    return CellOutput(3, None, {"text/plain": repr(obj), "text/html": data}, "result")


def test_an_audio_output_becomes_its_sound_not_its_html() -> None:
    player = Audio(_tone(1.5), rate=8000)  # type: ignore[no-untyped-call]
    media = _output(player).to_media("Out[3]")
    assert media is not None
    assert (media.mime_type, media.source) == ("audio/wav", "Out[3]")
    assert media.raw == player.data  # the WAV bytes the player embeds
    assert media.description.startswith("audio (audio/wav, 23.")
    assert media.metadata["recovered_from"] == "text/html"
    assert read_audio(media).duration_s == 1.5


def test_an_audio_player_of_a_url_is_named_not_pasted() -> None:
    player = Audio(url="https://example.org/talk.wav")  # type: ignore[no-untyped-call]
    media = _output(player).to_media("Out[4]")
    assert media is not None and media.mime_type == "text/plain"
    assert media.data == (
        "an audio player at https://example.org/talk.wav (the sound is not embedded in the "
        "notebook, so it cannot be sent)"
    )


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    s = LoopbackServer()
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def shell(monkeypatch: pytest.MonkeyPatch, server: LoopbackServer) -> Iterator[InteractiveShell]:
    monkeypatch.setenv("NOTEBOOK_ROUTER_STORE", "off")
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_OPENAI_KEY)
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
    ip = InteractiveShell.instance()
    ip.run_line_magic("load_ext", "notebook_router")
    try:
        yield ip
    finally:
        ip.run_line_magic("unload_ext", "notebook_router")
        InteractiveShell.clear_instance()


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 30, 30)).save(out, format="PNG")
    return out.getvalue()


def test_a_route_sends_an_audio_output_as_audio_and_an_image_as_an_image(
    shell: InteractiveShell, server: LoopbackServer
) -> None:
    server.reply(200, openai_completion('{"action": "complete", "reason": "seen"}'))
    shell.user_ns["png"] = _png()
    audio = shell.run_cell(  # type: ignore[no-untyped-call]
        "import numpy as np\nfrom IPython.display import Audio, Image\n"
        "Audio(np.sin(np.arange(8000) / 3), rate=8000)",
        store_history=True,
    )
    image = shell.run_cell("Image(png)", store_history=True)  # type: ignore[no-untyped-call]
    cell = (
        f"%%route --model openai:gpt-4o-mini --max-iterations 2\n"
        f"Compare Out[{audio.execution_count}] with Out[{image.execution_count}]"
    )
    with capture_output():
        done = shell.run_cell(cell)  # type: ignore[no-untyped-call]
    assert done.error_in_exec is None, done.error_in_exec
    first = server.requests[0].body["messages"]
    parts = [p for m in first if isinstance(m["content"], list) for p in m["content"]]
    kinds = [p["type"] for p in parts]
    assert "input_audio" in kinds and "image_url" in kinds
    sound = next(p["input_audio"] for p in parts if p["type"] == "input_audio")
    assert sound["format"] == "wav"
    assert base64.b64decode(sound["data"])[:4] == b"RIFF"
    image_url = next(p["image_url"]["url"] for p in parts if p["type"] == "image_url")
    assert image_url == "data:image/png;base64," + base64.b64encode(_png()).decode()
    # No part carries the player's HTML (kilobytes of base64 as text).
    assert not any("<audio" in p.get("text", "") for p in parts)
