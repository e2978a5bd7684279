"""Real HTTP servers on loopback that speak the providers' wire formats.

Response bodies are built from the SDKs' own response types, so if a
provider misreads the wire format, the SDK parse fails here just as it would
against the real service. Streamed replies are ``text/event-stream`` bodies
of such objects, sent event by event (chunked), and can be cut off mid-way
like a dropped connection.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Seen:
    """One request the server received."""

    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    at: float = 0.0


@dataclass
class Reply:
    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    events: list[Any] | None = None
    """For a streamed reply: each event's data (a dict is sent as JSON, a str as it is)."""
    gap_s: float = 0.0
    cut_after: int | None = None
    """Drop the connection after this many events, without ending the body."""
    raw: bytes | None = None
    """A binary body to send instead of ``body`` (e.g. the speech endpoint's audio)."""


class LoopbackServer:
    """Answers each request with the next scripted reply (the last one repeats), or with
    ``respond(request)`` when that is set (a reply chosen by what was asked)."""

    def __init__(self) -> None:
        self.requests: list[Seen] = []
        self.replies: deque[Reply] = deque()
        self.respond: Callable[[Seen], Reply] | None = None
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                raw = self.rfile.read(length) if length else b"{}"
                server.requests.append(
                    Seen(
                        "POST",
                        self.path,
                        {k.lower(): v for k, v in self.headers.items()},
                        _parsed(raw, self.headers.get("content-type", "")),
                        time.monotonic(),
                    )
                )
                if server.respond is not None:
                    reply = server.respond(server.requests[-1])
                elif len(server.replies) > 1:
                    reply = server.replies.popleft()
                else:
                    reply = server.replies[0]
                if reply.events is not None:
                    self._stream(reply)
                    return
                payload = reply.raw if reply.raw is not None else json.dumps(reply.body).encode()
                self.send_response(reply.status)
                kind = "application/octet-stream" if reply.raw is not None else "application/json"
                self.send_header("content-type", reply.headers.get("content-type", kind))
                self.send_header("content-length", str(len(payload)))
                for key, value in reply.headers.items():
                    if key != "content-type":
                        self.send_header(key, value)
                self.end_headers()
                self.wfile.write(payload)

            def _stream(self, reply: Reply) -> None:
                # Chunked HTTP/1.1, so that a body cut off mid-way is an error to the
                # client (under HTTP/1.0 a closed connection just ends the body).
                self.protocol_version = "HTTP/1.1"
                self.send_response(reply.status)
                self.send_header("content-type", "text/event-stream")
                self.send_header("transfer-encoding", "chunked")
                self.send_header("connection", "close")
                self.end_headers()
                assert reply.events is not None
                for n, data in enumerate(reply.events):
                    if n == reply.cut_after:
                        self.wfile.flush()
                        return  # no closing chunk: the connection just drops
                    if n and reply.gap_s:
                        time.sleep(reply.gap_s)
                    text = data if isinstance(data, str) else json.dumps(data)
                    event = f"data: {text}\n\n".encode()
                    self.wfile.write(f"{len(event):x}\r\n".encode() + event + b"\r\n")
                    self.wfile.flush()
                self.wfile.write(b"0\r\n\r\n")

            def log_message(self, *args: Any) -> None:  # quiet test output
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_port}"

    def reply(self, status: int, body: dict[str, Any], **headers: str) -> None:
        self.replies.append(
            Reply(status, body, {k.replace("_", "-"): v for k, v in headers.items()})
        )

    def reply_bytes(self, data: bytes, content_type: str = "audio/wav") -> None:
        """Queue a binary reply (what the speech endpoint sends)."""
        self.replies.append(Reply(200, {}, {"content-type": content_type}, raw=data))

    def stream(
        self, events: list[Any], *, gap_s: float = 0.0, cut_after: int | None = None
    ) -> None:
        """Queue a streamed (server-sent events) reply."""
        self.replies.append(Reply(200, {}, events=events, gap_s=gap_s, cut_after=cut_after))

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


def _parsed(raw: bytes, content_type: str) -> dict[str, Any]:
    """A JSON body as a dict; any other body (a multipart upload) as ``{"raw": its bytes}``."""
    if not raw or "json" in content_type:
        parsed: dict[str, Any] = json.loads(raw or b"{}")
        return parsed
    return {"raw": raw}


def openai_completion(
    text: str, *, model: str = "gpt-4o-mini", prompt: int = 120, output: int = 30
) -> dict[str, Any]:
    """A chat.completion body, built from the openai SDK's own types."""
    from openai.types.chat import ChatCompletion, ChatCompletionMessage
    from openai.types.chat.chat_completion import Choice
    from openai.types.completion_usage import CompletionUsage

    completion = ChatCompletion(
        id="chatcmpl-test",
        object="chat.completion",
        created=1_700_000_000,
        model=model,
        choices=[
            Choice(
                index=0,
                finish_reason="stop",
                message=ChatCompletionMessage(role="assistant", content=text),
            )
        ],
        usage=CompletionUsage(
            prompt_tokens=prompt, completion_tokens=output, total_tokens=prompt + output
        ),
    )
    body: dict[str, Any] = completion.model_dump(mode="json", exclude_none=True)
    return body


def openai_error(message: str, kind: str = "rate_limit_exceeded") -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "code": kind, "param": None}}


