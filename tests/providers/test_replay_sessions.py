"""A notebook session recorded with a model replays every run, in a fresh folder and its own.

The model is a loopback OpenAI server that plans from what it is sent
(tests/providers/planner_model.py); the runs keep a session database and a
memory, as a notebook's do, so from the second run on the planner is shown
the earlier runs. Replays run with the server gone and no key.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from notebook_router import Router, agent
from notebook_router.providers.canonical import canonical_text
from notebook_router.providers.recording import RecordingProvider, request_hash
from notebook_router.providers.registry import resolve_model
from notebook_router.store import SessionStore
from notebook_router.store.memory import RunMemory
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.planner_model import planner_server

QUERIES = [
    "Load the numbers for North",
    "Load the numbers for South",
    "now do the same for East",
]


@agent(can=["numbers", "load", "data"], description="Loads the numbers of a region.")
def numbers(task: str) -> str:
    return f"numbers for {task}"


async def _session(folder: Path, model: Any, queries: list[str] = QUERIES) -> list[tuple[str, str]]:
    """Run ``queries`` one after another as a notebook does: one store, one memory."""
    with SessionStore(folder / ".notebook_router") as store:
        memory = RunMemory.of(store, "analysis.ipynb")
        out: list[tuple[str, str]] = []
        for query in queries:
            router = Router([numbers], model=model, store=store, memory=memory, builtins=False)
            result = await router.run(query)
            out.append((result.stop_reason, result.answer))
        return out


async def _record(folder: Path) -> tuple[Path, list[tuple[str, str]]]:
    server = planner_server()
    recording = folder / "calls.jsonl"
    try:
        model = resolve_model(
            "openai:gpt-4o-mini",
            base_url=server.url + "/v1",
            api_key=FAKE_OPENAI_KEY,
            record=recording,
        )
        answers = await _session(folder, model)
    finally:
        server.close()
    assert [r for r, _ in answers] == ["completed"] * 3
    return recording, answers


async def test_every_run_of_a_session_replays_in_a_fresh_folder_and_in_its_own(
    tmp_path: Path,
) -> None:
    recorded = tmp_path / "recorded"
    recorded.mkdir()
    recording, answers = await _record(recorded)
    # The planner saw the earlier runs from the second run on: that is what used to miss.
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    assert [line["purpose"] for line in lines] == ["router.decide", "router.synthesise"] * 3
    assert '"arc"' in lines[2]["request"]["messages"][1]["content"]

    fresh = tmp_path / "fresh"
    fresh.mkdir()
    replayed = resolve_model("openai:gpt-4o-mini", replay=recording)
    assert await _session(fresh, replayed) == answers
    # Its own folder: the database holds the recorded runs too, so the planner is shown
    # more earlier runs than when it was recorded.
    again = resolve_model("openai:gpt-4o-mini", replay=recording)
    assert await _session(recorded, again) == answers
    assert isinstance(again, RecordingProvider) and (again.hits, again.misses) == (6, 0)


async def test_a_replay_miss_ends_the_run_and_names_the_call(tmp_path: Path) -> None:
    recording, _ = await _record(tmp_path)
    replayed = resolve_model("openai:gpt-4o-mini", replay=recording)
    with SessionStore(tmp_path / "other") as store:
        result = await Router([numbers], model=replayed, store=store, builtins=False).run(
            "Load the numbers for West"
        )
    assert result.stop_reason == "replay_miss"
    assert result.stop_detail.startswith(
        "no recorded reply for router.decide (a call to openai:gpt-4o-mini, request "
    )
    assert "record again (%route model openai:gpt-4o-mini --record calls.jsonl)" in (
        result.stop_detail
    )
    # Where the closest recorded request of that purpose parts from this one.
    assert "differs at" in result.stop_detail and "West" in result.stop_detail
    assert result.answer.startswith("The run ended before any task finished (a model call is")


def test_volatile_parts_of_a_request_are_normalised(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    text = (
        f"run 3f2a9c0d1b7e read {tmp_path}/data/sales.csv at 2025-03-01T10:15:02Z in 1.25 s\n"
        '```json\n{"b": 1, "arc": {"runs": [{"run_id": "3f2a9c0d1b7e", "goal": "x"}]}, "a": 2}\n```'
    )
    assert canonical_text(text) == (
        "run <run> read <folder>/data/sales.csv at <time> in <duration>\n"
        '```json\n{"a": 2, "arc": {"runs": [{"goal": "x"}]}, "b": 1}\n```'
    )
    assert canonical_text(text, memory=False).endswith('```json\n{"a": 2, "b": 1}\n```')
    # Words and numbers that are the question stay as they are.
    assert canonical_text("top 5 sales in 2024, deadbeef") == "top 5 sales in 2024, deadbeef"


async def test_a_recording_made_before_canonical_matching_still_replays(tmp_path: Path) -> None:
    """Lines of format 1 kept the hash of the request as sent: it is worked out again."""
    recording, answers = await _record(tmp_path)
    old = []
    for text in recording.read_text().splitlines():
        line = json.loads(text)
        line.update(v=1, hash="0" * 64)
        line.pop("loose", None)
        old.append(json.dumps(line))
    recording.write_text("\n".join(old) + "\n")
    replayed = resolve_model("openai:gpt-4o-mini", replay=recording)
    assert await _session(tmp_path / "fresh", replayed) == answers


@pytest.mark.parametrize("spec", ["openai:gpt-4o-mini"])
def test_the_hash_ignores_run_ids_but_not_the_question(spec: str) -> None:
    from notebook_router.providers.base import CompletionRequest, Message

    def asked(content: str) -> CompletionRequest:
        return CompletionRequest(messages=(Message(role="user", content=content),))

    assert request_hash(spec, asked("see run 3f2a9c0d1b7e")) == request_hash(
        spec, asked("see run 0a1b2c3d4e5f")
    )
    assert request_hash(spec, asked("North")) != request_hash(spec, asked("South"))
