"""Reading a document costs a bounded amount: inflated bytes, time, memory; Stop ends it.

The hostile PDFs are written byte by byte here (tests/readers/make.py): a few
kilobytes of deflate stream that inflate to megabytes of page content, which
the PDF libraries used to parse for tens of seconds in a thread nothing could
stop. Each document is now read in a process of its own, measured first and
killed at its limits or at Stop.
"""

from __future__ import annotations

import asyncio
import io
import os
import time
import zipfile
from pathlib import Path

import pytest

from notebook_router import Router
from notebook_router.errors import MediaReadError
from notebook_router.media import Media
from notebook_router.readers.bounded import DocumentLimits, read_bounded
from notebook_router.readers.document import DOCX, PDF
from tests.readers.make import bomb_content, busy_content, docx_bytes, pdf_bytes, raw_pdf


def _pdf(data: bytes, source: str = "report.pdf") -> Media:
    return Media(mime_type=PDF, data=data, source=source)


def _children() -> set[int]:
    """The processes this one started that are still there (Linux: /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        text = (task / "children").read_text().split()
        found |= {int(pid) for pid in text}
    return found


async def _appears(before: set[int]) -> set[int]:
    deadline = time.monotonic() + 20
    while not (new := _children() - before):
        assert time.monotonic() < deadline, "no reading process was started"
        await asyncio.sleep(0.02)
    return new


async def _gone(pids: set[int]) -> None:
    deadline = time.monotonic() + 5
    while pids & _children():
        assert time.monotonic() < deadline, "the reading process outlived its reading"
        await asyncio.sleep(0.02)


@pytest.mark.parametrize("inflated", [2_500_000, 9_000_000])
async def test_a_few_kilobytes_that_inflate_like_a_bomb_are_refused_unparsed(
    inflated: int,
) -> None:
    bomb = raw_pdf(bomb_content(inflated))
    assert len(bomb) < 20_000  # the 5 KB and 18 KB files of the report
    with pytest.raises(MediaReadError, match=r"report\.pdf is a decompression bomb"):
        await read_bounded(_pdf(bomb))


async def test_a_word_file_whose_xml_inflates_like_a_bomb_is_refused_unparsed() -> None:
    real = zipfile.ZipFile(io.BytesIO(docx_bytes()))
    padded = io.BytesIO()
    with zipfile.ZipFile(padded, "w", zipfile.ZIP_DEFLATED) as bomb:
        for info in real.infolist():
            data = real.read(info)
            if info.filename == "word/document.xml":  # 20 MB of blanks inside the body
                data = data.replace(b"<w:body>", b"<w:body>" + b" " * 20_000_000, 1)
            bomb.writestr(info.filename, data)
    media = Media(mime_type=DOCX, data=padded.getvalue(), source="notes.docx")
    assert media.size < 100_000
    with pytest.raises(MediaReadError, match=r"notes\.docx is a decompression bomb"):
        await read_bounded(media)


async def test_page_content_over_the_budget_is_refused_before_it_is_parsed() -> None:
    dense = raw_pdf(busy_content(300_000))  # inflates 3 times over, like a real page
    with pytest.raises(MediaReadError, match=r"inflates to more than 0.1 MB of page content"):
        await read_bounded(_pdf(dense), DocumentLimits(inflated_bytes=100_000))


async def test_a_document_slower_than_its_time_is_stopped_and_says_so() -> None:
    slow = raw_pdf(busy_content(1_500_000))  # passes every check; takes seconds to parse
    before = _children()
    with pytest.raises(MediaReadError, match=r"took longer than 0\.5 s to read"):
        await read_bounded(_pdf(slow), DocumentLimits(seconds=0.5))
    await _gone(_children() - before)


async def test_a_document_needing_more_memory_than_it_may_have_is_cut_short_and_says_so() -> None:
    dense = raw_pdf(busy_content(800_000))  # its tables pass needs ~0.3 GB
    facts = await read_bounded(_pdf(dense), DocumentLimits(memory_bytes=200_000_000))
    assert "tables not read: they needed more memory than one document may take" in facts.notes


async def test_cancelling_the_reading_ends_its_process_at_once() -> None:
    slow = raw_pdf(busy_content(1_500_000))
    before = _children()
    reading = asyncio.ensure_future(read_bounded(_pdf(slow), DocumentLimits(seconds=120)))
    started = await _appears(before)
    reading.cancel()
    with pytest.raises(asyncio.CancelledError):
        await reading
    await _gone(started)


async def test_a_real_pdf_is_read_as_before() -> None:
    facts = await read_bounded(_pdf(pdf_bytes()))
    assert facts.title == "Quarterly report" and facts.pages == 2
    assert "Revenue grew by 12 percent" in facts.parts[0].text


async def test_stop_reaches_a_document_being_read_in_a_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dense.pdf").write_bytes(raw_pdf(busy_content(1_500_000)))
    before = _children()
    run = Router().start("Summarise dense.pdf")
    reading = await _appears(before)
    run.stop()
    result = await asyncio.wait_for(run, timeout=10)
    await _gone(reading)
    assert result.stop_reason == "stopped_by_user"


async def test_a_bomb_in_a_run_is_named_and_the_other_document_is_still_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bomb.pdf").write_bytes(raw_pdf(bomb_content(2_500_000)))
    (tmp_path / "report.pdf").write_bytes(pdf_bytes())
    result = await Router().run("Summarise bomb.pdf and report.pdf")
    said = f"{result.answer} {[t.error for t in result.tasks]}"
    assert "bomb.pdf is a decompression bomb" in said
    assert "Revenue grew by 12 percent" in result.answer
