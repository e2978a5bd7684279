"""The documents agent: a PDF or Word file summarised in its own words, with page numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from notebook_router import Router
from notebook_router.agents.builtin import Documents
from notebook_router.agents.builtin.annotations import ANNOTATION
from notebook_router.media import Media
from notebook_router.readers.files import DOCUMENT_TYPES
from tests.agents.builtin.helpers import context_for, equipped, model_replying, prompt_of
from tests.readers.make import docx_bytes, pdf_media, write_pdf


async def test_offline_a_pdf_is_summarised_quoting_its_sentences_with_their_pages() -> None:
    pdf = pdf_media()
    task, context = context_for("Summarise the report in 2 sentences", media=[pdf])
    result = await equipped(Documents()).run(task, context)
    assert result.status == "fulfilled"
    assert result.summary == (
        "report.pdf (PDF “Quarterly report” by Ada Lovelace, 2 pages, 37 words). Summary: "
        "“Revenue grew by 12 percent in the third quarter.” (page 1) "
        "“Therefore the margin improved to 18 percent.” (page 2)"
    )
    assert [c.source for c in result.citations] == ["report.pdf, page 1", "report.pdf, page 2"]
    # What it found is kept with the PDF itself (same bytes, same digest).
    (kept,) = result.media
    assert kept.digest == pdf.digest and kept.description.startswith("report.pdf (PDF")
    assert kept.metadata[ANNOTATION]["agent"] == "documents"
    assert kept.metadata[ANNOTATION]["facts"]["pages"] == 2


async def test_offline_a_question_is_answered_with_the_documents_own_words() -> None:
    task, context = context_for("What does report.pdf say about the margin?", media=[pdf_media()])
    result = await equipped(Documents()).run(task, context)
    assert "What it says about that: “Therefore the margin improved to 18 percent.” (page 2)" in (
        result.summary or ""
    )
    assert "office plants" not in (result.summary or "")


async def test_a_word_file_named_in_the_task_is_read_from_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "notes.docx").write_bytes(docx_bytes())
    monkeypatch.chdir(tmp_path)
    task, context = context_for("Summarise notes.docx in 1 sentence")
    result = await equipped(Documents()).run(task, context)
    assert "Summary: “Therefore the site is kept.” (section “Findings”)" in (result.summary or "")
    assert "Tables: one on section “Findings” (columns site | birds)" in (result.summary or "")
    assert result.media[0].mime_type == DOCUMENT_TYPES[".docx"]


async def test_without_a_document_it_says_how_to_give_one() -> None:
    task, context = context_for("Summarise the annual report")
    result = await equipped(Documents()).run(task, context)
    assert result.status == "unable" and "summarise data/report.pdf" in (result.error or "")


async def test_with_a_model_it_answers_over_the_text_and_drops_quotes_not_in_the_document() -> None:
    model = model_replying(
        {
            "answer": "Revenue rose and the margin improved.",
            "quotes": [
                {"text": "Therefore the margin improved to 18 percent.", "where": "page 2"},
                {"text": "Profits tripled.", "where": "page 9"},
            ],
            "confidence": 0.9,
        }
    )
    task, context = context_for("Summarise report.pdf", model=model, media=[pdf_media()])
    result = await equipped(Documents()).run(task, context)
    prompt = prompt_of(model.requests[0])
    assert model.requests[0].purpose == "agent.documents"
    assert "[page 1] Revenue grew by 12 percent" in prompt
    assert result.summary == (
        "Revenue rose and the margin improved.\n\n"
        "Quoted: “Therefore the margin improved to 18 percent.” (page 2)"
    )
    assert [c.text for c in result.citations] == ["Therefore the margin improved to 18 percent."]


async def test_a_pdf_on_disk_named_in_a_request_reaches_the_documents_agent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_pdf(tmp_path / "data")
    monkeypatch.chdir(tmp_path)
    result = await Router().start("Summarise data/report.pdf", fresh=True)
    assert [(t.agent, t.status) for t in result.tasks] == [("documents", "fulfilled")]
    assert "“Revenue grew by 12 percent in the third quarter.” (page 1)" in result.answer
    assert "(page 2)" in result.answer


def test_the_rule_planner_sends_document_requests_to_it() -> None:
    from notebook_router.agents.card import AgentCard
    from notebook_router.agents.matcher import AgentMatcher

    cards = [
        AgentCard(
            name=a.name,
            description=a.description,
            capabilities=tuple((c.topic, c.confidence) for c in a.capabilities),
            builtin=True,
        )
        for a in Router().agents
    ]
    matcher = AgentMatcher(cards)
    assert matcher.best("summarise report.pdf") == "documents"
    assert matcher.best("what does the PDF say about costs?") == "documents"
    assert matcher.best("Summarise the causes of the French revolution") == "summarisation"


def test_html_outputs_are_documents_only_when_nothing_else_is_there() -> None:
    from notebook_router.agents.builtin.documents import documents_for

    table = Media(mime_type="text/html", data="<table><tr><td>1</td></tr></table>", source="Out[2]")
    pdf = pdf_media()
    assert documents_for("Summarise report.pdf", [table, pdf]) == [pdf]
    assert documents_for("Summarise the page above", [table]) == [table]


async def test_a_pdf_turned_into_text_comes_back_whole_as_markdown_by_page() -> None:
    task, context = context_for("Convert the report to text", media=[pdf_media()])
    result = await equipped(Documents()).run(task, context)
    assert result.status == "fulfilled"
    (text,) = [m for m in result.media if m.mime_type == "text/markdown"]
    assert text.source == "report.pdf as text"
    assert isinstance(text.data, str)
    assert text.data.startswith("# Quarterly report\n\n## page 1\n\nRevenue grew by 12 percent")
    assert "## page 2\n\nCosts fell slightly over the year." in text.data
    assert "The office plants were watered on Tuesdays." in text.data  # whole, not a summary
    assert (result.summary or "").startswith("report.pdf (PDF “Quarterly report” by Ada Lovelace")
    assert result.data["text"] == text.data


async def test_a_word_file_extracted_as_text_keeps_its_table_as_a_table() -> None:
    word = Media(mime_type=DOCUMENT_TYPES[".docx"], data=docx_bytes(), source="notes.docx")
    task, context = context_for("extract the full text of notes.docx", media=[word])
    result = await equipped(Documents()).run(task, context)
    (text,) = [m for m in result.media if m.mime_type == "text/markdown"]
    assert isinstance(text.data, str) and "| site | birds |\n|---|---|\n| river | 42 |" in text.data


async def test_asking_for_the_gist_of_the_text_gets_a_summary_not_the_whole_text() -> None:
    task, context = context_for("give me the text summary of the report", media=[pdf_media()])
    result = await equipped(Documents()).run(task, context)
    assert not [m for m in result.media if m.mime_type == "text/markdown"]
    assert "Summary:" in (result.summary or "")
