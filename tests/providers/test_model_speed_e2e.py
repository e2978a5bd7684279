"""Whole runs at model speed over a loopback OpenAI server: tool calls, streamed answers.

Each test drives a real Router through the OpenAI SDK against a local HTTP
server that speaks the wire format (server-sent events included), and
asserts the request bodies the provider sent as well as what the user sees.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from notebook_router import Router, agent
from notebook_router.planner import events as ev
from notebook_router.providers.registry import resolve_model
from notebook_router.providers.retry import RetryPolicy
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.servers import (
    LoopbackServer,
    openai_completion,
    openai_stream,
    openai_tool_completion,
)

FAST = RetryPolicy(attempts=2, base_s=0.01, max_s=0.1)
ANSWER = "North revenue grew 36% [t1] and the chart peaks in December [t2]."


def _answer_pieces(answer: str = ANSWER) -> list[str]:
    """The synthesis JSON, cut into pieces the way a model streams it."""
    text = json.dumps({"answer": answer, "attributions": []})
    return [text[i : i + 7] for i in range(0, len(text), 7)]


@agent(can=["sales", "load", "revenue"], description="Loads the sales table.")
def sales(task: str) -> str:
    return "12 monthly rows for North"


@agent(can=["chart", "plot"], description="Plots monthly revenue.")
def chart(task: str) -> str:
    return "line chart, peak in December"


def _tools_of(body: dict[str, Any]) -> list[str]:
    return [tool["function"]["name"] for tool in body.get("tools", [])]


async def test_the_supervisor_plans_with_native_tool_calls_and_the_answer_streams(
    server: LoopbackServer,
) -> None:
    server.reply(
        200,
        openai_tool_completion([("call_1", "retrieve_agents", '{"query": "sales and a chart"}')]),
    )
    server.reply(
        200,
        openai_tool_completion(
            [
                ("call_2", "call_agent", '{"agent": "sales", "task": "load North sales"}'),
                ("call_3", "call_agent", '{"agent": "chart", "task": "plot North revenue"}'),
            ]
        ),
    )
    server.reply(200, openai_completion("Both parts are done."))  # no tool call: complete
    server.stream(openai_stream(_answer_pieces()))
    provider = resolve_model(
        "openai:gpt-4o-mini", base_url=server.url + "/v1", retry=FAST, api_key=FAKE_OPENAI_KEY
    )
    router = Router([sales, chart], model=provider, planner="supervisor", combo_cache=False)
    run = router.start("Load the North sales and chart the revenue")
    pieces: list[str] = []
    run.on_draft(pieces.append)
    result = await asyncio.wait_for(run, 20)

    assert result.stop_reason == "completed"
    assert {(t.agent, t.status) for t in result.tasks} == {
        ("sales", "fulfilled"),
        ("chart", "fulfilled"),
    }
    assert result.answer == ANSWER
    assert "".join(pieces) == ANSWER and len(pieces) > 3  # shown as it was written
    bodies = [seen.body for seen in server.requests]
    assert {"retrieve_agents", "call_agent", "write_todos", "reflect_on_progress"} <= set(
        _tools_of(bodies[0])
    )
    # The model's calls and our answers travel back in OpenAI's wire format.
    second = bodies[1]["messages"]
    assert any(m.get("tool_calls") for m in second if m["role"] == "assistant")
    assert [m["tool_call_id"] for m in second if m["role"] == "tool"] == ["call_1"]
    third = bodies[2]["messages"]
    answered = {m["tool_call_id"]: m["content"] for m in third if m["role"] == "tool"}
    assert "12 monthly rows for North" in answered["call_2"]
    assert "peak in December" in answered["call_3"]
    assert bodies[3]["stream"] is True and "tools" not in bodies[3]  # the answer: streamed
    started = [e for e in run.history if isinstance(e, ev.DecisionMade) and e.tasks]
    assert len(started[0].tasks) == 2  # the two calls of one turn ran in parallel


async def test_a_recorded_streamed_answer_streams_again_on_replay(
    server: LoopbackServer, tmp_path: Path
) -> None:
    decision = {
        "action": "parallel",
        "run": [
            {"id": "t1", "agent": "sales", "description": "load North sales"},
            {"id": "t2", "agent": "chart", "description": "plot North revenue"},
        ],
    }
    server.reply(200, openai_completion(json.dumps(decision)))
    server.stream(openai_stream(_answer_pieces()))
    recording = tmp_path / "run.jsonl"
    recorded = resolve_model(
        "openai:gpt-4o-mini",
        base_url=server.url + "/v1",
        retry=FAST,
        api_key=FAKE_OPENAI_KEY,
        record=recording,
    )
    first = Router([sales, chart], model=recorded, combo_cache=False).start("North sales, charted")
    live: list[str] = []
    first.on_draft(live.append)
    assert (await asyncio.wait_for(first, 20)).answer == ANSWER
    calls_made = len(server.requests)

    replayed = resolve_model("openai:gpt-4o-mini", replay=recording)
    second = Router([sales, chart], model=replayed, combo_cache=False).start("North sales, charted")
    again: list[str] = []
    second.on_draft(again.append)
    result = await asyncio.wait_for(second, 20)
    assert result.answer == ANSWER
    assert again == live and len(again) > 3  # the same pieces, streamed again
    assert len(server.requests) == calls_made  # replay reached no server


AGENTS_FILE = """
from notebook_router import agent


@agent(can=["sales", "load", "revenue"], description="Loads the sales table.")
def sales(task: str) -> str:
    return "12 monthly rows for North"
"""


@pytest.mark.parametrize("fallback", [False, True], ids=["streamed", "not what was drafted"])
def test_the_cli_prints_the_answer_as_it_streams_and_only_once(
    server: LoopbackServer, tmp_path: Path, fallback: bool
) -> None:
    decision = {
        "action": "execute",
        "run": [{"id": "t1", "agent": "sales", "description": "load North sales"}],
    }
    answer = "North has 12 monthly rows [t1]."
    server.reply(200, openai_completion(json.dumps(decision)))
    if fallback:  # the stream breaks off: the finished answer is the template
        server.stream(openai_stream(_answer_pieces(answer)), cut_after=3)
    else:
        server.stream(openai_stream(_answer_pieces(answer)), gap_s=0.01)
    agents = tmp_path / "agents.py"
    agents.write_text(AGENTS_FILE)
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "notebook_router",
            "run",
            "load the North sales",
            "--agents",
            str(agents),
            "--model",
            "openai:gpt-4o-mini",
            "-q",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env={
            "OPENAI_API_KEY": FAKE_OPENAI_KEY,
            "OPENAI_BASE_URL": server.url + "/v1",
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
        },
        check=True,
    ).stdout
    if not fallback:
        assert out.count(answer) == 1, out
        assert out.startswith(answer)
    else:
        # What was shown before the break stays; the finished answer follows, whole, once.
        assert out.startswith("North has\n\nHere is what I found"), out
        assert out.count("12 monthly rows for North") == 1
        assert "the reply broke off after" in out
    assert FAKE_OPENAI_KEY not in out
