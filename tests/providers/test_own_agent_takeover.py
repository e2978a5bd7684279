"""A model planner may not hand a task the user's own agent failed to a built-in agent.

The model is a loopback OpenAI server that, once the user's agent has failed,
gives the task to the built-in coder (rerouting it, or as a new task in the same
words); the run refuses the decision, tells the model why, and the answer is the
user's agent's error.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest

from notebook_router import Router, agent
from notebook_router.providers.registry import resolve_model
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.planner_model import schema_name, view_of
from tests.providers.servers import LoopbackServer, Reply, openai_completion

REQUEST = "Write python code for the invoice totals"
INVOICES = pd.DataFrame({"invoice": [1, 2, 3], "total": [10.0, 20.5, 7.25]})


@agent(can=["invoice totals", "python code"])
def invoices(task: str) -> str:
    """Adds up the invoices."""
    raise ValueError("invoice 17 has no date")


def _model(takeover: dict[str, Any]) -> LoopbackServer:
    """Plans ``invoices``; when it has failed, hands its task over (``takeover``) until told
    not to, then completes."""

    def respond(body: dict[str, Any]) -> Reply:
        view, name = view_of(body), schema_name(body)
        assert view is not None
        if name == "Synthesis":
            task = view["tasks"][0]
            reply: dict[str, Any] = {"answer": f"{task['agent']}: {task.get('error', '')}"}
        elif not view.get("tasks"):
            task = {"id": "t1", "agent": "invoices", "description": REQUEST}
            reply = {"action": "execute", "run": [task]}
        elif "does not take it over" in json.dumps(view):
            reply = {"action": "complete", "reason": "the user's agent failed"}
        else:
            reply = takeover
        return Reply(200, openai_completion(json.dumps(reply)))

    return LoopbackServer(respond=respond)


TAKEOVERS = {
    "rerouted": {"action": "execute", "run": [{"id": "t1", "agent": "coder"}]},
    "planned again": {
        "action": "execute",
        "run": [{"id": "t2", "agent": "coder", "description": REQUEST.lower() + " "}],
    },
}


@pytest.fixture(params=list(TAKEOVERS))
def server(request: pytest.FixtureRequest) -> Iterator[LoopbackServer]:
    server = _model(TAKEOVERS[request.param])
    try:
        yield server
    finally:
        server.close()


async def test_a_built_in_never_takes_over_the_users_failed_agent(server: LoopbackServer) -> None:
    model = resolve_model(
        "openai:gpt-4o-mini", base_url=server.url + "/v1", api_key=FAKE_OPENAI_KEY
    )
    router = Router([invoices], model=model, data={"invoices_df": INVOICES})
    assert "coder" in router.agents  # the coder was there to take it
    result = await router.run(REQUEST)
    assert [(t.agent, t.status) for t in result.tasks] == [("invoices", "failed")]
    assert "ValueError: invoice 17 has no date" in result.answer
    feedback = [json.dumps(view_of(s.body)) for s in server.requests if view_of(s.body)]
    assert any("'invoices' (failed: ValueError: invoice 17 has no date" in f for f in feedback)
