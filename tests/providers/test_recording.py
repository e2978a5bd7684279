"""Record a run, replay it with no model, key or network, in a fresh process."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from notebook_router import Router, Run
from notebook_router.agents.loader import load_agents
from notebook_router.errors import ConfigError, ReplayMissError
from notebook_router.media import Media
from notebook_router.planner import events as ev
from notebook_router.providers.base import CompletionRequest, Message, ModelClient, Provider
from notebook_router.providers.recording import RecordingProvider, request_hash
from notebook_router.providers.registry import resolve_model
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.servers import LoopbackServer, openai_completion

TASK = "Load the sales table for the North region, then plot monthly revenue, summarise the trend and forecast next quarter"

# Offline runs plan with rules, so what a recording of one holds is the calls
# its agents make to the model: these two make one each.
ASKING_AGENTS = """
from notebook_router import agent

NOTES = "Revenue rose in March. Costs were flat. Revenue fell in May. The team hired two people."


@agent(can=["notes", "revenue"], description="Writes notes on revenue with the model.")
async def note_writer(task: str, model: object) -> str:
    return await model.ask(f"{task}\\n{NOTES}")


@agent(can=["check", "costs"], description="Checks what the notes say about costs, with the model.")
async def checker(task: str, model: object) -> str:
    return await model.ask(f"{task}\\n{NOTES}")
"""
ASKING_TASK = "Write notes on revenue, then check the costs"

REPLAY = """
import asyncio, json, sys
from notebook_router import Router
from notebook_router.agents.loader import load_agents
from notebook_router.providers.registry import resolve_model
async def main():
    model = resolve_model("offline", replay=sys.argv[2])
    run = Router(load_agents(sys.argv[1]), model=model).start(sys.argv[3])
    result = await run
    print(json.dumps({"answer": result.answer, "kinds": [e.kind for e in run.history],
                      "tokens": result.usage.total_tokens, "hits": model.hits}))
