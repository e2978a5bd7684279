"""Audio, video and narration in a real kernel, offline: what a user sees under the cells."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.media_fixtures import colour_mp4
from tests.notebook.kernel import Kernel

pytestmark = pytest.mark.kernel


def test_route_reports_the_duration_of_an_audio_output(builtins_kernel: Kernel) -> None:
    shown = builtins_kernel.execute(
        "import numpy as np\nfrom IPython.display import Audio\n"
        "Audio(np.sin(2 * np.pi * 440 * np.arange(16000) / 8000), rate=8000)"
    )
    assert shown.status == "ok", shown.errors()
    n = shown.reply["content"]["execution_count"]
    result = builtins_kernel.execute(f"%%route -o heard\nHow long is the audio in Out[{n}]?")
    assert result.status == "ok", result.errors()
    final = result.result()
    assert final is not None
    assert f"The audio from Out[{n}] is 2.00 s long (mono, 8000 Hz" in final["text/plain"]
    agents = builtins_kernel.execute("print([t.agent for t in heard.result().tasks])")
    assert agents.stdout.strip() == "['audio']"


def test_route_extracts_and_describes_the_frames_of_a_video(
    builtins_kernel: Kernel, tmp_path: Path
) -> None:
    clip = tmp_path / "clip.mp4"
    clip.write_bytes(colour_mp4())
    result = builtins_kernel.execute(f"%%route\nDescribe the video {clip}")
    assert result.status == "ok", result.errors()
    final = result.result()
    assert final is not None
    text = final["text/plain"]
    assert "3.00 s long, 64×48 at 10 fps" in text
    assert "mostly red" in text and "mostly green" in text and "mostly blue" in text
    # The annotated frames are shown with the run, captioned with their time.
    assert final["text/html"].count('<img src="data:image/png;base64,') >= 6
    assert f"annotated key frame of {clip} at 0.00 s" in final["text/html"]


def _on_screen(messages: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """The outputs a front end shows after ``messages``, as (display id, data): an update
    replaces the data of every output with its display id, as JupyterLab does."""
    shown: list[tuple[str, dict[str, Any]]] = []
    for m in messages:
        kind = m["msg_type"]
        display_id = str(m["content"].get("transient", {}).get("display_id", ""))
        if kind in ("display_data", "execute_result"):
            shown.append((display_id, m["content"]["data"]))
        elif kind == "update_display_data" and display_id:
            shown = [(d, m["content"]["data"] if d == display_id else data) for d, data in shown]
    return shown


def _players(messages: list[dict[str, Any]]) -> list[str]:
    """The HTML of every output on screen that shows an audio player."""
    return [
        html
        for _, data in _on_screen(messages)
        if "<audio" in (html := str(data.get("text/html", "")))
    ]


def test_a_narration_plays_once_in_the_cells_result(builtins_kernel: Kernel) -> None:
    result = builtins_kernel.execute(
        "%%route\nRead this paragraph aloud: Revenue rose in every quarter of the year."
    )
    assert result.status == "ok", result.errors()
    # One player, in Out[n] (the static view, what a saved notebook keeps): the live
    # view under the cell ends empty, and nothing else repeats the audio.
    players = _players(result.outputs)
    assert len(players) == 1 and players[0].count("<audio ") == 1
    final = result.result()
    assert final is not None and final["text/html"] == players[0]
    assert '<audio controls="controls" src="data:audio/wav;base64,UklGR' in players[0]
    assert "narration of “Revenue rose" in players[0]
    assert "(espeak-ng)" in final["text/plain"]


def test_a_background_narration_plays_once_where_its_view_ends(builtins_kernel: Kernel) -> None:
    started = builtins_kernel.execute(
        "%%route --background -o spoken\nRead this aloud: Costs fell in the spring."
    )
    assert started.status == "ok", started.errors()
    waited = builtins_kernel.execute("_ = await spoken")
    assert waited.status == "ok", waited.errors()
    messages = [*started.outputs, *waited.outputs, *builtins_kernel.backlog]
    players = _players(messages)
    assert len(players) == 1 and players[0].count("<audio ") == 1
    assert "narration of “Costs fell" in players[0]
    # The run's own view ended as the static view, with the player in it. A run that
    # ends between cells sends that view again with the next cell (so nbclient keeps
    # it); the front end redraws the same output, so it still plays once.
    ours = [data for d, data in _on_screen(messages) if d.startswith("notebook-router-")]
    assert len(ours) == 1 and "<audio" in str(ours[0].get("text/html", ""))


def test_one_question_about_a_chart_and_an_audio_output_cites_both(builtins_kernel: Kernel) -> None:
    drawn = builtins_kernel.execute(
        "import matplotlib.pyplot as plt\n"
        "fig, ax = plt.subplots()\n"
        "ax.plot(range(1, 13), [10 + 3 * m for m in range(1, 13)])\n"
        "ax.set_title('Revenue by month'); ax.set_xlabel('month'); ax.set_ylabel('revenue')\n"
        "plt.close(fig)\n"
        "fig"
    )
    assert drawn.status == "ok", drawn.errors()
    played = builtins_kernel.execute(
        "import numpy as np\nfrom IPython.display import Audio\n"
        "Audio(np.sin(2 * np.pi * 440 * np.arange(12000) / 8000), rate=8000)"
    )
    assert played.status == "ok", played.errors()
    chart, sound = (e.reply["content"]["execution_count"] for e in (drawn, played))
    result = builtins_kernel.execute(
        f"%%route -o both\nWhat do the chart in Out[{chart}] and the audio note in "
        f"Out[{sound}] tell us?"
    )
    assert result.status == "ok", result.errors()
    final = result.result()
    assert final is not None
    answer = " ".join(final["text/plain"].split())
    assert f"Out[{chart}]: A line chart titled “Revenue by month”" in answer
    assert f"The audio from Out[{sound}] is 1.50 s long" in answer
    agents = builtins_kernel.execute("print([t.agent for t in both.result().tasks])")
    assert agents.stdout.strip() == "['images', 'audio']"
