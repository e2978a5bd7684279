"""Time to the first visible answer token: a streamed reply against a whole one.

A loopback OpenAI-compatible server (stdlib ``http.server`` in a thread)
plays a model that thinks for ``FIRST_S`` before its first token, then writes
a ~300-token answer in ``CHUNKS`` pieces, ``GAP_S`` apart. Asked to stream,
it sends the pieces as server-sent events as they are written; asked for the
whole reply, it answers once the last piece would have been written, as a
real model does. The client is the real thing: ``ModelClient.complete``
through ``OpenAIProvider`` and the OpenAI SDK.

Run standalone (``python bench/streaming_workloads.py``) it prints one JSON line.
"""

from __future__ import annotations

import asyncio
import gc
import json
import statistics
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from notebook_router.providers.base import CompletionRequest, Message, ModelClient
from notebook_router.providers.openai import OpenAIProvider
from notebook_router.usage import Usage

FIRST_S = 0.2
GAP_S = 0.01
CHUNKS = 60
WORDS = (
    "Revenue fell fourteen percent over the year while costs stayed flat so the margin "
    "narrowed from the spring peak and the forecast for next quarter is a small decline "
).split()
# ~5 tokens a chunk, 300 in all: a synthesis of a few paragraphs.
PIECES = [" ".join(WORDS[(i * 4) % len(WORDS) :][:4]) + " " for i in range(CHUNKS)]
ANSWER = "".join(PIECES)


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 1),
        "min": round(min(values), 1),
        "max": round(max(values), 1),
    }


def _chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    return {
        "id": "chatcmpl-bench",
        "object": "chat.completion.chunk",
        "created": 1_700_000_000,
        "model": "bench-model",
        "choices": [choice],
    }


class _Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        length = int(self.headers.get("content-length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        time.sleep(FIRST_S)  # the model reads the prompt and starts to write
        if body.get("stream"):
            self._stream()
        else:
            self._whole()

    def _stream(self) -> None:
        self.protocol_version = "HTTP/1.1"
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("transfer-encoding", "chunked")
        self.send_header("connection", "close")
        self.end_headers()
        events: list[Any] = [_chunk({"role": "assistant", "content": PIECES[0]})]
        events += [_chunk({"content": piece}) for piece in PIECES[1:]]
        events.append(_chunk({}, "stop"))
        usage = {"prompt_tokens": 800, "completion_tokens": 300, "total_tokens": 1100}
        events.append({**_chunk({}), "choices": [], "usage": usage})
        events.append("[DONE]")
        for n, event in enumerate(events):
            if 0 < n < CHUNKS:
                time.sleep(GAP_S)
            text = event if isinstance(event, str) else json.dumps(event)
            data = f"data: {text}\n\n".encode()
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")

    def _whole(self) -> None:
        time.sleep(GAP_S * (CHUNKS - 1))  # the same writing, unseen until it is done
        payload = json.dumps(
            {
                "id": "chatcmpl-bench",
                "object": "chat.completion",
                "created": 1_700_000_000,
                "model": "bench-model",
                "choices": [
                    {
                        "index": 0,
                        "finish_reason": "stop",
                        "message": {"role": "assistant", "content": ANSWER},
                    }
                ],
                "usage": {"prompt_tokens": 800, "completion_tokens": 300, "total_tokens": 1100},
            }
        ).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: Any) -> None:
        pass


async def _one(client: ModelClient, request: CompletionRequest) -> tuple[float, float, float]:
    """(ms to the first piece, ms to the whole streamed reply, ms to the whole unstreamed one)."""
    first: list[float] = []
    started = time.perf_counter()

    def on_text(piece: str) -> None:
        if not first:
            first.append(time.perf_counter())

    completion = await client.complete(request, on_text=on_text)
    whole = time.perf_counter()
    assert completion.text == ANSWER, completion.text[:80]
    again = time.perf_counter()
    unstreamed = await client.complete(request)
    done = time.perf_counter()
    assert unstreamed.text == ANSWER
    return (first[0] - started) * 1e3, (whole - started) * 1e3, (done - again) * 1e3


async def time_to_first_token(repeats: int) -> dict[str, Any]:
    """Median time to the first streamed piece, to the whole streamed reply, and to the
    whole reply unstreamed (the baseline: what a user waited for before streaming)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        provider = OpenAIProvider(
            "bench-model", api_key="bench", base_url=f"http://127.0.0.1:{server.server_port}/v1"
        )
        spent: list[Usage] = []
        client = ModelClient(provider, lambda usage, _: spent.append(usage), "synthesis")
        request = CompletionRequest(
            messages=(Message(role="user", content="Summarise the year's revenue."),),
            purpose="router.synthesise",
        )
        await _one(client, request)  # warm: SDK imports, connection pool
        firsts, wholes, unstreamed = [], [], []
        for _ in range(repeats):
            gc.collect()
            first, whole, plain = await _one(client, request)
            firsts.append(first)
            wholes.append(whole)
            unstreamed.append(plain)
        assert all(u.output_tokens == 300 for u in spent)
    finally:
        server.shutdown()
        server.server_close()
    return {
        "bench": "time_to_first_token",
        "first_token_ms": round(statistics.median(firsts), 1),
        "first_token_spread": _spread(firsts),
        "whole_answer_ms": round(statistics.median(wholes), 1),
        "unstreamed_ms": round(statistics.median(unstreamed), 1),
        "model_first_token_ms": FIRST_S * 1e3,
        "chunks": CHUNKS,
        "repeats": repeats,
    }


if __name__ == "__main__":
    print(json.dumps(asyncio.run(time_to_first_token(5))), flush=True)
