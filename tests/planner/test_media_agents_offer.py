"""Agents that read media are offered to the planner only in runs that hold some.

Without a document, "summarise the causes of the revolution" is the team's job,
however well the document reader's words match it; with a PDF attached, the
same words go to the reader. Offline (the rule planner), through the Router.
"""

from __future__ import annotations

from notebook_router import Router
from notebook_router.media import Media
from tests.readers.make import pdf_media


async def _agents(goal: str, media: list[Media] | None = None) -> list[str]:
    result = await Router().run(goal, media=media or [])
    return [task.agent for task in result.tasks]


async def test_without_a_document_a_summary_is_not_the_document_readers_job() -> None:
    agents = await _agents("Summarise the causes of the French revolution")
    assert agents and "documents" not in agents


async def test_with_a_pdf_attached_the_same_words_go_to_the_document_reader() -> None:
    agents = await _agents("Summarise the report", [pdf_media()])
    assert agents == ["documents"]


async def test_without_an_image_a_chart_request_is_not_the_image_readers_job() -> None:
    assert "images" not in await _agents("plot revenue by month")
