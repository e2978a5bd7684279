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

A request is matched on its canonical form (:mod:`~notebook_router.providers.canonical`):
run ids, folders, times and durations normalised. When that finds no reply
left, the request is matched once more without what earlier runs left in the
session database (a kernel replaying in the recording's own folder shows its
planner more earlier runs than the recording did). Recorded replies are served
in the order they were recorded, each once while unused ones remain. A miss
names the call it is about ("no recorded reply for router.decide ...").

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
from dataclasses import dataclass
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
from notebook_router.providers.canonical import canonical_key, loose_key
from notebook_router.text.secrets import redact
from notebook_router.usage import Usage

Mode = Literal["record", "replay", "auto"]
MODES: tuple[Mode, ...] = ("record", "replay", "auto")
FORMAT_VERSION = 2
"""Version 2: ``hash`` is the canonical request's, and ``loose`` the hash without earlier
runs' memory (when the request shows any). Version 1 lines are matched the same way: their
hashes are worked out again from the request they keep."""


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
    """A stable hash of everything that decides a request's reply, made canonical."""
    return _hash(canonical_key(request_key(spec, request)))


def _hash(key: dict[str, Any]) -> str:
    canonical = json.dumps(key, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def _hashes(key: dict[str, Any]) -> tuple[str, str]:
    """The strict and the loose hash of a request key (the same when it shows no memory)."""
    strict = _hash(canonical_key(key))
    loose = loose_key(key)
    return strict, strict if loose is None else _hash(loose)


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
        self._entries: dict[str, list[_Entry]] = defaultdict(list)
        """Recorded calls by strict hash, in recording order."""
        self._loose: dict[str, list[_Entry]] = defaultdict(list)
        """The same calls by loose hash (see :func:`~.canonical.loose_key`)."""
        self.hits = self.misses = 0
        if self.path.exists():
            self._load()
        elif mode == "replay":
            raise ConfigError(
                f"No recording at {self.path}. Record one first (mode 'record' or 'auto', "
                "e.g. %route model openai:gpt-4o-mini --record FILE), or check the path."
            )

    async def complete(self, request: CompletionRequest) -> Completion:
        raw = request_key(self.spec, request)
        key = _hashes(raw)
        found = self._replay(key, request)
        if found is not None:
            return _completion(found)
        if self.mode == "replay":
            assert self.fallback is not None  # _replay raised otherwise
            return await self.fallback.complete(request)
        assert self.inner is not None
        completion = await self.inner.complete(request)
        self._write(key, raw, request, completion)
        return completion

    async def stream(self, request: CompletionRequest, on_text: TextSink) -> Completion:
        """Like :meth:`complete`, with the reply's text handed to ``on_text`` in pieces:
        a replayed call in the pieces it was recorded in (one, if it was not streamed),
        a recorded one as the wrapped provider streams it."""
        raw = request_key(self.spec, request)
        key = _hashes(raw)
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
        self._write(key, raw, request, completion, pieces if streamed else None)
        return completion

    def _replay(self, key: tuple[str, str], request: CompletionRequest) -> dict[str, Any] | None:
        """The recorded entry to serve, if any; a miss in strict replay raises."""
        if self.mode == "record":
            return None
        found = self._next(key)
        if found is not None:
            self.hits += 1
            return found
        self.misses += 1
        if self.mode == "replay" and self.fallback is None:
            raise self._miss(key[0], request)
        return None

    def _next(self, key: tuple[str, str]) -> dict[str, Any] | None:
        """The first unused reply recorded for this request (strictly, then loosely
        matched); once all are used, the last one again."""
        strict, loose = key
        candidates = [self._entries.get(strict, []), self._loose.get(loose, [])]
        for entries in candidates:
            for entry in entries:
                if not entry.used:
                    entry.used = True
                    return entry.line
        for entries in candidates:
            if entries:
                return entries[-1].line
        return None

    def _miss(self, key: str, request: CompletionRequest) -> ReplayMissError:
        lines = [e.line for es in self._entries.values() for e in es]
        purposes = sorted({line["purpose"] for line in lines})
        same = [line for line in lines if line["purpose"] == request.purpose]
        near = _first_difference(request_key(self.spec, request), same)
        return ReplayMissError(
            f"no recorded reply for {request.purpose} (a call to {self.spec}, request "
            f"{key[:12]}) in {self.path}: record again (%route model {self.spec} --record "
            f"{self.path.name}), or replay with a fallback model. The recording holds "
            f"{len(lines)} calls ({', '.join(purposes) or 'none'}){near}. The notebook, its "
            "data or its agents changed since it was recorded."
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
                self._keep(entry, _hashes(entry["request"]))

    def _keep(self, line: dict[str, Any], key: tuple[str, str], used: bool = False) -> None:
        entry = _Entry(line, used)
        self._entries[key[0]].append(entry)
        self._loose[key[1]].append(entry)

    def _write(
        self,
        key: tuple[str, str],
        raw: dict[str, Any],
        request: CompletionRequest,
        completion: Completion,
        chunks: list[str] | None = None,
    ) -> None:
        for message in request.messages:
            for media in message.media:
                target = self.media_dir / media.digest
                if not target.exists():
                    self.media_dir.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(media.raw)
        entry = {
            "v": FORMAT_VERSION,
            "hash": key[0],
            **({"loose": key[1]} if key[1] != key[0] else {}),
            "provider": self.name,
            "model": self.model,
            "purpose": request.purpose,
            "request": raw,
            "response": _response(completion, chunks),
            "usage": completion.usage.model_dump(),
            "latency_s": round(completion.latency_s, 4),
            "recorded_at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry, ensure_ascii=False) + "\n")
        self._keep(entry, key, used=True)

    def __repr__(self) -> str:
        return f"RecordingProvider({self.spec!r}, {str(self.path)!r}, mode={self.mode!r})"


@dataclass(slots=True)
class _Entry:
    """One recorded call, and whether replay has served it yet."""

    line: dict[str, Any]
    used: bool = False


def _first_difference(key: dict[str, Any], recorded: list[dict[str, Any]]) -> str:
    """Where ``key`` first differs from the closest recorded request of its purpose, in
    words (empty when there is none to compare with)."""
    if not recorded:
        return ""
    asked = canonical_key(key)
    best: tuple[int, str] | None = None
    for line in recorded:
        theirs = canonical_key(line["request"])
        for field in ("schema", "tools", "temperature", "max_output_tokens"):
            if asked.get(field) != theirs.get(field):
                found = (0, f"its {field.replace('_', ' ')}")
                break
        else:
            found = _text_difference(asked["messages"], theirs["messages"])
        if best is None or found[0] > best[0]:
            best = found
    assert best is not None
    return f"; the closest recorded {key['purpose']} differs at {best[1]}"


def _text_difference(
    asked: list[dict[str, Any]], recorded: list[dict[str, Any]]
) -> tuple[int, str]:
    """How long a prefix two message lists share, and where they part, quoted briefly."""
    ours = json.dumps(asked, ensure_ascii=False)
    theirs = json.dumps(recorded, ensure_ascii=False)
    n = 0
    while n < min(len(ours), len(theirs)) and ours[n] == theirs[n]:
        n += 1
    if n == len(ours) == len(theirs):
        return n, "nothing: its reply was used up"
    start = max(0, n - 30)
    return n, f"…{ours[start : n + 30]}… (recorded: …{theirs[start : n + 30]}…)"


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
