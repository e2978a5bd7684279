"""The panel shows the answer as the model writes it, and never part of a key."""

from __future__ import annotations

import asyncio
import json

from notebook_router import Router
from notebook_router.notebook.panel import RunPanel
from notebook_router.planner.decisions import Synthesis
from notebook_router.providers.base import Completion, CompletionRequest, TextSink
from notebook_router.text.secrets import remember
from tests.conftest import Script, task
from tests.helpers_agents import sleeper

KEY = "sk-" + "proj-DRAFTKEY0123456789abcdefghij"


class StreamingScript:
    """A scripted model that streams its answer a few characters at a time."""

    name = "scripted"
    model = "stream"

    def __init__(self, answer: str) -> None:
        self.script = Script(decide=[{"action": "execute", "run": [task("t1", "echo")]}])
        self.answer = answer

    async def complete(self, request: CompletionRequest) -> Completion:
        reply = self.script(request)
        text = reply.model_dump_json() if isinstance(reply, Synthesis) else json.dumps(reply)
        return Completion(text=text, model="scripted:stream")

    async def stream(self, request: CompletionRequest, on_text: TextSink) -> Completion:
        text = json.dumps({"answer": self.answer})
        for i in range(0, len(text), 4):
            on_text(text[i : i + 4])
            await asyncio.sleep(0.005)
        return Completion(text=text, model="scripted:stream")


async def test_the_draft_streams_into_the_panel_without_ever_showing_part_of_a_key() -> None:
    remember(KEY)  # a key the user set: masked wherever it appears whole
    answer = f"The echo agent replied [t1]; the key used was {KEY} and nothing else."
    run = Router([sleeper("echo", 0)], model=StreamingScript(answer), combo_cache=False).start(
        "echo it"
    )
    panel = RunPanel(run, interval=0.0)
    drafts: list[str] = []
    panel.observe(lambda change: drafts.append(change["new"]), names="draft")
    result = await asyncio.wait_for(run, 10)
    await asyncio.sleep(0.05)  # the panel's last refresh

    shown = [d for d in drafts if d]
    assert len(shown) > 3 and shown[0].startswith("The ")  # it streamed, piece by piece
    assert all(KEY[:6] not in d for d in drafts)  # not even the start of the key
    assert any("key used was [redacted] and" in d for d in shown)  # masked once whole
    assert panel.draft == ""  # the finished answer replaces the draft
    assert KEY not in str(panel.get_state()["answer_html"])
    assert result.stop_reason == "completed"
    panel.close()
