"""A model whose replies carry lone surrogates (half an emoji, escaped bytes) still gives
runs that finish, answers that print, and database rows that say the run finished.

The model is a loopback OpenAI server: its JSON escapes the surrogates (``"\\ud83d"``),
the openai SDK decodes them into Python strings no encoder takes, as a real
server's broken output would.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from notebook_router import Router, agent
from notebook_router.providers.registry import resolve_model
from notebook_router.store import SessionStore
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.planner_model import schema_name, view_of
from tests.providers.servers import LoopbackServer, Reply, openai_completion, openai_stream

HALF_EMOJI = "\ud83d"
ESCAPED_BYTE = "\udc80abc"


@agent(can=["load", "table"], description="Loads tables.")
def loader(task: str) -> str:
    return f"loaded: {task}"


def _broken(body: dict[str, Any]) -> Reply:
    """Decisions and an answer whose every string holds a lone surrogate."""
    view, name = view_of(body), schema_name(body)
    if name == "Decision" and view is not None and not view.get("tasks"):
        task = {"id": "t1", "agent": "loader", "description": f"load {ESCAPED_BYTE}"}
        text = json.dumps({"action": "execute", "run": [task]}, ensure_ascii=False)
    elif name == "Decision":
        text = json.dumps({"action": "complete", "reason": HALF_EMOJI}, ensure_ascii=False)
    else:
        text = json.dumps({"answer": f"done {HALF_EMOJI} {ESCAPED_BYTE}"}, ensure_ascii=False)
    if body.get("stream"):
        return Reply(200, {}, events=openai_stream([text[:9], text[9:]]))
    return Reply(200, openai_completion(text))


@pytest.fixture
def broken_server() -> Iterator[LoopbackServer]:
    server = LoopbackServer(respond=_broken)
    try:
        yield server
    finally:
        server.close()


async def test_lone_surrogates_from_the_model_become_replacement_characters(
    broken_server: LoopbackServer,
) -> None:
    model = resolve_model(
        "openai:gpt-4o-mini", base_url=broken_server.url + "/v1", api_key=FAKE_OPENAI_KEY
    )
    streamed: list[str] = []
    with SessionStore(":memory:") as store:
        router = Router([loader], model=model, builtins=False, store=store)
        run = router.start("Load the sales table")
        run.on_draft(streamed.append)
        result = await run
        assert result.stop_reason == "completed"
        text = str(result)
        text.encode()  # printable: the cell's output, the finished view
        assert "done \ufffd" in text
        assert "load \ufffdabc" in result.tasks[0].description
        assert streamed, "the answer was streamed"
        "".join(streamed).encode()  # what the panel was sent as the answer was written
        info = store.run(run.id)
        assert (info.status, info.stop_reason) == ("finished", "completed")