def gemini_response(text: str, *, prompt: int = 100, output: int = 20) -> dict[str, Any]:
    """A generateContent body, built from google-genai's own types."""
    from google.genai import types

    response = types.GenerateContentResponse(
        candidates=[
            types.Candidate(
                content=types.Content(role="model", parts=[types.Part(text=text)]),
                finish_reason=types.FinishReason.STOP,
                index=0,
            )
        ],
        usage_metadata=types.GenerateContentResponseUsageMetadata(
            prompt_token_count=prompt,
            candidates_token_count=output,
            total_token_count=prompt + output,
        ),
        model_version="gemini-2.5-flash",
    )
    body: dict[str, Any] = response.model_dump(mode="json", by_alias=True, exclude_none=True)
    return body


def gemini_error(code: int, message: str, status: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "status": status}}


def openai_tool_completion(
    calls: list[tuple[str, str, str]], *, text: str | None = None, model: str = "gpt-4o-mini"
) -> dict[str, Any]:
    """A chat.completion whose message calls tools: (id, name, arguments as JSON text) each."""
    from openai.types.chat import ChatCompletion, ChatCompletionMessage
    from openai.types.chat.chat_completion import Choice
    from openai.types.chat.chat_completion_message_function_tool_call import (
        ChatCompletionMessageFunctionToolCall,
        Function,
    )
    from openai.types.completion_usage import CompletionUsage

    tool_calls: list[Any] = [
        ChatCompletionMessageFunctionToolCall(
            id=call_id, type="function", function=Function(name=name, arguments=arguments)
        )
        for call_id, name, arguments in calls
    ]
    completion = ChatCompletion(
        id="chatcmpl-tools",
        object="chat.completion",
        created=1_700_000_000,
        model=model,
        choices=[
            Choice(
                index=0,
                finish_reason="tool_calls",
                message=ChatCompletionMessage(
                    role="assistant", content=text, tool_calls=tool_calls
                ),
            )
        ],
        usage=CompletionUsage(prompt_tokens=50, completion_tokens=10, total_tokens=60),
    )
    body: dict[str, Any] = completion.model_dump(mode="json", exclude_none=True)
    return body


def openai_chunk(
    *,
    content: str | None = None,
    tool_calls: list[dict[str, Any]] | None = None,
    finish_reason: str | None = None,
    usage: tuple[int, int] | None = None,
    model: str = "gpt-4o-mini",
) -> dict[str, Any]:
    """One chat.completion.chunk, built from the openai SDK's own types.

    ``usage`` (prompt, output) makes it the closing usage chunk, which has no choices.
    """
    from openai.types.chat import ChatCompletionChunk
    from openai.types.chat.chat_completion_chunk import Choice, ChoiceDelta, ChoiceDeltaToolCall
    from openai.types.completion_usage import CompletionUsage

    choices = []
    if usage is None:
        delta = ChoiceDelta(
            role="assistant",
            content=content,
            tool_calls=[ChoiceDeltaToolCall.model_validate(t) for t in tool_calls]
            if tool_calls
            else None,
        )
        choices = [Choice(index=0, delta=delta, finish_reason=finish_reason)]  # type: ignore[arg-type]
    chunk = ChatCompletionChunk(
        id="chatcmpl-stream",
        object="chat.completion.chunk",
        created=1_700_000_000,
        model=model,
        choices=choices,
        usage=CompletionUsage(
            prompt_tokens=usage[0], completion_tokens=usage[1], total_tokens=sum(usage)
        )
        if usage
        else None,
    )
    body: dict[str, Any] = chunk.model_dump(mode="json", exclude_none=True)
    return body


def openai_stream(pieces: list[str], *, prompt: int = 120, output: int = 30) -> list[Any]:
    """The events of a streamed chat completion that writes ``pieces``, with usage at the end."""
    events: list[Any] = [openai_chunk(content=piece) for piece in pieces]
    events.append(openai_chunk(finish_reason="stop"))
    events.append(openai_chunk(usage=(prompt, output)))
    events.append("[DONE]")
    return events


def gemini_parts_response(
    parts: list[Any], *, usage: tuple[int, int] | None = (100, 20), finish: bool = True
) -> dict[str, Any]:
    """A generateContent body (or one streamed chunk of one) with the given ``types.Part`` list."""
    from google.genai import types

    response = types.GenerateContentResponse(
        candidates=[
            types.Candidate(
                content=types.Content(role="model", parts=parts),
                finish_reason=types.FinishReason.STOP if finish else None,
                index=0,
            )
        ],
        usage_metadata=types.GenerateContentResponseUsageMetadata(
            prompt_token_count=usage[0],
            candidates_token_count=usage[1],
            total_token_count=sum(usage),
        )
        if usage
        else None,
        model_version="gemini-2.5-flash",
    )
    body: dict[str, Any] = response.model_dump(mode="json", by_alias=True, exclude_none=True)
    return body


def gemini_stream(pieces: list[str], *, prompt: int = 100, output: int = 20) -> list[Any]:
    """The events of a streamed generateContent that writes ``pieces``.

    As the service does it: every chunk carries the usage so far, the last one the total.
    """
    from google.genai import types

    events: list[Any] = []
    for n, piece in enumerate(pieces, 1):
        last = n == len(pieces)
        events.append(
            gemini_parts_response(
                [types.Part(text=piece)],
                usage=(prompt, output if last else n),
                finish=last,
            )
        )
    return events
