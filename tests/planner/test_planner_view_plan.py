"""A model planner is asked to plan the whole job at once, and sees the tasks it planned for
later with what they wait for."""

from __future__ import annotations

import json
from typing import Any

from notebook_router import Router, agent
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage
from tests.conftest import Script, task


def _view(request: CompletionRequest) -> dict[str, Any]:
    prompt = request.messages[-1].content
    return dict(json.loads(prompt.split("```json\n", 1)[1].rsplit("\n```", 1)[0]))


async def test_planned_tasks_wait_in_the_view_with_their_dependencies_and_checkpoints() -> None:
    @agent(can=["sales"])
    def sales(task: str) -> str:
        return f"done: {task}"

    plan = {
        "action": "execute",
        "run": [{**task("t1", "sales", "load the table"), "checkpoint": True}],
        "later": [
            {**task("t2", "sales", "plot it", ["t1"]), "checkpoint": True},
            task("t3", "sales", "summarise it", ["t1", "t2"]),
        ],
    }
    provider = ScriptedProvider(fallback=Script(decide=[plan]), usage=Usage())
    result = await Router([sales], model=provider).run("load, plot and summarise the sales")
    assert result.task("t1").status == "fulfilled"

    first, second = [r for r in provider.requests if r.purpose == "router.decide"][:2]
    system = first.messages[0].content
    assert "Plan the whole job in your first decision" in system
    assert 'Do not plan "wait" steps' in system and '"checkpoint": true' in system
    # After the checkpoint t1: what is still planned, with what it waits for.
    tasks = {t["id"]: t for t in _view(second)["tasks"]}
    assert tasks["t1"]["status"] == "fulfilled" and tasks["t1"]["checkpoint"] is True
    assert tasks["t2"] == {
        "id": "t2",
        "description": "plot it",
        "agent": "sales",
        "status": "pending",
        "depends_on": ["t1"],
        "checkpoint": True,
        "attempts": 0,
    }
    assert tasks["t3"]["depends_on"] == ["t1", "t2"] and "checkpoint" not in tasks["t3"]
