"""A built-in answers with its rules for the offline model and with the model otherwise,
chosen in one place (``agents/cores.py``); it is given its rules, never reaches for them."""

from __future__ import annotations

from pathlib import Path

import pytest

from notebook_router.agents.builtin import Summarisation
from notebook_router.agents.cores import by_rules_or_model
from notebook_router.errors import ConfigError
from notebook_router.providers.offline import OfflineProvider
from notebook_router.providers.recording import RecordingProvider
from tests.agents.builtin.helpers import context_for, equipped, model_replying

REPORT = (
    "Revenue rose 12% to 4.2 million in the North region. The coffee machine was replaced. "
    "Therefore the North target for next year is raised to 5 million."
)


async def _model() -> str:
    return "the model"


async def _rules_later() -> str:
    return "the rules, awaited"


async def test_the_offline_model_gets_the_rules_and_any_other_the_model() -> None:
    _, offline = context_for("x")
    _, scripted = context_for("x", model=model_replying("hi"))
    assert await by_rules_or_model(offline, rules=lambda: "the rules", model=_model) == "the rules"
    assert await by_rules_or_model(scripted, rules=lambda: "the rules", model=_model) == (
        "the model"
    )


async def test_rules_that_need_waiting_for_are_awaited() -> None:
    _, offline = context_for("x")
    assert await by_rules_or_model(offline, rules=_rules_later, model=_model) == (
        "the rules, awaited"
    )


async def test_a_recording_of_the_offline_model_still_gets_the_rules(tmp_path: Path) -> None:
    recorded = RecordingProvider(
        "offline:default", tmp_path / "r.jsonl", mode="record", inner=OfflineProvider()
    )
    _, context = context_for("x", model=recorded)
    assert await by_rules_or_model(context, rules=lambda: "the rules", model=_model) == (
        "the rules"
    )


async def test_a_built_in_made_without_its_rules_says_how_to_give_them_offline() -> None:
    task, context = context_for("Summarise the report", inputs=[("t1", "loader", REPORT)])
    with pytest.raises(ConfigError, match="without its offline core") as info:
        await Summarisation().run(task, context)
    assert "run it through a Router" in str(info.value)
    assert (await equipped(Summarisation()).run(task, context)).ok


async def test_with_a_model_a_built_in_needs_no_rules_until_the_model_fails_it() -> None:
    model = model_replying({"summary": "Revenue up 12%.", "confidence": 0.9})
    task, context = context_for("Summarise", model=model, inputs=[("t1", "loader", REPORT)])
    assert (await Summarisation().run(task, context)).data == "Revenue up 12%."
