"""Streamed calls and tool calls through record and replay; older recordings still replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from notebook_router.errors import ReplayMissError
from notebook_router.media import Media
from notebook_router.providers.base import (
    CompletionRequest,
    Message,
    ModelClient,
    ToolCall,
    ToolDef,
)
from notebook_router.providers.offline import OfflineProvider
from notebook_router.providers.openai import OpenAIProvider
from notebook_router.providers.recording import RecordingProvider, request_hash
from notebook_router.usage import Usage
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.servers import LoopbackServer, openai_stream, openai_tool_completion

PIECES = ["Revenue ", "fell ", "14% ", "over ", "the year."]
SPEC = "openai:gpt-4o-mini"
NOTEBOOK_RECORDINGS = Path(__file__).parents[2] / "notebooks" / "recordings"


def _live(server: LoopbackServer) -> OpenAIProvider:
    return OpenAIProvider(SPEC.partition(":")[2], api_key=FAKE_OPENAI_KEY, base_url=server.url)


def _ask(text: str = "summarise the year", **fields: object) -> CompletionRequest:
    return CompletionRequest(messages=(Message(role="user", content=text),), **fields)  # type: ignore[arg-type]


async def test_a_streamed_call_replays_in_the_same_pieces_with_no_model(
    tmp_path: Path, server: LoopbackServer
) -> None:
    path = tmp_path / "stream.jsonl"
    server.stream(openai_stream(PIECES, prompt=300, output=40))
    recorder = RecordingProvider(SPEC, path, mode="record", inner=_live(server))
    live: list[str] = []
    recorded = await ModelClient(recorder, lambda *_: None, "synthesis").complete(
        _ask(), on_text=live.append
    )
    assert live == PIECES
    [entry] = [json.loads(line) for line in path.read_text().splitlines()]
    assert entry["response"]["chunks"] == PIECES
    assert entry["response"]["text"] == "".join(PIECES)
    server.close()

    replayer = RecordingProvider(SPEC, path, mode="replay")  # no model, no server
    spent: list[Usage] = []
    replayed_pieces: list[str] = []
    replayed = await ModelClient(
        replayer, lambda usage, _: spent.append(usage), "synthesis"
    ).complete(_ask(), on_text=replayed_pieces.append)
    assert replayed_pieces == PIECES
    assert replayed.text == recorded.text and replayed.usage == recorded.usage
    assert spent == [recorded.usage] and replayer.hits == 1


async def test_a_call_recorded_whole_replays_as_one_piece(tmp_path: Path) -> None:
    path = tmp_path / "whole.jsonl"
    request = _ask("Summarise\nRevenue fell in May. Costs were flat.")
    recorder = RecordingProvider("offline:default", path, mode="record", inner=OfflineProvider())
    whole = await recorder.complete(request)
    assert "chunks" not in json.loads(path.read_text())["response"]
    seen: list[str] = []
    replayed = await RecordingProvider("offline:default", path, mode="replay").stream(
        request, seen.append
    )
    assert seen == [whole.text] and replayed.text == whole.text


async def test_recorded_tool_calls_replay_and_the_tools_offered_are_part_of_the_request(
    tmp_path: Path, server: LoopbackServer
) -> None:
    path = tmp_path / "tools.jsonl"
    tools = (ToolDef(name="agents.retrieve", parameters={"type": "object"}),)
    server.reply(200, openai_tool_completion([("call_1", "agents_retrieve", '{"query": "q"}')]))
    request = _ask(tools=tools, tool_choice="required")
    recorder = RecordingProvider(SPEC, path, mode="record", inner=_live(server))
    recorded = await recorder.complete(request)
    assert recorded.tool_calls == (
        ToolCall(id="call_1", name="agents.retrieve", arguments={"query": "q"}),
    )
    server.close()

    replayer = RecordingProvider(SPEC, path, mode="replay")
    assert (await replayer.complete(request)).tool_calls == recorded.tool_calls
    # The same words with other tools on offer (or none) are another question.
    for other in (_ask(), _ask(tools=(ToolDef(name="call_agent"),), tool_choice="required")):
        with pytest.raises(ReplayMissError):
            await replayer.complete(other)


def test_tool_calls_and_results_in_the_conversation_change_the_hash() -> None:
    call = ToolCall(id="call_1", name="call_agent", arguments={"agent": "plotter"})
    asked = Message(role="assistant", content="", tool_calls=(call,))
    answered = Message(role="tool", content="done", tool_call_id="call_1")
    base = _ask()
    with_calls = CompletionRequest(messages=(*base.messages, asked, answered))
    other_args = call.model_copy(update={"arguments": {"agent": "writer"}})
    changed = CompletionRequest(
        messages=(*base.messages, asked.model_copy(update={"tool_calls": (other_args,)}), answered)
    )
    hashes = {request_hash(SPEC, r) for r in (base, with_calls, changed)}
    assert len(hashes) == 3


def test_requests_without_tools_hash_as_before_tool_calling() -> None:
    # Computed by the code before tool calls existed: recordings made then must still replay.
    request = CompletionRequest(
        messages=(
            Message(role="system", content="be brief"),
            Message(
                role="user",
                content="describe",
                media=(Media(mime_type="image/png", data=b"\x89PNG", source="Out[1]"),),
            ),
        ),
        schema={"type": "object"},
        purpose="router.synthesise",
        temperature=0.0,
    )
    assert request_hash(SPEC, request) == (
        "3178807d73b03ed14d10b1c76c05508fa125357e520e99c902de6c33762bebd6"
    )


@pytest.mark.parametrize("path", sorted(NOTEBOOK_RECORDINGS.glob("*.jsonl")), ids=lambda p: p.name)
async def test_the_notebooks_recordings_still_replay(path: Path) -> None:
    for entry in _entries(path):
        key = entry["request"]
        request = CompletionRequest(
            messages=tuple(
                Message(role=m["role"], content=m["content"], media=_media(path, m["media"]))
                for m in key["messages"]
            ),
            schema=key["schema"],
            schema_name=key["schema_name"],
            purpose=key["purpose"],
            temperature=key["temperature"],
            max_output_tokens=key["max_output_tokens"],
        )
        assert request_hash(key["model"], request) == entry["hash"]
        seen: list[str] = []
        replayed = await RecordingProvider(key["model"], path, mode="replay").stream(
            request, seen.append
        )
        assert replayed.text == entry["response"]["text"]
        assert "".join(seen) == replayed.text


def _entries(recording: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in recording.read_text().splitlines() if line.strip()]


def _media(recording: Path, parts: list[dict[str, str]]) -> tuple[Media, ...]:
    folder = recording.with_name(recording.name + ".media")
    return tuple(
        Media(mime_type=part["mime_type"], data=(folder / part["digest"]).read_bytes())
        for part in parts
    )


async def test_the_offline_model_streams_a_few_words_at_a_time() -> None:
    request = _ask(
        "Summarise the revenue\nRevenue rose in March after the launch. Costs were flat "
        "all year. Revenue fell in May when the promotion ended."
    )
    seen: list[str] = []
    completion = await ModelClient(OfflineProvider(), lambda *_: None, "synthesis").complete(
        request, on_text=seen.append
    )
    assert len(seen) > 3 and "".join(seen) == completion.text
    assert all(len(piece.split()) <= 4 for piece in seen)
    again: list[str] = []
    await OfflineProvider().stream(request, again.append)
    assert again == seen  # the same pieces every time
