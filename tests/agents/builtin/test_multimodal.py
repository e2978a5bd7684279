"""Multi-modal synthesis: a question about several media asks each reader, and the answer
cites each medium by its source."""

from __future__ import annotations

import pytest

from notebook_router import Router
from notebook_router.agents.builtin import Documents
from notebook_router.media import Media
from notebook_router.readers.figure import read_figure
from tests.agents.builtin.helpers import context_for
from tests.media_fixtures import tone_wav
from tests.readers.make import line_chart, pdf_media, png_of


@pytest.fixture(scope="module")
def chart() -> Media:
    figure = line_chart()
    return Media(
        mime_type="image/png",
        data=png_of(figure),
        source="Out[2]",
        metadata={"figure": read_figure(figure).model_dump(mode="json")},
    )


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
    result = await Documents().run(task, context)
    assert result.data["source"] == "report.pdf"
    assert result.data["summary"] == result.summary
    assert result.data["quotes"][0] == "“Revenue grew by 12 percent in the third quarter.” (page 1)"
