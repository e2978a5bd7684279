"""Documents as text with structure: PDF, Word, HTML, Markdown and plain text.

``read_document(media)`` gives a :class:`DocumentFacts`: the document's text
in parts a reader can cite (a PDF's pages, the sections under a Word, HTML or
Markdown heading), its headings, its tables and its metadata. Each format is
read by a real library: pypdf for a PDF's text and metadata, pdfplumber for
its tables, python-docx for Word, BeautifulSoup for HTML. Each is imported
when a document of its kind is read.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field

from notebook_router.errors import MediaReadError
from notebook_router.media import Media
from notebook_router.readers.extra import missing, require
from notebook_router.readers.files import DOCUMENT_TYPES

PDF = "application/pdf"
DOCX = DOCUMENT_TYPES[".docx"]
MAX_TABLES = 20
"""Tables kept per document (a report's first ones; the rest are counted in a note)."""
TABLE_PAGES = 30
"""Pages of a PDF searched for tables. pdfplumber's table pass costs about 90 ms a page
(a 200-page report: 18 s), far more than its text; a report's tables are rarely all late."""

_MD_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_MD_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


class Heading(BaseModel):
    """A heading of the document, with its level (1 is the top) and where it is."""

    level: int
    text: str
    where: str = ""


class Table(BaseModel):
    """A table found in the document: its rows of cells, and where it is."""

    where: str
    rows: list[list[str]]

    def as_text(self, max_rows: int = 6) -> str:
        """The first rows, cells separated by `` | ``."""
        lines = [" | ".join(row) for row in self.rows[:max_rows]]
        more = len(self.rows) - max_rows
        return "\n".join(lines + ([f"… {more} more rows"] if more > 0 else []))


class Part(BaseModel):
    """A piece of the document's text one can point at: "page 2", "section “Results”"."""

    where: str
    text: str


class DocumentFacts(BaseModel):
    """What a document holds, as read by its format's library."""

    kind: str
    """"PDF", "Word document", "HTML page", "Markdown document" or "text"."""
    source: str = ""
    title: str = ""
    author: str = ""
    pages: int | None = None
    """Number of pages (PDF only)."""
    parts: list[Part] = Field(default_factory=list)
    headings: list[Heading] = Field(default_factory=list)
    tables: list[Table] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    """What could not be read, and why (e.g. tables skipped, pages without text)."""

    @property
    def text(self) -> str:
        """All the document's text, parts separated by blank lines."""
        return "\n\n".join(p.text for p in self.parts if p.text.strip())

    @property
    def words(self) -> int:
        """Number of words in the text."""
        return len(self.text.split())

    def summary(self) -> str:
        """One line about the document: kind, title, author, size, headings, tables.

        >>> DocumentFacts(kind="PDF", title="Q3", pages=2, parts=[Part(where="page 1",
        ...     text="Sales rose.")]).summary()
        'PDF “Q3”, 2 pages, 2 words'
        """
        bits = [self.kind + (f" “{self.title}”" if self.title else "")]
        if self.author:
            bits[0] += f" by {self.author}"
        if self.pages is not None:
            bits.append(f"{self.pages} page{'s' if self.pages != 1 else ''}")
        bits.append(f"{self.words} words")
        if self.headings:
            shown = ", ".join(f"“{h.text}”" for h in self.headings[:5])
            bits.append(f"headings {shown}" + (" …" if len(self.headings) > 5 else ""))
        if self.tables:
            bits.append(f"{len(self.tables)} table{'s' if len(self.tables) != 1 else ''}")
        return ", ".join(bits)


def read_document(media: Media) -> DocumentFacts:
    """The text, structure and metadata of a document.

    Raises :class:`~notebook_router.errors.MediaReadError` for a type that is
    not a document, a file its library cannot open, or a missing library.
    """
    reader = _READERS.get(media.mime_type)
    if reader is None:
        known = ", ".join(sorted(_READERS))
        raise MediaReadError(
            f"{media.source or 'this media'} is {media.mime_type}, not a document I can read "
            f"(I read {known}). Give a PDF, a .docx, an HTML, Markdown or text file."
        )
    try:
        facts = reader(media)
    except (MediaReadError, MemoryError):  # memory: the reading process's cap says why
        raise
    except Exception as exc:  # each library raises its own errors on a broken file
        raise MediaReadError(
            f"Could not read {media.source or 'the document'} as {media.mime_type}: "
            f"{type(exc).__name__}: {exc}. Check that the file is complete and not encrypted."
        ) from exc
    return facts.model_copy(update={"source": media.source})


def is_document(media: Media) -> bool:
    """True for media :func:`read_document` reads."""
    return media.mime_type in _READERS


# ------------------------------------------------------------------------ PDF


def _pdf(media: Media) -> DocumentFacts:
    pypdf = require("pypdf", "pypdf", "Reading a PDF")
    reader = pypdf.PdfReader(io.BytesIO(media.raw))
    if reader.is_encrypted:
        try:
            reader.decrypt("")
        except Exception:
            raise MediaReadError(
                f"{media.source or 'The PDF'} is encrypted with a password: "
                "save an unprotected copy and give that."
            ) from None
    meta = reader.metadata
    parts = [
        Part(where=f"page {n}", text=_tidy(page.extract_text() or ""))
        for n, page in enumerate(reader.pages, 1)
    ]
    notes = []
    empty = [p.where for p in parts if not p.text.strip()]
    if empty:
        notes.append(
            f"no text on {', '.join(empty[:5])}{' …' if len(empty) > 5 else ''} "
            "(scanned pages: their words need OCR, which the image reader does)"
        )
    tables, note = _pdf_tables(media.raw)
    if note:
        notes.append(note)
    return DocumentFacts(
        kind="PDF",
        title=str(getattr(meta, "title", None) or "").strip() if meta else "",
        author=str(getattr(meta, "author", None) or "").strip() if meta else "",
        pages=len(parts),
        parts=parts,
        tables=tables,
        notes=notes,
    )


def _pdf_tables(raw: bytes) -> tuple[list[Table], str]:
    """Tables pdfplumber finds (ruled tables) on the first :data:`TABLE_PAGES` pages, up to
    :data:`MAX_TABLES`; a note says what was not searched, or why tables were not read."""
    try:
        import pdfplumber
    except ImportError:
        return [], "tables not read: " + missing("reading PDF tables", "pdfplumber")
    tables: list[Table] = []
    try:
        with pdfplumber.open(io.BytesIO(raw)) as pdf:
            pages = len(pdf.pages)
            for n, page in enumerate(pdf.pages[:TABLE_PAGES], 1):
                for found in page.extract_tables():
                    rows = [[_cell(c) for c in row] for row in found if any(row)]
                    if rows:
                        tables.append(Table(where=f"page {n}", rows=rows))
                page.close()  # pdfplumber keeps each page's parsed objects until closed
                if len(tables) >= MAX_TABLES:
                    return tables[:MAX_TABLES], _tables_stopped(n, pages)
    except Exception as exc:  # a malformed page must not cost the text pypdf read
        return tables[:MAX_TABLES], _tables_failed(exc)
    return tables, _tables_stopped(min(pages, TABLE_PAGES), pages)


def _tables_failed(exc: BaseException) -> str:
    """Why the tables were not read; running out of memory said plainly (pdfminer wraps it)."""
    cause: BaseException | None = exc
    for _ in range(16):  # a chain, not a loop
        if cause is None:
            break
        if isinstance(cause, MemoryError):
            return "tables not read: they needed more memory than one document may take"
        cause = cause.__cause__ or cause.__context__
    return f"tables not read: {type(exc).__name__}: {exc}"


def _tables_stopped(searched: int, pages: int) -> str:
    if searched >= pages:
        return ""
    return (
        f"tables searched on pages 1–{searched} of {pages} only (at most {MAX_TABLES} tables "
        f"and {TABLE_PAGES} pages are searched)"
    )


# ----------------------------------------------------------------------- Word


def _docx(media: Media) -> DocumentFacts:
    docx = require("docx", "python-docx", "Reading a Word file")
    document = docx.Document(io.BytesIO(media.raw))
    sections = _Sections()
    tables: list[Table] = []
    for block in document.iter_inner_content():
        if hasattr(block, "rows"):  # a table
            rows = [[_cell(cell.text) for cell in row.cells] for row in block.rows]
            tables.append(Table(where=sections.where or "the document", rows=rows))
            continue
        style = (block.style.name if block.style is not None else "") or ""
        level = _docx_level(style)
        if level is not None and block.text.strip():
            sections.heading(level, block.text.strip())
        else:
            sections.add(block.text)
    props = document.core_properties
    return DocumentFacts(
        kind="Word document",
        title=(props.title or "").strip() or _first_title(sections.headings),
        author=(props.author or "").strip(),
        parts=sections.parts(),
        headings=sections.headings,
        tables=tables[:MAX_TABLES],
        notes=[n for n in [_more_tables(len(tables))] if n],
    )


def _docx_level(style: str) -> int | None:
    if style == "Title":
        return 1
    found = re.fullmatch(r"Heading (\d)", style)
    return int(found.group(1)) if found else None


# ----------------------------------------------------------------------- HTML


def _html(media: Media) -> DocumentFacts:
    bs4 = require("bs4", "beautifulsoup4", "Reading HTML")
    text = media.data if isinstance(media.data, str) else media.raw.decode(errors="replace")
    soup = bs4.BeautifulSoup(text, "html.parser")
    for hidden in soup(["script", "style", "noscript", "template"]):
        hidden.decompose()
    sections = _Sections()
    tables: list[Table] = []
    blocks = ["h1", "h2", "h3", "h4", "h5", "h6", "p", "li", "pre", "blockquote", "table", "td"]
    for element in soup.find_all(blocks):
        name = element.name
        if element.find_parent("table") is not None:
            continue  # read with its table
        if name == "table":
            rows = [
                [_cell(c.get_text(" ", strip=True)) for c in tr.find_all(["th", "td"])]
                for tr in element.find_all("tr")
            ]
            tables.append(Table(where=sections.where or "the page", rows=[r for r in rows if r]))
        elif name[0] == "h" and name[1:].isdigit():
            sections.heading(int(name[1:]), element.get_text(" ", strip=True))
        elif element.find_parent(["p", "li", "pre", "blockquote"]) is None:
            sections.add(element.get_text(" ", strip=True))
    title = soup.title.get_text(strip=True) if soup.title else ""
    author = soup.find("meta", attrs={"name": "author"})
    return DocumentFacts(
        kind="HTML page",
        title=title or _first_title(sections.headings),
        author=str(author.get("content", "")) if author is not None else "",
        parts=sections.parts(),
        headings=sections.headings,
        tables=tables[:MAX_TABLES],
        notes=[n for n in [_more_tables(len(tables))] if n],
    )


# ------------------------------------------------------------ Markdown, text


def _markdown(media: Media) -> DocumentFacts:
    sections = _Sections()
    tables: list[Table] = []
    rows: list[list[str]] = []
    fenced = False
    for line in _text(media).splitlines():
        if line.strip().startswith("```"):
            fenced = not fenced
        heading = None if fenced else _MD_HEADING.match(line)
        if not fenced and line.strip().startswith("|"):
            if not _MD_TABLE_RULE.match(line):
                rows.append([_cell(c) for c in line.strip().strip("|").split("|")])
            continue
        if rows:
            tables.append(Table(where=sections.where or "the document", rows=rows))
            rows = []
        if heading:
            sections.heading(len(heading.group(1)), heading.group(2))
        else:
            sections.add(line)
    if rows:
        tables.append(Table(where=sections.where or "the document", rows=rows))
    return DocumentFacts(
        kind="Markdown document",
        title=_first_title(sections.headings),
        parts=sections.parts(),
        headings=sections.headings,
        tables=tables[:MAX_TABLES],
    )


def _plain(media: Media) -> DocumentFacts:
    return DocumentFacts(kind="text", parts=[Part(where="the text", text=_tidy(_text(media)))])


# -------------------------------------------------------------------- helpers


class _Sections:
    """Text gathered under the heading it follows: the parts of a document without pages."""

    def __init__(self) -> None:
        self.headings: list[Heading] = []
        self._parts: list[tuple[str, list[str]]] = [("the opening", [])]

    @property
    def where(self) -> str:
        return self._parts[-1][0] if self.headings else ""

    def heading(self, level: int, text: str) -> None:
        where = f"section “{text}”"
        self.headings.append(Heading(level=level, text=text, where=where))
        self._parts.append((where, []))

    def add(self, text: str) -> None:
        self._parts[-1][1].append(text)

    def parts(self) -> list[Part]:
        out = [Part(where=w, text=_tidy("\n".join(lines))) for w, lines in self._parts]
        return [p for p in out if p.text.strip()]


def _first_title(headings: list[Heading]) -> str:
    top = [h for h in headings if h.level == 1]
    return top[0].text if top else ""


def _more_tables(count: int) -> str:
    return f"{count - MAX_TABLES} more tables not kept" if count > MAX_TABLES else ""


def _text(media: Media) -> str:
    return media.data if isinstance(media.data, str) else media.raw.decode(errors="replace")


def _tidy(text: str) -> str:
    """Lines without trailing blanks; runs of blank lines as one (paragraphs kept)."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def _cell(value: Any) -> str:
    return " ".join(str(value).split()) if value is not None else ""


_READERS: dict[str, Callable[[Media], DocumentFacts]] = {
    PDF: _pdf,
    DOCX: _docx,
    "text/html": _html,
    "text/markdown": _markdown,
    "text/x-markdown": _markdown,
    "text/plain": _plain,
}
