"""Media that travels with tasks and results: figures, tables, images, audio, documents."""

from __future__ import annotations

import hashlib
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.text.unicode import utf8_bytes

CODE_MIME = "text/x-python"
"""Media type of code an agent ran: shown as a code block with the result, copied as is."""


def digest_bytes(data: bytes) -> str:
    """A short content address for media payloads (sha256, 16 hex digits)."""
    return hashlib.sha256(data).hexdigest()[:16]


class Media(BaseModel):
    """One piece of media: a MIME type, its payload, and where it came from.

    ``data`` holds bytes for binary types (PNG, PDF, audio) and text for text
    types (SVG, HTML). ``source`` says what produced it: a task id, a cell
    reference such as ``Out[3]``, or a file name.
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    mime_type: str
    data: bytes | str = Field(repr=False)
    source: str = ""
    description: str = ""
    metadata: dict[str, Any] = Field(default_factory=dict)

    @property
    def raw(self) -> bytes:
        """The payload as bytes (text as UTF-8; lone surrogates never fail, see ``utf8_bytes``)."""
        return utf8_bytes(self.data) if isinstance(self.data, str) else self.data

    @property
    def digest(self) -> str:
        """Content address of the payload; equal media share a digest."""
        return digest_bytes(self.raw)

    @property
    def size(self) -> int:
        """Payload size in bytes."""
        return len(self.raw)

    @property
    def is_text(self) -> bool:
        """True for media a text model can read as is (text/*, SVG, JSON)."""
        mime = self.mime_type
        return mime.startswith("text/") or mime in ("image/svg+xml", "application/json")

    def as_prompt_text(self) -> str:
        """How this media reads inside a prompt when it cannot travel as a media part.

        A label line (type, source, description), then the content for
        text-like media; binary media (images, audio, PDFs) are only described.
        """
        where = f" from {self.source}" if self.source else ""
        about = f": {self.description}" if self.description else ""
        label = f"[{self.mime_type}{where}{about}]"
        if not self.is_text:
            return label
        text = self.data if isinstance(self.data, str) else self.data.decode(errors="replace")
        return f"{label}\n{text}"

    def ref(self) -> MediaRef:
        """A small, JSON-friendly reference to this media (no payload)."""
        return MediaRef(
            digest=self.digest,
            mime_type=self.mime_type,
            source=self.source,
            description=self.description,
            size=self.size,
        )


class MediaRef(BaseModel):
    """What the run state keeps about a piece of media: enough to find and describe it."""

    model_config = ConfigDict(frozen=True)

    digest: str
    mime_type: str
    source: str = ""
    description: str = ""
    size: int = 0
