"""Real HTTP servers on loopback that speak the providers' wire formats.

Response bodies are built from the SDKs' own response types, so if a
provider misreads the wire format, the SDK parse fails here just as it would
against the real service.
"""

from __future__ import annotations

import json
import threading
from collections import deque
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


class LoopbackServer:
    """Answers each request with the next scripted reply (the last one repeats)."""

    def __init__(self) -> None:
        self.requests: list[Seen] = []
        self.replies: deque[Reply] = deque()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                import time

                length = int(self.headers.get("content-length", "0"))
                raw = self.rfile.read(length) if length else b"{}"
                server.requests.append(
                    Seen(
                        "POST",
                        self.path,
                        {k.lower(): v for k, v in self.headers.items()},
                        json.loads(raw or b"{}"),
                        time.monotonic(),
                    )
                )
                reply = server.replies.popleft() if len(server.replies) > 1 else server.replies[0]
                payload = json.dumps(reply.body).encode()
                self.send_response(reply.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(payload)))
                for key, value in reply.headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(payload)

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

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


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
