"""Media that travels with tasks and results: figures, tables, images, audio, documents."""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from notebook_router.text.unicode import utf8_bytes, valid_unicode

CODE_MIME = "text/x-python"
"""Media type of code an agent ran: shown as a code block with the result, copied as is."""


POINTED = "pointed"
"""Metadata key of media a request pointed at: the phrase that did ("it", "the chart
above", "Out[2]"), so a task saying it goes to the agent that reads that medium."""

AMBIGUOUS = "ambiguous"
"""Metadata key of media attached as one of several outputs a request's word may mean
(its value is the word, e.g. "it"): the planner asks the user which, never guesses."""


AUDIO_INLINE_BYTES = 1_500_000
"""Audio up to this size is embedded in HTML (the live panel's player, a run's saved view);
longer audio would fill the notebook with base64 and is only named there."""

_MIME = re.compile(r"[a-z0-9][a-z0-9!#$&^_.+-]{0,126}/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}")
"""RFC 6838's ``type/subtype`` names, lower case, no parameters: a type that is written
into HTML attributes and data URLs can hold no quote, space, ``;`` or ``<``."""


def mime_type(value: str) -> str:
    """``value`` as a media type in lower case, parameters dropped; ValueError when it is
    not ``type/subtype``.

    >>> mime_type("Image/PNG")
    'image/png'
    >>> mime_type("text/html; charset=utf-8")
    'text/html'
    """
    # Parameters ("; charset=utf-8") say how to read the bytes, not what they are; a
    # quote or "<" in them could not be kept anyway.
    lowered = value.split(";", 1)[0].strip().lower()
    if not _MIME.fullmatch(lowered):
        raise ValueError(
            f"{value[:80]!r} is not a media type: give one like 'image/png' or 'audio/wav' "
            "(type/subtype, letters, digits and !#$&^_.+- only)."
        )
    return lowered


MimeType = Annotated[str, AfterValidator(mime_type)]
"""A validated media type (see :func:`mime_type`), for models that carry one."""
ShownText = Annotated[str, AfterValidator(valid_unicode)]
"""Text shown with media (a file name, a caption), made valid Unicode as it is given: a
file name listed from a folder holds lone surrogates for bytes that are not UTF-8."""


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

    mime_type: MimeType
    """``type/subtype`` in lower case (validated: it is written into HTML and data URLs)."""
    data: bytes | str = Field(repr=False)
    source: ShownText = ""
    description: ShownText = ""
    metadata: dict[str, Any] = Field(default_factory=dict)

    @property
    def raw(self) -> bytes:
        """The payload as bytes (text as UTF-8; lone surrogates never fail, see ``utf8_bytes``)."""
        return utf8_bytes(self.data) if isinstance(self.data, str) else self.data

    @functools.cached_property
    def digest(self) -> str:
        """Content address of the payload; equal media share a digest.

        Hashed once per object (a payload can be tens of MB, and the panel, the
        static view and the store all ask): media are frozen, so it cannot go stale.
        """
        return digest_bytes(self.raw)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Media:
        """A copy (``update`` as in pydantic); one with a new payload hashes it anew."""
        copy = super().model_copy(update=update, deep=deep)
        if update and "data" in update:
            copy.__dict__.pop("digest", None)
        return copy

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
    mime_type: MimeType
    source: ShownText = ""
    description: ShownText = ""
    size: int = 0
