"""The images agent: a chart described by its title and axes, the words of a screenshot read."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from notebook_router import Router
from notebook_router.agents.builtin import Images
from notebook_router.agents.builtin.annotations import ANNOTATION
from notebook_router.media import Media
from tests.agents.builtin.helpers import context_for, equipped, model_replying
from tests.readers.make import chart_media, text_image

needs_tesseract = pytest.mark.skipif(
    shutil.which("tesseract") is None,
    reason="tesseract is not installed: run scripts/system_deps.sh (apt-get install tesseract-ocr)",
)


def _chart() -> Media:
    return chart_media("the output of cell 3")


async def test_offline_a_chart_is_described_by_what_the_figure_knew() -> None:
    chart = _chart()
    task, context = context_for("What does this chart show?", media=[chart])
    result = await equipped(Images()).run(task, context)
    assert result.status == "fulfilled"
    assert (result.summary or "").startswith(
        "the output of cell 3: A line chart titled “Revenue by month” with x axis “month” "
        "(1 to 12) and y axis “revenue” (13 to 46); series: North, South."
    )
    (kept,) = result.media
    assert kept.digest == chart.digest and kept.metadata[ANNOTATION]["agent"] == "images"


@needs_tesseract
async def test_offline_the_text_in_a_screenshot_on_disk_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "shot.png").write_bytes(text_image())
    monkeypatch.chdir(tmp_path)
    result = await Router().start("Read the text in the screenshot shot.png", fresh=True)
    assert [(t.agent, t.status) for t in result.tasks] == [("images", "fulfilled")]
    assert "The text in it reads: “INVOICE 2024 TOTAL 315 EUR”" in result.answer


async def test_with_a_model_the_image_goes_as_a_vision_part_with_its_facts() -> None:
    chart = _chart()
    model = model_replying("Revenue rises in both regions, faster in the North.")
    task, context = context_for("What does this chart show?", model=model, media=[chart])
    result = await equipped(Images()).run(task, context)
    request = model.requests[0]
    assert request.purpose == "agent.images"
    assert [m.digest for m in request.messages[-1].media] == [chart.digest]
    assert "titled “Revenue by month”" in request.messages[-1].content
    assert result.summary == "Revenue rises in both regions, faster in the North."


async def test_without_an_image_it_says_how_to_point_at_one() -> None:
    task, context = context_for("What does the chart show?")
    result = await equipped(Images()).run(task, context)
    assert result.status == "unable" and "the chart above" in (result.error or "")


def test_the_rule_planner_sends_image_requests_to_it() -> None:
    from notebook_router.agents.card import AgentCard
    from notebook_router.agents.matcher import AgentMatcher

    cards = [
        AgentCard(
            name=a.name,
            description=a.description,
            capabilities=tuple((c.topic, c.confidence) for c in a.capabilities),
            builtin=True,
        )
        for a in Router().agents
    ]
    matcher = AgentMatcher(cards)
    assert matcher.best("what does this chart show") == "images"
    assert matcher.best("read the text in this screenshot") == "images"