asyncio.run(main())
"""


def _events(run: Run) -> list[str]:
    return [e.kind for e in run.history]


@pytest.fixture
def asking_agents(tmp_path: Path) -> Path:
    path = tmp_path / "asking.py"
    path.write_text(ASKING_AGENTS)
    return path


async def test_record_then_replay_in_a_fresh_process(tmp_path: Path, asking_agents: Path) -> None:
    recording = tmp_path / "notes.jsonl"
    provider = resolve_model("offline", record=recording)
    run = Router(load_agents(str(asking_agents)), model=provider).start(ASKING_TASK)
    result = await run
    assert [t.agent for t in result.tasks] == ["note_writer", "checker"]
    assert result.usage.total_tokens > 0
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    # The agents' two model calls; planning made none.
    assert [line["purpose"] for line in lines] == ["chat", "chat"]
    assert all(line["provider"] == "offline" and line["v"] == 2 for line in lines)
    # Replay in a new interpreter: same answer, same events, nothing recomputed.
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-c", REPLAY, str(asking_agents), str(recording), ASKING_TASK],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    replayed = json.loads(done.stdout)
    assert replayed["answer"] == result.answer
    assert replayed["kinds"] == _events(run)
    assert replayed["tokens"] == result.usage.total_tokens
    assert replayed["hits"] == 2


async def test_a_real_provider_is_replayed_without_its_sdk_key_or_server(
    tmp_path: Path, server: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_OPENAI_KEY)
    recording = tmp_path / "openai.jsonl"
    server.reply(200, openai_completion('{"action": "complete", "reason": "nothing to do"}'))
    live = resolve_model("openai:gpt-4o-mini", record=recording, base_url=server.url + "/v1")
    first = await Router([], model=live).run("Think about nothing in particular")
    # The model planned nothing, so it is not asked to write up nothing: the answer says so.
    assert first.answer.startswith("For “Think about nothing in particular”, nothing was run")
    assert first.usage.calls == 1
    assert FAKE_OPENAI_KEY not in recording.read_text()
    server.close()
    monkeypatch.delenv("OPENAI_API_KEY")
    monkeypatch.setitem(sys.modules, "openai", None)  # the SDK is not even importable now
    replayed = await Router([], model=resolve_model("openai:gpt-4o-mini", replay=recording)).run(
        "Think about nothing in particular"
    )
    assert replayed.answer == first.answer
    assert replayed.usage == first.usage  # tokens and cost are replayed too


async def test_text_that_is_not_valid_unicode_reaches_the_model_and_the_recording(
    tmp_path: Path, server: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A query built from a file read with errors="surrogateescape" holds a lone
    # surrogate: no JSON request body or UTF-8 file can carry it as it is.
    query = b"Summarise the caf\xe9 menu".decode("utf-8", "surrogateescape")
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_OPENAI_KEY)
    recording = tmp_path / "openai.jsonl"
    server.reply(200, openai_completion('{"action": "complete", "reason": "nothing to do"}'))
    live = resolve_model("openai:gpt-4o-mini", record=recording, base_url=server.url + "/v1")
    first = await Router([], model=live).run(query)
    assert first.answer.startswith("For “Summarise the caf\ufffd menu”, nothing was run")
    prompt = json.dumps(server.requests[0].body, ensure_ascii=False)
    assert "caf\ufffd menu" in prompt  # shown as U+FFFD, the rest intact
    recording.read_text(encoding="utf-8")  # valid UTF-8 throughout
    server.close()
    replayed = await Router([], model=resolve_model("openai:gpt-4o-mini", replay=recording)).run(
        query
    )
    assert replayed.answer == first.answer


def test_media_text_with_escaped_bytes_has_the_bytes_it_was_read_from() -> None:
    svg = b"<svg><text>caf\xe9</text></svg>".decode("utf-8", "surrogateescape")
    media = Media(mime_type="image/svg+xml", data=svg)
    assert media.raw == b"<svg><text>caf\xe9</text></svg>" and media.size == len(media.raw)
    assert media.digest == Media(mime_type="image/svg+xml", data=media.raw).digest
    odd = Media(mime_type="text/plain", data="half a pair: \ud800")  # not an escaped byte
    assert odd.raw == "half a pair: \ud800".encode("utf-8", "surrogatepass")


async def test_replay_miss_is_loud_or_falls_back(tmp_path: Path, asking_agents: Path) -> None:
    agents = load_agents(str(asking_agents))
    recording = tmp_path / "r.jsonl"
    await Router(agents, model=resolve_model("offline", record=recording)).run(ASKING_TASK)
    strict = resolve_model("offline", replay=recording)
    with pytest.raises(
        ReplayMissError, match=r"^no recorded reply for router\.decide .*: record again"
    ):
        await strict.complete(
            CompletionRequest(
                messages=(Message(role="user", content="new"),), purpose="router.decide"
            )
        )
    # A changed request inside a run fails the agent that made it and ends the run, saying why.
    result = await Router(agents, model=strict).run("Write notes on revenue in May")
    assert result.task("t1").status == "failed"
    assert "no recorded reply for chat" in (result.task("t1").error or "")
    assert result.stop_reason == "replay_miss"
    assert result.stop_detail.startswith("no recorded reply for chat (a call to offline:default")
    assert "a model call is not in the recording" in result.answer
    forgiving = resolve_model("offline", replay=recording, fallback="offline")
    result = await Router(agents, model=forgiving).run("Write notes on revenue in May")
    assert result.stop_reason == "completed"
    assert (forgiving.hits, forgiving.misses) == (0, 1)  # type: ignore[attr-defined]


async def test_auto_mode_records_only_what_is_missing(tmp_path: Path, asking_agents: Path) -> None:
    agents = load_agents(str(asking_agents))
    recording = tmp_path / "auto.jsonl"

    def auto() -> Provider:
        return resolve_model("offline", record=recording, replay=recording)

    await Router(agents, model=auto()).run(ASKING_TASK)
    before = len(recording.read_text().splitlines())
    assert before == 2
    await Router(agents, model=auto()).run(ASKING_TASK)
    assert len(recording.read_text().splitlines()) == before  # all hits
    await Router(agents, model=auto()).run("hello there")  # the pre-router: no call at all
    assert len(recording.read_text().splitlines()) == before
    await Router(agents, model=auto()).run("Write notes on revenue in May")
    assert len(recording.read_text().splitlines()) == before + 1


async def test_media_is_stored_once_by_digest_and_hashed_into_the_request(tmp_path: Path) -> None:
    recording = tmp_path / "m.jsonl"
    picture = Media(mime_type="image/png", data=b"\x89PNG-bytes", source="Out[2]")
    provider = RecordingProvider(
        "offline:default", recording, mode="record", inner=resolve_model("offline")
    )
    request = CompletionRequest(
        messages=(Message(role="user", content="describe\nIt is a chart.", media=(picture,)),)
    )
    await provider.complete(request)
    await provider.complete(request)
    stored = list((tmp_path / "m.jsonl.media").iterdir())
    assert [p.name for p in stored] == [picture.digest] and stored[
        0
    ].read_bytes() == b"\x89PNG-bytes"
    line = json.loads(recording.read_text().splitlines()[0])
    assert line["request"]["messages"][0]["media"] == [
        {"mime_type": "image/png", "digest": picture.digest}
    ]
    other = picture.model_copy(update={"data": b"other"})
    changed = CompletionRequest(
        messages=(Message(role="user", content="describe\nIt is a chart.", media=(other,)),)
    )
    assert request_hash("offline:default", request) != request_hash("offline:default", changed)


def test_replaying_a_missing_file_says_how_to_record(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"No recording at .* Record one first"):
        resolve_model("openai:gpt-4o-mini", replay=tmp_path / "nope.jsonl")


async def test_recorded_runs_schedule_in_waves(tmp_path: Path) -> None:
    # The plan moves on only once every running task has ended, so a re-run asks
    # the model the same questions in the same order however threads race.
    from notebook_router.providers.scripted import ScriptedProvider
    from tests.conftest import task
    from tests.helpers_agents import sleeper

    plan = {
        "action": "parallel",
        "run": [task("t1", "fast"), task("t2", "slow")],
        "later": [task("t3", "fast", depends_on=["t1"])],
    }
    for waves in (False, True):
        scripted = ScriptedProvider([plan], fallback={"answer": "done"})
        model: Provider = (
            RecordingProvider("scripted:test", tmp_path / "w.jsonl", mode="record", inner=scripted)
            if waves
            else scripted
        )
        run = Router([sleeper("fast", 0.01), sleeper("slow", 0.3)], model=model).start("x")
        await run
        order = [
            (e.kind, e.task_id)
            for e in run.history
            if isinstance(e, ev.TaskStarted | ev.TaskFinished)
        ]
        t3_started = order.index(("task_started", "t3"))
        t2_finished = order.index(("task_finished", "t2"))
        # Eager: t3 starts as soon as t1 is done. Waves: only once slow t2 has ended too.
        assert (t3_started > t2_finished) is waves


async def test_model_calls_respect_the_run_concurrency_limit() -> None:
    from notebook_router import Limits, agent
    from notebook_router.providers.base import Completion
    from notebook_router.providers.offline import OfflineProvider

    active = peak = 0

    class Counting(OfflineProvider):
        """Plans offline; counts agents' chat calls in flight."""

        async def complete(self, request: CompletionRequest) -> Completion:
            nonlocal active, peak
            if request.purpose.startswith("router."):
                return await super().complete(request)
            active += 1
            peak = max(peak, active)
            await asyncio.sleep(0.02)
            active -= 1
            return Completion(text="ok", model="offline:counting")

    @agent(can=["ask", "questions"])
    async def asker(model: ModelClient) -> int:
        replies = await asyncio.gather(*(model.ask(f"question {i}") for i in range(6)))
        return len(replies)

    router = Router([asker], model=Counting(), limits=Limits(max_concurrent_model_calls=2))
    result = await router.run("Ask the questions")
    assert result.data("t1") == 6
    assert peak == 2
