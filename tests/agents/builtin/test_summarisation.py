"""The summariser: extractive offline (numbers and conclusions kept, length asked for), abstractive with a model."""

from __future__ import annotations

import pandas as pd

from notebook_router.agents.builtin import Summarisation
from notebook_router.media import Media
from tests.agents.builtin.helpers import context_for, equipped, model_replying, prompt_of

REPORT = (
    "The quarter was busy for the whole team. Several meetings were held about the new office. "
    "Revenue rose 12% to 4.2 million in the North region. The coffee machine was replaced. "
    "People enjoyed the summer party. Therefore the North target for next year is raised to 5 million."
)


async def test_offline_it_keeps_the_numbers_and_the_conclusion_to_the_length_asked() -> None:
    task, context = context_for(
        "Summarise the report in 2 sentences", inputs=[("t1", "loader", REPORT)]
    )
    result = await equipped(Summarisation()).run(task, context)
    assert result.status == "fulfilled"
    assert result.data == (
        "Revenue rose 12% to 4.2 million in the North region. "
        "Therefore the North target for next year is raised to 5 million."
    )
    assert [c.source for c in result.citations] == ["t1 (loader)"]


async def test_offline_it_summarises_text_given_in_the_task_even_when_the_plan_cut_it() -> None:
    goal = f"Summarise briefly: {REPORT}"
    task, context = context_for(
        "Summarise briefly: The quarter was busy for the whole team", goal=goal
    )
    result = await equipped(Summarisation()).run(task, context)
    assert result.ok and "12%" in result.data and len(result.data.split(". ")) == 2


async def test_offline_it_summarises_notebook_outputs_and_dataframes() -> None:
    table = pd.DataFrame({"revenue": [10.0, 20.0, 30.0], "region": ["N", "S", "E"]})
    output = Media(mime_type="text/plain", data="Costs fell 5% in March.", source="Out[2]")
    task, context = context_for(
        "Summarise these results in 3 sentences",
        inputs=[("t1", "data_analyst", table)],
        media=[output],
    )
    result = await equipped(Summarisation()).run(task, context)
    assert "3 rows" in result.data and "revenue: mean 20" in result.data
    assert "Costs fell 5%" in result.data


async def test_offline_with_nothing_to_summarise_it_says_what_is_needed() -> None:
    task, context = context_for("Summarise the causes of the French revolution")
    result = await equipped(Summarisation()).run(task, context)
    assert result.status == "unable"
    assert "no text to summarise" in (result.error or "") and "model" in (result.error or "")


async def test_with_a_model_it_writes_the_summary_over_the_material_to_the_length() -> None:
    model = model_replying({"summary": "Revenue up 12%; target raised.", "confidence": 0.9})
    task, context = context_for(
        "Summarise the report in 30 words", model=model, inputs=[("t1", "loader", REPORT)]
    )
    result = await equipped(Summarisation()).run(task, context)
    prompt = prompt_of(model.requests[0])
    assert model.requests[0].purpose == "agent.summarisation"
    assert "at most 30 words" in prompt and "Revenue rose 12%" in prompt
    assert result.data == "Revenue up 12%; target raised." and result.confidence == 0.9


async def test_a_plain_text_reply_is_used_and_an_empty_one_falls_back_to_extraction() -> None:
    model = model_replying("Revenue went up and the target with it.", "")
    task, context = context_for("Summarise", model=model, inputs=[("t1", "loader", REPORT)])
    assert (await equipped(Summarisation()).run(task, context)).data.startswith("Revenue went up")
    fallback = await equipped(Summarisation()).run(task, context)
    assert fallback.status == "partial" and "12%" in fallback.data
    assert "unusable" in (fallback.error or "")


async def test_with_a_model_and_no_material_a_topic_is_summarised_from_general_knowledge() -> None:
    model = model_replying({"summary": "Debt, bread prices and Enlightenment ideas."})
    task, context = context_for("Summarise the causes of the French revolution", model=model)
    result = await equipped(Summarisation()).run(task, context)
    assert result.status == "fulfilled" and "Debt" in result.data
    assert any("general knowledge" in s for s in result.suggestions)
