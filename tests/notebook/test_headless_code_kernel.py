"""A model run in a notebook nobody watches (nbclient, CI): code the policy keeps from
running costs no more model calls, and the answer says once how to have it run.

In a real kernel with no front end (so ``ask`` finds no panel to ask in), with a
loopback OpenAI server as the model: it plans the analyst, writes pandas code, and
would complete and write an answer if asked.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.notebook.kernel import Kernel
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.planner_model import schema_name, view_of
from tests.providers.servers import LoopbackServer, Reply, openai_completion

pytestmark = pytest.mark.kernel

SETUP = """
%load_ext notebook_router
import pandas as pd
sales = pd.DataFrame({"region": ["North", "South", "North"], "revenue": [10.0, 20.0, 5.0]})
"""
HOW = "%route code auto"


def _model(body: dict[str, Any]) -> Reply:
    view, name = view_of(body), schema_name(body)
    if name == "Decision" and view is not None and not view.get("tasks"):
        task = {"id": "t1", "agent": "data_analyst", "description": "total revenue by region"}
        text = json.dumps({"action": "execute", "run": [task]})
    elif name == "Decision":
        text = json.dumps({"action": "complete", "reason": "the analyst answered"})
    elif name == "Synthesis":
        text = json.dumps({"answer": "The totals are computed."})
    elif name is not None:  # a verifier's verdict
        text = json.dumps({"claims": []})
    else:
        text = "```python\nsales.groupby('region')['revenue'].sum()\n```"
    return Reply(200, openai_completion(text))


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    s = LoopbackServer(respond=_model)
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def kernel(server: LoopbackServer) -> Iterator[Kernel]:
    env = {**os.environ, "OPENAI_API_KEY": FAKE_OPENAI_KEY, "OPENAI_BASE_URL": server.url + "/v1"}
    k = Kernel(env=env)
    try:
        assert k.execute(SETUP).status == "ok"
        assert k.execute("%route model openai:gpt-4o-mini").status == "ok"
        yield k
    finally:
        k.shutdown()


def test_code_held_back_is_neither_replanned_nor_verified_and_the_answer_says_how_once(
    kernel: Kernel, server: LoopbackServer
) -> None:
    ran = kernel.execute("%%route -o totals\nTotal revenue by region")
    assert ran.status == "ok", ran.errors()
    out = kernel.execute(
        "r = totals.result()\nprint(*(f'{t.agent}:{t.status}' for t in r.tasks))\nprint(r.answer)"
    ).stdout
    tasks, answer = out.split("\n", 1)
    assert tasks == "data_analyst:partial"
    assert "the code was not run: the code policy is ask, and no panel is open" in answer
    assert answer.count(HOW) == 1
    # Two calls: the plan and the code. None to re-plan, verify or write up a result that
    # ran nothing.
    asked = [schema_name(seen.body) or "code" for seen in server.requests]
    assert asked == ["Decision", "code"]
