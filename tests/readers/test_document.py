"""Reading documents: a PDF's pages and metadata, Word headings and tables, HTML, Markdown."""

from __future__ import annotations

from typing import Any

import pytest

from notebook_router.errors import MediaReadError
from notebook_router.media import Media
from notebook_router.readers.document import read_document
from notebook_router.readers.files import DOCUMENT_TYPES
from tests.readers.make import docx_bytes, pdf_media


def test_a_pdf_is_read_page_by_page_with_its_title_and_author() -> None:
    facts = read_document(pdf_media())
    assert (facts.kind, facts.title, facts.author, facts.pages) == (
        "PDF",
        "Quarterly report",
        "Ada Lovelace",
        2,
    )
    assert [p.where for p in facts.parts] == ["page 1", "page 2"]
    assert "Revenue grew by 12 percent" in facts.parts[0].text
    assert "margin improved to 18 percent" in facts.parts[1].text
    assert facts.summary().startswith("PDF “Quarterly report” by Ada Lovelace, 2 pages")


def test_a_word_document_keeps_its_headings_sections_and_tables() -> None:
    media = Media(mime_type=DOCUMENT_TYPES[".docx"], data=docx_bytes(), source="notes.docx")
    facts = read_document(media)
    assert facts.title == "Field notes" and facts.author == "Grace Hopper"
    assert [(h.level, h.text) for h in facts.headings] == [(1, "Field notes"), (2, "Findings")]
    findings = next(p for p in facts.parts if p.where == "section “Findings”")
    assert "Bird counts doubled" in findings.text
    assert facts.tables[0].rows == [["site", "birds"], ["river", "42"]]
    assert facts.tables[0].where == "section “Findings”"


def test_html_is_parsed_not_scraped_scripts_dropped_tables_kept() -> None:
    page = (
        "<html><head><title>Trip</title><script>var x = 'hidden';</script></head><body>"
        "<h1>Plan</h1><p>We leave on <b>Monday</b> at nine.</p>"
        "<table><tr><th>day</th><th>city</th></tr><tr><td>Mon</td><td>Lyon</td></tr></table>"
        "</body></html>"
    )
    facts = read_document(Media(mime_type="text/html", data=page, source="trip.html"))
    assert facts.title == "Trip" and "hidden" not in facts.text
    assert "We leave on Monday at nine." in facts.text
    assert facts.tables[0].rows == [["day", "city"], ["Mon", "Lyon"]]


def test_markdown_headings_become_sections() -> None:
    text = "# Notes\nIntro line.\n\n## Costs\nCosts fell 5%.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    facts = read_document(Media(mime_type="text/markdown", data=text, source="n.md"))
    assert [h.text for h in facts.headings] == ["Notes", "Costs"]
    assert any(p.where == "section “Costs”" and "Costs fell 5%" in p.text for p in facts.parts)
    assert facts.tables[0].rows == [["a", "b"], ["1", "2"]]


def test_what_is_not_a_document_says_what_to_give() -> None:
    with pytest.raises(MediaReadError, match="Give a PDF"):
        read_document(Media(mime_type="image/png", data=b"x", source="a.png"))
    with pytest.raises(MediaReadError, match=r"Could not read broken\.pdf"):
        read_document(
            Media(mime_type="application/pdf", data=b"%PDF-1.4 nonsense", source="broken.pdf")
        )


def test_a_long_pdf_is_searched_for_tables_on_its_first_pages_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import pdfplumber

    from notebook_router.readers import document

    searched: list[int] = []
    extract = pdfplumber.page.Page.extract_tables

    def counted(page: pdfplumber.page.Page, *args: Any, **kwargs: Any) -> Any:
        searched.append(page.page_number)
        return extract(page, *args, **kwargs)

    monkeypatch.setattr(pdfplumber.page.Page, "extract_tables", counted)
    monkeypatch.setattr(document, "TABLE_PAGES", 1)
    facts = read_document(pdf_media())
    assert searched == [1] and facts.pages == 2 and facts.parts[1].text  # all text still read
    assert "tables searched on pages 1–1 of 2 only" in " ".join(facts.notes)
