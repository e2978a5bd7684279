"""Multi-modal synthesis: a question about several media asks each reader, and the answer
cites each medium by its source."""

from __future__ import annotations

import asyncio
import threading

import pytest

from notebook_router import Router
from notebook_router.agents.builtin import Documents
from notebook_router.errors import MediaReadError
from notebook_router.media import Media
from tests.agents.builtin.helpers import context_for, equipped
from tests.media_fixtures import colour_mp4, tone_wav
from tests.readers.make import chart_media, pdf_media


@pytest.fixture(scope="module")
def chart() -> Media:
    return chart_media("Out[2]")


@pytest.fixture(scope="module")
def note() -> Media:
    return Media(mime_type="audio/wav", data=tone_wav(), source="Out[3]")


async def test_a_question_about_a_chart_and_an_audio_note_asks_each_reader(
    chart: Media, note: Media
) -> None:
    question = "What do the chart in Out[2] and the audio note in Out[3] tell us?"
    result = await Router().start(question, media=[chart, note])
    assert [(t.agent, t.status) for t in result.tasks] == [
        ("images", "fulfilled"),
        ("audio", "fulfilled"),
    ]
    answer = " ".join(result.answer.split())
    assert "Out[2]: A line chart titled “Revenue by month”" in answer
    assert "The audio from Out[3] is 2.30 s long" in answer
    # Each finding names the medium it came from, as data and as a citation.
    for task_id, source in (("t1", "Out[2]"), ("t2", "Out[3]")):
        found = result.results[task_id]
        assert found.data["source"] == source and found.data["summary"]
        assert [c.source for c in found.citations] == [source]


@pytest.mark.parametrize(
    ("question", "order"),
    [
        ("What do the audio note in Out[3] and the chart in Out[2] tell us?", ["audio", "images"]),
        ("Describe the chart and transcribe the audio note", ["images", "audio"]),
    ],
)
async def test_each_reader_is_asked_in_the_order_the_question_names_its_medium(
    chart: Media, note: Media, question: str, order: list[str]
) -> None:
    result = await Router().start(question, media=[chart, note])
    assert [t.agent for t in result.tasks] == order
    answer = " ".join(result.answer.split())
    finding = {"audio": "The audio from Out[3]", "images": "Out[2]: A line chart"}
    places = [answer.index(finding[agent]) for agent in order]
    assert places == sorted(places)  # the answer follows the same order


async def test_a_question_naming_one_medium_asks_one_reader(chart: Media, note: Media) -> None:
    result = await Router().start("What does the chart in Out[2] show?", media=[chart, note])
    assert [t.agent for t in result.tasks] == ["images"]


async def test_a_summary_of_both_cites_each_medium_by_its_source(chart: Media, note: Media) -> None:
    result = await Router().start(
        "Describe the chart in Out[2] and the audio in Out[3], then summarise what they tell us",
        media=[chart, note],
    )
    tasks = {t.id: t for t in result.tasks}
    assert (tasks["t3"].agent, tasks["t3"].depends_on) == ("summarisation", ("t1", "t2"))
    cited = [c.source for c in result.results["t3"].citations]
    assert "t1 (images, Out[2])" in cited and "t2 (audio, Out[3])" in cited
    assert "Revenue by month" in (result.results["t3"].summary or "")


async def test_a_documents_finding_names_its_source() -> None:
    task, context = context_for("Summarise the report in 2 sentences", media=[pdf_media()])
    result = await equipped(Documents()).run(task, context)
    assert result.data["source"] == "report.pdf"
    assert result.data["summary"] == result.summary
    assert result.data["quotes"][0] == "“Revenue grew by 12 percent in the third quarter.” (page 1)"


# ------------------------------------------------- a slow read does not hold the loop

_READERS = [
    ("notebook_router.readers.bounded.read_in_process", "Summarise report.pdf", "pdf"),
    ("notebook_router.agents.builtin.images.read_image", "What does the image show?", "png"),
    ("notebook_router.readers.audio.read_audio", "How long is the audio in Out[3]?", "wav"),
    ("notebook_router.readers.video.read_video", "Describe the video", "mp4"),
]


@pytest.mark.parametrize(("reader", "request_", "kind"), _READERS, ids=[r[2] for r in _READERS])
async def test_stop_is_honoured_while_a_reader_is_still_reading(
    reader: str,
    request_: str,
    kind: str,
    chart: Media,
    note: Media,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The reader blocks until the test lets it go. Run on the event loop, it would
    # hold the loop (the panel, Stop) until its own 10 s timeout: run.stop() could
    # not even be delivered while it reads.
    started, release = threading.Event(), threading.Event()
    freed: list[bool] = []

    def slow(*args: object, **kwargs: object) -> object:
        started.set()
        freed.append(release.wait(10))
        raise MediaReadError("gave up")

    monkeypatch.setattr(reader, slow)
    media = {"pdf": pdf_media(), "png": chart, "wav": note, "mp4": _video()}[kind]
    run = Router().start(request_, media=[media])
    for _ in range(1000):  # until the reader runs (the loop turns meanwhile)
        if started.is_set():
            break
        await asyncio.sleep(0.01)
    assert started.is_set(), "the reader was never called"
    run.stop()
    result = await asyncio.wait_for(run, timeout=30)
    still_reading = not release.is_set() and not freed
    release.set()
    assert still_reading, "the run could only stop once the reader had finished"
    assert result.stop_reason == "stopped_by_user"


def _video() -> Media:
    return Media(mime_type="video/mp4", data=colour_mp4(), source="clip.mp4")
