"""Record and replay model calls.

Wrap any provider to write every call to a JSON Lines file next to the
notebook (one line per call: provider, model, parameters, messages, schema,
media digests, the response, usage and latency; media bytes stored once,
by digest, in a folder beside it). Replay serves the same responses by
request hash with no network and no key, so a notebook made with a real
model re-runs identically on Binder or in CI.

Modes: ``record`` (always call the model, append), ``replay`` (never call
it; a miss is a loud error, or goes to a fallback model if one is given),
``auto`` (replay hits, record misses).

A streamed call is recorded with its pieces (``chunks``) besides the whole
text, and replays piece by piece; tools offered and tool calls made are
recorded too. Requests without tools hash as they always did, so older
recordings still replay.

Keys never reach a recording: requests carry none, and every string is
passed through :func:`~notebook_router.text.secrets.redact` anyway.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from notebook_router.errors import ConfigError, ReplayMissError
from notebook_router.providers.base import (
    Completion,
    CompletionRequest,
    Message,
    Provider,
    TextSink,
    ToolCall,
    stream_or_complete,
)
from notebook_router.text.secrets import redact
from notebook_router.usage import Usage

Mode = Literal["record", "replay", "auto"]
MODES: tuple[Mode, ...] = ("record", "replay", "auto")
FORMAT_VERSION = 1


def request_key(spec: str, request: CompletionRequest) -> dict[str, Any]:
    """The parts of a request that decide its reply (what the hash covers).

    Tools, tool calls and tool results appear only when a request has them, so
    a request without them hashes as it did before tool calling existed.
    """
    key: dict[str, Any] = {
        "model": spec,
        "purpose": request.purpose,
        "messages": [_message_key(m) for m in request.messages],
        "schema": request.json_schema,
        "schema_name": request.schema_name,
        "temperature": request.temperature,
        "max_output_tokens": request.max_output_tokens,
    }
    if request.tools:
        key["tools"] = [tool.model_dump() for tool in request.tools]
        key["tool_choice"] = request.tool_choice
    return key


def _message_key(message: Message) -> dict[str, Any]:
    key: dict[str, Any] = {
        "role": message.role,
        "content": redact(message.content),
        "media": [{"mime_type": x.mime_type, "digest": x.digest} for x in message.media],
    }
    if message.tool_calls:
        # Not the signature: an opaque token the provider made, not part of the question.
        key["tool_calls"] = [
            {"id": c.id, "name": c.name, "arguments": _redacted(c.arguments)}
            for c in message.tool_calls
        ]
    if message.tool_call_id is not None:
        key["tool_call_id"] = message.tool_call_id
    return key


def _redacted(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {k: _redacted(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_redacted(v) for v in value]
    return value


def request_hash(spec: str, request: CompletionRequest) -> str:
    """A stable hash of everything that decides a request's reply."""
    canonical = json.dumps(request_key(spec, request), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


class RecordingProvider:
    """A provider that records its calls, replays them, or both."""

    # Recorded runs schedule in waves (decide after all running tasks end),
    # so the same run asks the same questions in the same order on replay.
    deterministic_schedule = True

    def __init__(
        self,
        spec: str,
        path: str | Path,
        *,
        mode: Mode = "auto",
        inner: Provider | None = None,
        fallback: Provider | None = None,
    ) -> None:
        if mode not in MODES:
            raise ConfigError(f"Unknown recording mode {mode!r}: use record, replay or auto.")
        if mode != "replay" and inner is None:
            raise ConfigError(f"Mode {mode!r} calls the model, so it needs a provider to wrap.")
        self.name, _, self.model = spec.partition(":")
        self.spec = spec
        self.path = Path(path)
        self.media_dir = self.path.with_name(self.path.name + ".media")
        self.mode: Mode = mode
        self.inner = inner
        self.fallback = fallback
        self._entries: dict[str, list[dict[str, Any]]] = defaultdict(list)
        self._served: dict[str, int] = defaultdict(int)
        self.hits = self.misses = 0
        if self.path.exists():
            self._load()
        elif mode == "replay":
            raise ConfigError(
                f"No recording at {self.path}. Record one first (mode 'record' or 'auto', "
                "e.g. %route model openai:gpt-4o-mini --record FILE), or check the path."
            )

    async def complete(self, request: CompletionRequest) -> Completion:
        key = request_hash(self.spec, request)
        found = self._replay(key, request)
        if found is not None:
            return _completion(found)
        if self.mode == "replay":
            assert self.fallback is not None  # _replay raised otherwise
            return await self.fallback.complete(request)
        assert self.inner is not None
        completion = await self.inner.complete(request)
        self._write(key, request, completion)
        return completion

    async def stream(self, request: CompletionRequest, on_text: TextSink) -> Completion:
        """Like :meth:`complete`, with the reply's text handed to ``on_text`` in pieces:
        a replayed call in the pieces it was recorded in (one, if it was not streamed),
        a recorded one as the wrapped provider streams it."""
        key = request_hash(self.spec, request)
        found = self._replay(key, request)
        if found is not None:
            response = found["response"]
            for piece in response.get("chunks") or [response["text"]]:
                if piece:
                    on_text(piece)
            return _completion(found)
        if self.mode == "replay":
            assert self.fallback is not None  # _replay raised otherwise
            return await stream_or_complete(self.fallback, request, on_text)
        assert self.inner is not None
        pieces: list[str] = []

        def keep(piece: str) -> None:
            pieces.append(piece)
            on_text(piece)

        completion = await stream_or_complete(self.inner, request, keep)
        streamed = getattr(self.inner, "stream", None) is not None
        self._write(key, request, completion, pieces if streamed else None)
        return completion

    def _replay(self, key: str, request: CompletionRequest) -> dict[str, Any] | None:
        """The recorded entry to serve, if any; a miss in strict replay raises."""
        if self.mode == "record":
            return None
        found = self._next(key)
        if found is not None:
            self.hits += 1
            return found
        self.misses += 1
        if self.mode == "replay" and self.fallback is None:
            raise self._miss(key, request)
        return None

    def _next(self, key: str) -> dict[str, Any] | None:
        entries = self._entries.get(key)
        if not entries:
            return None
        index = min(self._served[key], len(entries) - 1)
        self._served[key] += 1
        return entries[index]

    def _miss(self, key: str, request: CompletionRequest) -> ReplayMissError:
        purposes = sorted({e["purpose"] for es in self._entries.values() for e in es})
        return ReplayMissError(
            f"{self.path} has no recorded reply for this {request.purpose} call to {self.spec} "
            f"(request {key[:12]}; the recording holds {sum(map(len, self._entries.values()))} "
            f"calls: {', '.join(purposes) or 'none'}). The notebook or its agents changed since "
            "it was recorded: record again with --record, or replay with a fallback model."
        )

    def _load(self) -> None:
        with self.path.open(encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    entry = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise ConfigError(
                        f"{self.path}, line {number}: not JSON ({exc.msg})."
                    ) from None
                self._entries[entry["hash"]].append(entry)

    def _write(
        self,
        key: str,
        request: CompletionRequest,
        completion: Completion,
        chunks: list[str] | None = None,
    ) -> None:
        for message in request.messages:
            for media in message.media:
                target = self.media_dir / media.digest
                if not target.exists():
                    self.media_dir.mkdir(parents=True, exist_ok=True)
                    raw = media.raw
                    target.write_bytes(raw)
        entry = {
            "v": FORMAT_VERSION,
            "hash": key,
            "provider": self.name,
            "model": self.model,
            "purpose": request.purpose,
            "request": request_key(self.spec, request),
            "response": _response(completion, chunks),
            "usage": completion.usage.model_dump(),
            "latency_s": round(completion.latency_s, 4),
            "recorded_at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry, ensure_ascii=False) + "\n")
        self._entries[key].append(entry)
        self._served[key] += 1

    def __repr__(self) -> str:
        return f"RecordingProvider({self.spec!r}, {str(self.path)!r}, mode={self.mode!r})"


def _response(completion: Completion, chunks: list[str] | None) -> dict[str, Any]:
    text = redact(completion.text)
    response: dict[str, Any] = {"text": text, "model": completion.model}
    if completion.tool_calls:
        response["tool_calls"] = [
            {**call.model_dump(exclude_none=True), "arguments": _redacted(call.arguments)}
            for call in completion.tool_calls
        ]
    if chunks is not None:
        pieces = [redact(piece) for piece in chunks]
        # A key split across two pieces is redacted in the text but in neither piece:
        # then the pieces would replay it, so the text replays whole instead.
        response["chunks"] = pieces if "".join(pieces) == text else [text]
    return response


def _completion(entry: dict[str, Any]) -> Completion:
    response = entry["response"]
    return Completion(
        text=response["text"],
        model=response["model"],
        usage=Usage(**entry["usage"]),
        latency_s=0.0,
        tool_calls=tuple(ToolCall(**call) for call in response.get("tool_calls", ())),
    )
