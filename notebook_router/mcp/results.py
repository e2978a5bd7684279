"""What an MCP server sends back, in the project's terms: results, media, citations.

A tool call's result becomes an :class:`~notebook_router.result.AgentResult`:

* text blocks become the result's text (its ``data``, or its ``summary`` when the
  tool also returned structured content, which is then the ``data``);
* images and audio become :class:`~notebook_router.media.Media` (shown in the panel,
  kept in the run, sent on to multimodal models);
* an embedded resource becomes media of its type (text or bytes); a resource link
  becomes a citation with its URI;
* every result cites the server and the tool, with the arguments it was called with.

A result the server marks as an error (``isError``) is a ``failed`` result whose
error quotes the server, and :func:`raise_for_error` turns one into
:class:`~notebook_router.errors.MCPToolError` for code that calls tools directly.
Resource contents (``resources/read``) become media the same way.
"""

from __future__ import annotations

import base64
import binascii
import json
import mimetypes
from collections.abc import Iterable, Mapping
from typing import Any

from notebook_router.errors import MCPToolError
from notebook_router.media import Media, mime_type
from notebook_router.result import AgentResult, Citation
from notebook_router.text.preview import clip
from notebook_router.text.secrets import redact

TEXT_TYPES = ("text/", "application/json", "application/xml", "image/svg+xml")


def source_of(server: str, tool: str) -> str:
    """How media and citations name where they came from.

    >>> source_of("files", "read_file")
    'mcp:files/read_file'
    """
    return f"mcp:{server}/{tool}"


def tool_result(
    server: str, tool: str, arguments: Mapping[str, Any], result: Any, *, note: str = ""
) -> AgentResult:
    """The agent result of a call of ``tool`` on ``server`` (``result``: the SDK's
    ``CallToolResult``). ``note`` says how the call was approved (kept in the citation)."""
    source = source_of(server, tool)
    texts: list[str] = []
    media: list[Media] = []
    links: list[Citation] = []
    for block in result.content:
        kind = getattr(block, "type", "")
        if kind == "text":
            texts.append(redact(block.text))
        elif kind in ("image", "audio"):
            about = f"{kind} from the {tool} tool of MCP server {server}"
            made = _binary(block.data, block.mime_type, source, about)
            if made is not None:
                media.append(made)
        elif kind == "resource":
            made = contents_media(block.resource, source)
            if made is not None:
                media.append(made)
        elif kind == "resource_link":
            links.append(
                Citation(
                    source=block.name or block.uri, text=block.description or "", url=block.uri
                )
            )
    text = "\n".join(t for t in texts if t.strip())
    called = Citation(
        source=f"MCP server {server}, tool {tool}", text=_called_with(arguments, note)
    )
    if result.is_error:
        return AgentResult.failed(
            f"the {tool} tool of MCP server {server} failed: {text or 'no message'}",
            media=tuple(media),
            citations=(called, *links),
        )
    structured = result.structured_content
    data: Any = structured if structured is not None else text
    if isinstance(structured, Mapping) and set(structured) == {"result"} and text:
        data = text  # the SDK's wrapper around a plain return value: the text says it all
    summary = clip(text, 300) if text and data is not text else None
    if data in ("", None) and media:
        data = "; ".join(m.description for m in media)
    return AgentResult(
        data=data,
        media=tuple(media),
        citations=(called, *links),
        summary=summary,
        confidence=0.9,
    )


def raise_for_error(server: str, tool: str, result: Any) -> Any:
    """``result`` itself, or :class:`MCPToolError` with the server's words if it is an error."""
    if result.is_error:
        said = " ".join(b.text for b in result.content if getattr(b, "type", "") == "text")
        raise MCPToolError(server, tool, redact(said))
    return result


def resource_media(contents: Iterable[Any], server: str) -> list[Media]:
    """A resource read's contents (``TextResourceContents`` / ``BlobResourceContents``)
    as media, each naming the server and its URI."""
    found: list[Media] = []
    for item in contents:
        made = contents_media(item, f"mcp:{server}/{item.uri}")
        if made is not None:
            found.append(made)
    return found


def contents_media(item: Any, source: str) -> Media | None:
    """One resource's contents as media (None when it holds nothing usable)."""
    mime = _mime(getattr(item, "mime_type", None), item.uri)
    about = f"{item.uri}"
    text = getattr(item, "text", None)
    if text is not None:
        return Media(mime_type=mime, data=redact(text), source=source, description=about)
    return _binary(item.blob, mime, source, about)


def _binary(data: str, mime: str | None, source: str, about: str) -> Media | None:
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return None
    try:
        kind = mime_type(mime or "application/octet-stream")
    except ValueError:
        kind = "application/octet-stream"
    if kind.startswith(TEXT_TYPES):
        return Media(
            mime_type=kind, data=raw.decode("utf-8", "replace"), source=source, description=about
        )
    return Media(mime_type=kind, data=raw, source=source, description=about)


def _mime(given: str | None, uri: str) -> str:
    for candidate in (given, mimetypes.guess_type(uri.rsplit("/", 1)[-1])[0]):
        if candidate:
            try:
                return mime_type(candidate)
            except ValueError:
                continue
    return "text/plain"


def _called_with(arguments: Mapping[str, Any], note: str) -> str:
    shown = json.dumps(dict(arguments), ensure_ascii=False, default=str, sort_keys=True)
    text = f"called with {clip(redact(shown), 300)}"
    return f"{text} ({note})" if note else text


__all__ = [
    "contents_media",
    "raise_for_error",
    "resource_media",
    "source_of",
    "tool_result",
]
