"""ModelPlanner.synthesise hands the answer's text to ``on_text`` as the model writes it."""

from __future__ import annotations

import json

import pytest

from notebook_router import Router, agent
from notebook_router.errors import MalformedOutputError
from notebook_router.planner.planner import ModelPlanner, PlannerCall
from notebook_router.planner.state import RunState
from notebook_router.providers.base import Completion, CompletionRequest, ModelClient, TextSink
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage
from tests.conftest import Script, task

ANSWER = 'North leads with "377,900" [t1].\nSouth follows — 😀 [t1].'


class _Streaming:
    """A model that streams its reply in pieces of 7 characters."""

    name = "streaming"
    model = "test"

    def __init__(self, reply: str) -> None:
        self.reply = reply
        self.requests: list[CompletionRequest] = []

    async def complete(self, request: CompletionRequest) -> Completion:
        self.requests.append(request)
        return Completion(text=self.reply, model="streaming:test", usage=Usage(calls=1))

    async def stream(self, request: CompletionRequest, on_text: TextSink) -> Completion:
        for i in range(0, len(self.reply), 7):
            on_text(self.reply[i : i + 7])
        return await self.complete(request)


async def _finished_run() -> tuple[Router, RunState]:
    @agent(can=["sales"])
    def sales(task: str) -> str:
        return "North 377,900; South 284,500"

    script = Script(decide=[{"action": "execute", "run": [task("t1", "sales")]}])
    router = Router([sales], model=ScriptedProvider(fallback=script, usage=Usage()))
    run = router.start("revenue by region")
    await run
    return router, run.state


def _call(router: Router, state: RunState, reply: str, pieces: list[str]) -> PlannerCall:
    model = ModelClient(_Streaming(reply), lambda usage, source: None, "planner")
    return PlannerCall(state, router.agents, model, on_text=pieces.append)


async def test_the_answer_streams_as_text_not_as_json() -> None:
    router, state = await _finished_run()
    reply = json.dumps(
        {"attributions": [{"task_id": "t1", "agent": "sales", "text": "totals"}], "answer": ANSWER}
    )
    pieces: list[str] = []
    synthesis = await ModelPlanner().synthesise(_call(router, state, reply, pieces))
    assert synthesis.answer == ANSWER
    assert "".join(pieces) == ANSWER and len(pieces) > 3  # piece by piece, decoded


async def test_a_reply_that_is_not_json_streams_nothing() -> None:
    router, state = await _finished_run()
    pieces: list[str] = []
    with pytest.raises(MalformedOutputError):  # the loop then writes the answer itself
        await ModelPlanner().synthesise(_call(router, state, "Sorry, I cannot.", pieces))
    assert pieces == []
