"""Audio, video and narration in a real kernel, offline: what a user sees under the cells."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.media_fixtures import colour_mp4
from tests.notebook.kernel import Kernel

pytestmark = pytest.mark.kernel


@pytest.fixture(scope="module")
def kernel() -> Iterator[Kernel]:
    """A kernel with the extension and no agents of the user's: the built-ins answer."""
    k = Kernel()
    try:
        loaded = k.execute("%load_ext notebook_router")
        assert loaded.status == "ok", loaded.errors()
        yield k
    finally:
        k.shutdown()


def test_route_reports_the_duration_of_an_audio_output(kernel: Kernel) -> None:
    shown = kernel.execute(
        "import numpy as np\nfrom IPython.display import Audio\n"
        "Audio(np.sin(2 * np.pi * 440 * np.arange(16000) / 8000), rate=8000)"
    )
    assert shown.status == "ok", shown.errors()
    n = shown.reply["content"]["execution_count"]
    result = kernel.execute(f"%%route -o heard\nHow long is the audio in Out[{n}]?")
    assert result.status == "ok", result.errors()
    final = result.result()
    assert final is not None
    assert f"The audio from Out[{n}] is 2.00 s long (mono, 8000 Hz" in final["text/plain"]
    agents = kernel.execute("print([t.agent for t in heard.result().tasks])")
    assert agents.stdout.strip() == "['audio']"


def test_route_extracts_and_describes_the_frames_of_a_video(kernel: Kernel, tmp_path: Path) -> None:
    clip = tmp_path / "clip.mp4"
    clip.write_bytes(colour_mp4())
    result = kernel.execute(f"%%route\nDescribe the video {clip}")
    assert result.status == "ok", result.errors()
    final = result.result()
    assert final is not None
    text = final["text/plain"]
    assert "3.00 s long, 64×48 at 10 fps" in text
    assert "mostly red" in text and "mostly green" in text and "mostly blue" in text
    # The annotated frames are shown with the run, captioned with their time.
    assert final["text/html"].count('<img src="data:image/png;base64,') >= 6
    assert f"annotated key frame of {clip} at 0.00 s" in final["text/html"]


def test_a_narration_plays_under_the_cell_as_an_audio_player(kernel: Kernel) -> None:
    result = kernel.execute(
        "%%route\nRead this paragraph aloud: Revenue rose in every quarter of the year."
    )
    assert result.status == "ok", result.errors()
    players = [
        m["content"]["data"]
        for m in result.outputs
        if m["msg_type"] == "display_data" and "<audio" in m["content"]["data"].get("text/html", "")
    ]
    assert len(players) == 1
    assert (
        '<audio controls="controls"><source src="data:audio/wav;base64,UklGR'
        in (players[0]["text/html"])
    )
    assert players[0]["text/plain"].startswith("<audio: narration of “Revenue rose")
    final = result.result()
    assert final is not None and "(espeak-ng)" in final["text/plain"]
