"""The reasoning agent: a reasoned answer with a model; offline, what it would need."""

from __future__ import annotations

from notebook_router.agents.builtin import Reasoning
from tests.agents.builtin.helpers import context_for, equipped, model_replying, prompt_of


async def test_offline_it_says_what_it_needs_instead_of_asking_which_agent() -> None:
    task, context = context_for("Why is the sky blue?")
    result = await equipped(Reasoning()).run(task, context)
    assert result.status == "unable"
    error = result.error or ""
    assert "Without a language model I cannot reason" in error and "set a model" in error
    assert "which agent" not in error.lower()


async def test_offline_a_choice_with_criteria_and_numbers_is_still_scored() -> None:
    task, context = context_for("Which is better, A or B on speed: A speed 3, B speed 7")
    result = await equipped(Reasoning()).run(task, context)
    assert result.ok and (result.summary or "").startswith("Choose B")


async def test_with_a_model_it_answers_with_its_steps_and_cites_the_context() -> None:
    model = model_replying(
        {
            "answer": "Rayleigh scattering.",
            "steps": ["Short waves scatter more."],
            "confidence": 0.9,
        }
    )
    task, context = context_for(
        "Why is the sky blue?", model=model, inputs=[("t1", "notes", "Light scatters off air.")]
    )
    result = await equipped(Reasoning()).run(task, context)
    assert model.requests[0].purpose == "agent.reasoning"
    assert "Light scatters off air." in prompt_of(model.requests[0])
    assert result.summary == "Rayleigh scattering." and "1. Short waves" in result.data
    assert [c.source for c in result.citations] == ["t1 (notes)"]


async def test_a_prose_reply_is_kept_and_an_empty_one_is_a_failure() -> None:
    model = model_replying("Because of Rayleigh scattering.", "  ")
    task, context = context_for("Why is the sky blue?", model=model)
    prose = await equipped(Reasoning()).run(task, context)
    assert prose.ok and prose.data == "Because of Rayleigh scattering." and prose.confidence == 0.5
    empty = await equipped(Reasoning()).run(task, context)
    assert empty.status == "failed" and "no usable answer" in (empty.error or "")
