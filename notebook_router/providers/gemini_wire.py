"""Our messages and tools as google-genai types, and Gemini's replies read back.

Kept apart from :mod:`~notebook_router.providers.gemini` (which sends, streams
and maps errors). Everything here takes the SDK's ``types`` module as an
argument, so importing this module does not import the SDK.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any

from notebook_router.errors import ProviderRequestError
from notebook_router.media import Media
from notebook_router.providers.base import CompletionRequest, Message, TextSink, ToolCall

MODES = {"auto": "AUTO", "required": "ANY", "none": "NONE"}
"""Our tool_choice as Gemini's function-calling mode."""
_MIME_ALIASES = {
    "audio/x-wav": "audio/wav",
    "audio/wave": "audio/wav",
    "audio/vnd.wave": "audio/wav",
    "audio/mpeg": "audio/mp3",
    "audio/x-flac": "audio/flac",
    "video/quicktime": "video/mov",
    "video/x-msvideo": "video/avi",
}
"""The names Gemini knows these media types by."""
GEMINI_VIDEO = frozenset(
    {
        "video/mp4",
        "video/mpeg",
        "video/mov",
        "video/avi",
        "video/x-flv",
        "video/mpg",
        "video/webm",
        "video/wmv",
        "video/3gpp",
    }
)
"""The video types Gemini reads (its documentation's list); other containers (Matroska)
go as their frames: a WebM label on a Matroska file would be a guess."""
INLINE_BYTES = 20_000_000
"""Gemini's limit for a request's inline data; a longer video goes as its frames."""
VIDEO_FRAMES = 8
GENERATED_ID = "gemini-call-"
"""Prefix of the ids we give calls Gemini sent without one (they are never sent back)."""


def tool_config(types: Any, request: CompletionRequest) -> dict[str, Any]:
    """The ``GenerateContentConfig`` fields that offer ``request.tools`` (none without tools)."""
    if not request.tools:
        return {}
    declarations = [
        types.FunctionDeclaration(
            name=tool.name,
            description=tool.description or None,
            parameters_json_schema=tool.parameters,
        )
        for tool in request.tools
    ]
    mode = MODES[request.tool_choice]
    return {
        "tools": [types.Tool(function_declarations=declarations)],
        "tool_config": types.ToolConfig(
            function_calling_config=types.FunctionCallingConfig(mode=mode)
        ),
        # Calls are ours to run (the caller answers them in the next request):
        # the SDK must not try to call them itself.
        "automatic_function_calling": types.AutomaticFunctionCallingConfig(disable=True),
    }


def contents(types: Any, messages: tuple[Message, ...]) -> list[Any]:
    """The conversation (without system messages) as Gemini ``Content`` turns.

    Tool results answering one turn's calls go together in one user turn, as
    Gemini expects; each names its function, found from the call it answers.
    """
    called = {call.id: call.name for m in messages for call in m.tool_calls}
    out: list[Any] = []
    answering = False  # whether out[-1] is a turn of tool results
    for message in messages:
        if message.role == "system":
            continue
        if message.role == "tool":
            part = _result_part(types, message, called)
            if answering:
                out[-1].parts.append(part)
            else:
                out.append(types.Content(role="user", parts=[part]))
            answering = True
            continue
        role = "model" if message.role == "assistant" else "user"
        out.append(types.Content(role=role, parts=parts(types, message)))
        answering = False
    return out


def parts(types: Any, message: Message) -> list[Any]:
    """A message's text, media and tool calls as ``Part`` objects."""
    found = [] if message.tool_calls and not message.content else [types.Part(text=message.content)]
    for media in message.media:
        found.extend(media_parts(types, media))
    for call in message.tool_calls:
        ours = call.id.startswith(GENERATED_ID)
        found.append(
            types.Part(
                function_call=types.FunctionCall(
                    id=None if ours else call.id, name=call.name, args=call.arguments
                ),
                # Gemini 3 refuses a conversation whose calls lost their signatures.
                thought_signature=base64.b64decode(call.signature) if call.signature else None,
            )
        )
    return found


def media_parts(types: Any, media: Media) -> list[Any]:
    """One piece of media as ``Part`` objects: inline data (images, audio, video, PDFs) or text.

    Gemini reads audio and video itself, so both go inline, under the type
    names it knows. A video over the inline limit, or in a container Gemini
    does not list, goes as its frames instead.
    """
    if media.is_text:
        return [types.Part(text=media.as_prompt_text())]
    mime = _MIME_ALIASES.get(media.mime_type, media.mime_type)
    if mime.startswith("video/") and (media.size > INLINE_BYTES or mime not in GEMINI_VIDEO):
        return _video_frames(types, media)
    return [types.Part.from_bytes(data=media.raw, mime_type=mime)]


def _video_frames(types: Any, media: Media) -> list[Any]:
    from notebook_router.errors import MediaError
    from notebook_router.readers.video import frame_time, frames_for_model

    try:  # decoded once per video, not once per model call
        facts = frames_for_model(media, VIDEO_FRAMES)
    except MediaError as exc:
        return [types.Part(text=f"{media.as_prompt_text()} (not decoded: {exc})")]
    why = "too long to send" if media.size > INLINE_BYTES else "a type Gemini does not take"
    found = [types.Part(text=f"{media.as_prompt_text()}\nVideo ({why}): {facts.summary()}")]
    for frame in facts.frames:
        found.append(types.Part(text=f"Frame at {frame_time(frame):.2f} s:"))
        found.append(types.Part.from_bytes(data=frame.raw, mime_type=frame.mime_type))
    return found


def _result_part(types: Any, message: Message, called: dict[str, str]) -> Any:
    call_id = message.tool_call_id or ""
    if call_id not in called:
        raise ProviderRequestError(
            f"A tool message answers call {call_id!r}, which no earlier assistant message "
            "made; Gemini needs the function's name from that call. Keep the assistant "
            "message with its tool_calls in the conversation, before the results."
        )
    text = "\n".join([message.content, *(m.as_prompt_text() for m in message.media)])
    return types.Part(
        function_response=types.FunctionResponse(
            id=None if call_id.startswith(GENERATED_ID) else call_id,
            name=called[call_id],
            response={"output": text},
        )
    )


@dataclass
class Reply:
    """One reply's parts, read from a whole response or gathered from a stream's chunks."""

    turn: int
    """How many model turns the conversation had before this one (for generated call ids)."""
    text: list[str] = field(default_factory=list)
    calls: list[ToolCall] = field(default_factory=list)
    finish_reason: Any = None
    candidates: bool = False
    usage: Any = None

    def add(self, response: Any, on_text: TextSink | None = None) -> None:
        """Take in one response (a whole one, or one chunk of a stream)."""
        # A stream's usage grows chunk by chunk; the last one holds the whole call's.
        self.usage = response.usage_metadata or self.usage
        if not response.candidates:
            return
        self.candidates = True
        candidate = response.candidates[0]
        self.finish_reason = candidate.finish_reason or self.finish_reason
        for part in (candidate.content.parts if candidate.content else None) or ():
            if part.text is not None and not part.thought:
                self.text.append(part.text)
                if on_text is not None:
                    on_text(part.text)
            if part.function_call is not None:
                self.calls.append(self._call(part))

    def _call(self, part: Any) -> ToolCall:
        call = part.function_call
        signature = part.thought_signature
        return ToolCall(
            id=call.id or f"{GENERATED_ID}{self.turn}-{len(self.calls)}",
            name=call.name or "",
            arguments=dict(call.args or {}),
            signature=base64.b64encode(signature).decode() if signature else None,
        )

    @property
    def has_text(self) -> bool:
        return bool(self.text)
