"""Pointing at outputs in words, in a real kernel, offline: however a request names an
audio clip or a chart shown above ("the audio clip above", "the recording", "Out[2]",
"it"), the agent that reads that medium answers about that output."""

from __future__ import annotations

import pytest

from tests.notebook.kernel import Kernel

pytestmark = pytest.mark.kernel

# 2 s at 8 kHz: a 440 Hz tone with 0.5 s of silence in the middle (0.75 to 1.25 s; the
# reader, in 20 ms frames, hears 0.76 to 1.24 s).
GAPPED = (
    "import numpy as np\nfrom IPython.display import Audio, display\n"
    "tone = np.sin(2 * np.pi * 440 * np.arange(16000) / 8000)\n"
    "tone[6000:10000] = 0\n"
    "Audio(tone, rate=8000)"
)
SHORT = (
    "import numpy as np\nfrom IPython.display import Audio\n"
    "Audio(np.sin(2 * np.pi * 440 * np.arange(8000) / 8000), rate=8000)"
)
CHART = """
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.plot(range(1, 13), [10 + 3 * m for m in range(1, 13)], label="North")
ax.set_title("Revenue by month")
ax.set_xlabel("month")
ax.set_ylabel("revenue")
ax.legend();
"""


def _shown(kernel: Kernel, code: str) -> int:
    """Run a cell that shows something; its execution count."""
    shown = kernel.execute(code)
    assert shown.status == "ok", shown.errors()
    return int(shown.reply["content"]["execution_count"])


def _ask(kernel: Kernel, request: str) -> tuple[str, list[str]]:
    """The answer a ``%%route`` cell gives to ``request``, and the agents its tasks went to."""
    result = kernel.execute(f"%%route -o asked\n{request}")
    assert result.status == "ok", (result.errors(), result.stderr)
    final = result.result()
    assert final is not None
    agents = kernel.execute("print(*[t.agent for t in asked.result().tasks], sep=',')")
    return " ".join(str(final["text/plain"]).split()), [
        a for a in agents.stdout.strip().split(",") if a
    ]


def test_every_way_of_asking_how_long_an_audio_output_is_goes_to_the_audio_agent(
    builtins_kernel: Kernel,
) -> None:
    n = _shown(builtins_kernel, GAPPED)
    for request in (
        f"How long is the audio in Out[{n}]?",
        "How long is the audio clip above?",
        f"What is the duration of Out[{n}]?",
        "How many seconds does the recording above last?",
    ):
        answer, agents = _ask(builtins_kernel, request)
        assert agents == ["audio"], request
        assert f"The audio from Out[{n}] is 2.00 s long (mono, 8000 Hz" in answer, request


def test_is_there_silence_in_it_hears_the_audio_shown_last(builtins_kernel: Kernel) -> None:
    n = _shown(builtins_kernel, GAPPED)
    answer, agents = _ask(builtins_kernel, "Is there silence in it?")
    assert agents == ["audio"]
    assert f"The audio from Out[{n}] is 2.00 s long" in answer
    assert "silence at 0.76–1.24 s" in answer


def test_a_chart_above_is_read_by_the_images_agent_by_its_title_and_its_trend(
    builtins_kernel: Kernel,
) -> None:
    n = _shown(builtins_kernel, CHART)
    answer, agents = _ask(builtins_kernel, "What's the title of the chart above?")
    assert agents == ["images"]
    assert f"the output of cell {n}: A line chart titled “Revenue by month”" in answer
    answer, agents = _ask(builtins_kernel, "Describe the image")
    assert agents == ["images"]
    assert "A line chart titled “Revenue by month” with x axis “month” (1 to 12)" in answer
    answer, agents = _ask(builtins_kernel, "What is the trend in it?")
    assert agents == ["images"]
    assert f"the output of cell {n}: Trend: North rises from 13 to 46 (month 1 to 12)." in answer


def test_it_is_the_output_the_conversation_is_about_and_its_kind_decides(
    builtins_kernel: Kernel,
) -> None:
    gapped = _shown(builtins_kernel, GAPPED)
    short = _shown(builtins_kernel, SHORT)
    # The ordinal counts back among the audio outputs: the 2 s clip, not the newest.
    answer, agents = _ask(builtins_kernel, "How long is the second to last audio clip?")
    assert agents == ["audio"]
    assert f"The audio from Out[{gapped}] is 2.00 s long" in answer
    # A follow-up: "it" is the clip just asked about, though a newer one was shown.
    answer, agents = _ask(builtins_kernel, "Is there silence in it?")
    assert agents == ["audio"]
    assert f"The audio from Out[{gapped}] is 2.00 s long" in answer
    assert "silence at 0.76–1.24 s" in answer
    # A chart drawn since: "it" is no follow-up any more, and silence is audio's, so the
    # newest audio (not the chart) is heard.
    _shown(builtins_kernel, CHART)
    answer, agents = _ask(builtins_kernel, "Is there silence in it?")
    assert agents == ["audio"]
    assert f"The audio from Out[{short}] is 1.00 s long" in answer


def test_an_it_that_may_mean_two_outputs_is_asked_about(builtins_kernel: Kernel) -> None:
    n = _shown(builtins_kernel, "display(Audio(np.sin(np.arange(8000)), rate=8000))\nfig")
    answer, agents = _ask(builtins_kernel, "Describe it")
    assert agents == []
    assert (
        f"Which output do you mean by “it”: the output of cell {n} (audio (audio/wav, "
        f"15.7 KB) from an IPython Audio output) or Out[{n}] (figure: Revenue by month"
    ) in answer
    # Words about one kind's properties tell them apart: no question.
    answer, agents = _ask(builtins_kernel, "What is the trend in it?")
    assert agents == ["images"]
    assert f"Out[{n}]: Trend: North rises from 13 to 46 (month 1 to 12)." in answer
