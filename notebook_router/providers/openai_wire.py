"""The chat-completions wire format: our messages, media and tools as OpenAI reads them.

Kept apart from :mod:`~notebook_router.providers.openai` (which sends, streams
and maps errors) because OpenAI-compatible servers share it, and because the
tool-name mapping must be the same both ways within one request.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterable
from typing import Any

from notebook_router.errors import ProviderRequestError, ProviderResponseError
from notebook_router.media import Media
from notebook_router.providers.base import Message, ToolCall, ToolDef
from notebook_router.usage import Usage

_AUDIO = {
    "audio/wav": "wav",
    "audio/x-wav": "wav",
    "audio/wave": "wav",
    "audio/vnd.wave": "wav",
    "audio/mpeg": "mp3",
    "audio/mp3": "mp3",
}
"""Audio chat completions take as it is; other audio (FLAC, OGG) is converted to WAV."""
VIDEO_FRAMES = 6
"""Frames of a video sent as images: chat completions take no video."""
_FORBIDDEN = re.compile(r"[^A-Za-z0-9_-]")
_MAX_NAME = 64


class ToolNames:
    """Our tool names and the names OpenAI accepts (``^[a-zA-Z0-9_-]{1,64}$``), both ways.

    Our tools may be called ``notes.search``; OpenAI refuses the dot. Each name
    gets a wire name (forbidden characters become ``_``, a clash gets a number),
    and the model's calls are mapped back. Built per request from its tools, in
    order, so the same request always maps the same way.

    >>> names = ToolNames([ToolDef(name="notes.search"), ToolDef(name="notes_search")])
    >>> names.wire("notes.search"), names.wire("notes_search"), names.ours("notes_search_2")
    ('notes_search_2', 'notes_search', 'notes.search')
    """

    def __init__(self, tools: Iterable[ToolDef] = ()) -> None:
        self._wire: dict[str, str] = {}
        self._ours: dict[str, str] = {}
        # Names that are already valid keep their spelling: they go first.
        ordered = sorted(tools, key=lambda t: _FORBIDDEN.search(t.name) is not None)
        for tool in ordered:
            self.wire(tool.name)

    def wire(self, name: str) -> str:
        """The name OpenAI is sent for our ``name``."""
        if name in self._wire:
            return self._wire[name]
        base = _FORBIDDEN.sub("_", name)[:_MAX_NAME] or "tool"
        candidate, n = base, 1
        while candidate in self._ours:
            n += 1
            suffix = f"_{n}"
            candidate = base[: _MAX_NAME - len(suffix)] + suffix
        self._wire[name], self._ours[candidate] = candidate, name
        return candidate

    def ours(self, wire: str) -> str:
        """Our name for a name the model used (unknown names come back as they are)."""
        return self._ours.get(wire, wire)


def wire_tools(tools: Iterable[ToolDef], names: ToolNames) -> list[dict[str, Any]]:
    """``tools=`` for chat completions."""
    out = []
    for tool in tools:
        function: dict[str, Any] = {"name": names.wire(tool.name), "parameters": tool.parameters}
        if tool.description:
            function["description"] = tool.description
        out.append({"type": "function", "function": function})
    return out


def wire_message(message: Message, names: ToolNames) -> dict[str, Any]:
    """One message as chat completions reads it (media as content parts)."""
    if message.role == "tool":
        if not message.tool_call_id:
            raise ProviderRequestError(
                "A tool message must say which call it answers: set Message(tool_call_id=...) "
                "to the id of the ToolCall it is the result of."
            )
        # Tool results are text only on this API: media go as their text rendering.
        text = "\n".join([message.content, *(m.as_prompt_text() for m in message.media)])
        return {"role": "tool", "tool_call_id": message.tool_call_id, "content": text}
    out: dict[str, Any] = {"role": message.role, "content": _content(message)}
    if message.tool_calls:
        out["tool_calls"] = [
            {
                "id": call.id,
                "type": "function",
                "function": {
                    "name": names.wire(call.name),
                    "arguments": json.dumps(call.arguments, ensure_ascii=False),
                },
            }
            for call in message.tool_calls
        ]
        if not message.content and not message.media:
            out["content"] = None  # a turn that only called tools says nothing
    return out


def _content(message: Message) -> str | list[dict[str, Any]]:
    if not message.media:
        return message.content
    parts: list[dict[str, Any]] = [{"type": "text", "text": message.content}]
    for media in message.media:
        parts.extend(media_parts(media))
    return parts


def media_parts(media: Media) -> list[dict[str, Any]]:
    """One piece of media as chat-completions content parts.

    Most media are one part (:func:`media_part`). A video is a text part
    naming it, then its frames as images, each labelled with its time:
    chat completions take no video, and the frames are what a vision model
    can see of it.
    """
    if not media.mime_type.startswith("video/"):
        return [media_part(media)]
    from notebook_router.errors import MediaError
    from notebook_router.readers.video import frame_time, frames_for_model

    try:  # decoded once per video, not once per model call
        facts = frames_for_model(media, VIDEO_FRAMES)
    except MediaError as exc:
        return [{"type": "text", "text": f"{media.as_prompt_text()} (not decoded: {exc})"}]
    parts: list[dict[str, Any]] = [
        {"type": "text", "text": f"{media.as_prompt_text()}\nVideo: {facts.summary()}"}
    ]
    for frame in facts.frames:
        parts.append({"type": "text", "text": f"Frame at {frame_time(frame):.2f} s:"})
        parts.append(media_part(frame))
    return parts


def media_part(media: Media) -> dict[str, Any]:
    """One piece of media as a chat-completions content part."""
    mime = media.mime_type
    raw = media.raw
    encoded = base64.b64encode(raw).decode()
    if mime.startswith("image/") and mime != "image/svg+xml":
        return {"type": "image_url", "image_url": {"url": f"data:{mime};base64,{encoded}"}}
    if mime in _AUDIO:
        return {"type": "input_audio", "input_audio": {"data": encoded, "format": _AUDIO[mime]}}
    if mime.startswith("audio/"):
        return _converted_audio(media)
    if mime == "application/pdf":
        name = media.source or "document.pdf"
        return {
            "type": "file",
            "file": {"filename": name, "file_data": f"data:{mime};base64,{encoded}"},
        }
    return {"type": "text", "text": media.as_prompt_text()}


def _converted_audio(media: Media) -> dict[str, Any]:
    """Audio chat completions cannot take as it is (FLAC, OGG) as WAV; described if undecodable."""
    from notebook_router.errors import MediaError
    from notebook_router.readers.audio import to_wav

    try:
        wav = to_wav(media)
    except MediaError as exc:
        return {"type": "text", "text": f"{media.as_prompt_text()} (not sent: {exc})"}
    encoded = base64.b64encode(wav).decode()
    return {"type": "input_audio", "input_audio": {"data": encoded, "format": "wav"}}


def tool_call(
    call_id: str, wire_name: str, arguments: str, names: ToolNames, usage: Usage
) -> ToolCall:
    """A call the model made, with our tool name and its arguments parsed.

    Models write the arguments as JSON text and sometimes get it wrong: that is
    a reply we cannot use, said plainly (``usage`` is what the reply cost).
    """
    name = names.ours(wire_name)
    if not arguments.strip():
        return ToolCall(id=call_id, name=name)
    try:
        parsed = json.loads(arguments)
    except json.JSONDecodeError as exc:
        raise ProviderResponseError(
            f"The model called the tool {name!r} with arguments that are not JSON "
            f"({exc.msg} at character {exc.pos}: {arguments[:200]!r}). Ask again, or use a "
            "model that is better at tool calls.",
            usage=usage,
        ) from None
    if not isinstance(parsed, dict):
        raise ProviderResponseError(
            f"The model called the tool {name!r} with a JSON {type(parsed).__name__} for "
            "arguments, not an object of named arguments. Ask again, or use a model that is "
            "better at tool calls.",
            usage=usage,
        )
    return ToolCall(id=call_id, name=name, arguments=parsed)
