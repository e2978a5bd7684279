"""A request's media reach a model planner once, then as a described reference."""

from __future__ import annotations

import json
from typing import Any

from notebook_router import Router, agent
from notebook_router.media import Media
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage
from tests.conftest import Script

CHART = Media(
    mime_type="image/png",
    data=b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8,
    source="Out[3]",
    description="sales by region",
)


def _step(task_id: str, description: str) -> dict[str, Any]:
    """One task that the planner wants to see the result of before going on."""
    run = [{"id": task_id, "agent": "vision", "description": description, "checkpoint": True}]
    return {"action": "execute", "run": run}


def _view(request: CompletionRequest) -> dict[str, Any]:
    prompt = request.messages[-1].content
    return dict(json.loads(prompt.split("```json\n", 1)[1].rsplit("\n```", 1)[0]))


async def test_an_image_goes_to_the_planner_once_and_to_every_agent_that_works_on_it() -> None:
    seen_by_agent: list[int] = []

    @agent(can=["chart", "image"], description="Reads charts and images.")
    def vision(task: str, media: list[Media]) -> str:
        seen_by_agent.append(sum(m.digest == CHART.digest for m in media))
        return "a bar chart: North leads" if "chart" in task else f"done: {task}"

    script = Script(
        decide=[
            _step("t1", "describe the chart"),
            _step("t2", "list the regions"),
            _step("t3", "rank the regions"),
            {"action": "complete", "reason": "done"},
        ]
    )
    provider = ScriptedProvider(fallback=script, usage=Usage())
    result = await Router([vision], model=provider).run("what does this show?", media=[CHART])

    assert result.stop_reason == "completed"
    planner_calls = [r for r in provider.requests if r.purpose.startswith("router.")]
    decides = [r for r in planner_calls if r.purpose == "router.decide"]
    assert len(decides) == 4
    with_media = [r for r in planner_calls if any(m.media for m in r.messages)]
    assert with_media == [decides[0]]  # the image: with the first planner call only
    assert seen_by_agent == [1, 1, 1]  # every agent working on it still gets it

    first, later = _view(decides[0])["media"], _view(decides[-1])["media"]
    assert first == [
        {
            "kind": "image (image/png)",
            "label": "Out[3]: sales by region",
            "digest": CHART.digest,
            "size": CHART.size,
            "attached": True,
        }
    ]
    assert later[0]["attached"] is False and later[0]["digest"] == CHART.digest
    # What the agents said about it travels instead of the pixels.
    assert later[0]["said"] == ["t1 (vision): a bar chart: North leads"]


async def test_a_run_with_no_media_sends_no_media_notes() -> None:
    @agent(can=["chart"])
    def vision(task: str) -> str:
        return "ok"

    script = Script(decide=[_step("t1", "describe the chart")])
    provider = ScriptedProvider(fallback=script, usage=Usage())
    await Router([vision], model=provider).run("what does this show?")
    assert all("media" not in _view(r) for r in provider.requests)


async def test_outputs_it_may_each_mean_are_marked_for_a_model_planner_to_ask_about() -> None:
    from notebook_router.media import AMBIGUOUS

    @agent(can=["chart"])
    def vision(task: str) -> str:
        return "ok"

    first = CHART.model_copy(update={"metadata": {AMBIGUOUS: "it"}})
    second = Media(mime_type="audio/wav", data=b"RIFF0000", source="Out[4]")
    second = second.model_copy(update={"metadata": {AMBIGUOUS: "it"}})
    script = Script(decide=[{"action": "clarify", "question": "Out[3] or Out[4]?"}])
    provider = ScriptedProvider(fallback=script, usage=Usage())
    await Router([vision], model=provider).run("describe it", media=[first, second])
    decide = next(r for r in provider.requests if r.purpose == "router.decide")
    assert [(m["label"], m.get("ambiguous")) for m in _view(decide)["media"]] == [
        ("Out[3]: sales by region", "it"),
        ("Out[4]", "it"),
    ]
