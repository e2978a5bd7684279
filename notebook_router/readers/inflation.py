"""How much a document inflates to before its library parses it: the decompression check.

A PDF's pages are deflate streams, a Word file is a zip of XML: a few kilobytes
can inflate to hundreds of megabytes of page content, which pypdf and
pdfplumber then parse operator by operator (a 5 KB PDF took 22 s, an 11 KB one
over 25 s and 1 GB). So before a document is parsed, what its parser would
inflate is measured here, with zlib's ``max_length`` (it costs what the limit
allows, not what the bomb holds), and refused when:

* the page content as a whole is over the document's byte budget, or
* one stream inflates more than :data:`MAX_RATIO` times over, past
  :data:`RATIO_FLOOR` (the check Apache POI makes of zip entries; real page
  content inflates 2 to 10 times, a bomb hundreds of times).

Images inside a PDF are not counted: the text and table readers never decode them.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from typing import Any

from notebook_router.errors import MediaReadError

MAX_RATIO = 100
"""A stream that inflates more than this many times over is a decompression bomb..."""
RATIO_FLOOR = 1_000_000
"""... once it is past this many bytes (a small stream may inflate a lot: "0 g\\n" × 1,000)."""
_CHUNK = 64 * 1024
_MAX_FORMS = 10_000
"""Form XObjects followed per document (each is read where a page draws it)."""


def check_pdf(raw: bytes, budget: int, source: str) -> int:
    """The bytes of page content a PDF inflates to (pages and the forms they draw);
    :class:`MediaReadError` when over ``budget`` or inflated like a bomb."""
    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(raw))
    if reader.is_encrypted:
        return 0  # its streams are ciphertext: read_document asks for an unprotected copy
    meter = _Meter(budget, source)
    seen: set[int] = set()
    for page in reader.pages:
        meter.add_all(_streams(page.get("/Contents")), seen)
        meter.add_all(_forms(page, seen), seen)
    return meter.total


def check_docx(raw: bytes, budget: int, source: str) -> int:
    """The bytes of XML a Word file inflates to, from its zip directory and a bounded
    inflate of each part; :class:`MediaReadError` when over ``budget`` or a bomb."""
    meter = _Meter(budget, source)
    with zipfile.ZipFile(io.BytesIO(raw)) as archive:
        for info in archive.infolist():
            if not info.filename.endswith((".xml", ".rels")):
                continue  # pictures and fonts are not parsed as text
            with archive.open(info) as part:  # reads no more than is asked for
                meter.count(part, info.compress_size)
    return meter.total


class _Meter:
    """Bytes inflated so far against the budget; the per-stream ratio check."""

    def __init__(self, budget: int, source: str) -> None:
        self.budget = budget
        self.source = source
        self.total = 0

    def add_all(self, streams: list[Any], seen: set[int]) -> None:
        for stream in streams:
            if id(stream) not in seen:
                seen.add(id(stream))
                self.add(stream)

    def add(self, stream: Any) -> None:
        """One PDF stream: inflated here when it is deflate, else decoded by pypdf."""
        filters = stream.get("/Filter")
        first = filters[0] if isinstance(filters, list) and filters else filters
        encoded: bytes = getattr(stream, "_data", b"") or b""  # pypdf keeps the raw bytes there
        if first == "/FlateDecode":
            inflater = zlib.decompressobj()
            self.count(_Inflating(inflater, encoded), len(encoded))
        else:
            self._grow(len(stream.get_data() or b""), len(encoded))

    def count(self, readable: Any, encoded: int) -> None:
        """Read ``readable`` (``.read(n)``) to its end or to the limit, counting."""
        size = 0
        while chunk := readable.read(_CHUNK):
            size += len(chunk)
            self._check(size, encoded)
        self._grow(size, encoded)

    def _grow(self, size: int, encoded: int) -> None:
        self._check(size, encoded)
        self.total += size

    def _check(self, size: int, encoded: int) -> None:
        """Raise as soon as a stream read so far (``size`` of it) shows what it is."""
        if size > RATIO_FLOOR and size > MAX_RATIO * max(encoded, 1):
            raise MediaReadError(
                f"{self.source} is a decompression bomb: a part of it of {encoded:,} bytes "
                f"inflates more than {MAX_RATIO} times over (past {size / 1e6:,.1f} MB), "
                "which no real document does. It was not read."
            )
        if self.total + size > self.budget:
            raise MediaReadError(
                f"{self.source} inflates to more than {self.budget / 1e6:g} MB of page "
                "content, more than is read per document (it would take minutes): give a "
                "shorter extract of it."
            )


class _Inflating:
    """A deflate stream read in bounded pieces (``zlib``'s ``max_length``)."""

    def __init__(self, inflater: Any, encoded: bytes) -> None:
        self._inflater = inflater
        self._pending = encoded

    def read(self, n: int) -> bytes:
        if not self._pending:
            return b""
        try:
            out: bytes = self._inflater.decompress(self._pending, n)
        except zlib.error:  # broken data: pypdf says so when it reads it
            self._pending = b""
            return b""
        self._pending = self._inflater.unconsumed_tail
        return out


def _streams(contents: Any) -> list[Any]:
    """A page's content streams (one, or an array of them)."""
    if contents is None:
        return []
    contents = _deref(contents)
    items = contents if isinstance(contents, list) else [contents]
    return [s for s in (_deref(item) for item in items) if hasattr(s, "get_data")]


def _forms(page: Any, seen: set[int]) -> list[Any]:
    """The form XObjects a page's resources hold, and the forms inside them."""
    found: list[Any] = []
    ids: set[int] = set()
    todo = [page.get("/Resources")]
    while todo and len(found) < _MAX_FORMS:
        resources = _deref(todo.pop())
        objects = _deref(resources.get("/XObject")) if isinstance(resources, dict) else None
        for ref in (objects if isinstance(objects, dict) else {}).values():
            form = _deref(ref)
            if not isinstance(form, dict) or form.get("/Subtype") != "/Form":
                continue
            if id(form) in seen or id(form) in ids:
                continue
            ids.add(id(form))
            found.append(form)
            todo.append(form.get("/Resources"))
    return found


def _deref(value: Any) -> Any:
    """The object an indirect reference points at (anything else as it is)."""
    return value.get_object() if hasattr(value, "get_object") else value
