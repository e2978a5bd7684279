"""The decision agent: a choice over stated criteria with its criteria table."""

from __future__ import annotations

import pandas as pd

from notebook_router.agents.builtin import Decision
from tests.agents.builtin.helpers import context_for, equipped, model_replying, prompt_of

ASK = (
    "Choose between Rome, Paris and Oslo on price and speed: Rome price 90 speed 5, "
    "Paris price 120 speed 4, Oslo price 150 speed 3"
)


async def test_offline_it_scores_the_options_in_the_task_lower_price_being_better() -> None:
    task, context = context_for(ASK)
    result = await equipped(Decision()).run(task, context)
    assert result.status == "fulfilled"
    table = result.data
    assert list(table["option"]) == ["Rome", "Paris", "Oslo"]
    assert list(table["price"]) == [90, 120, 150] and list(table["rank"]) == [1, 2, 3]
    assert (result.summary or "").startswith("Choose Rome: it has the lowest price (90)")


async def test_offline_costs_and_durations_count_as_price_and_speed() -> None:
    # "plan A, plan B and plan C" are named "A", "B", "C" later; "costs" is a price and
    # "takes 5 days" a speed where fewer days are better. Scaled by hand:
    # A: price 1, speed 0 -> 0.5; B: price 0.8, speed 0.75 -> 0.775; C: 0, 1 -> 0.5.
    ask = (
        "choose between plan A, plan B and plan C on price and speed: A costs 10 and takes "
        "5 days, B costs 12 and takes 2 days, C costs 20 and takes 1 day"
    )
    task, context = context_for(ask)
    result = await equipped(Decision()).run(task, context)
    assert result.status == "fulfilled"
    table = result.data.set_index("option")
    assert table.loc["plan B", "score"] == 0.775 and table.loc["plan B", "rank"] == 1
    assert list(table["speed (days)"].loc[["plan A", "plan B", "plan C"]]) == [5, 2, 1]
    assert list(table["price"].loc[["plan A", "plan B", "plan C"]]) == [10, 12, 20]


async def test_offline_the_numbers_may_come_from_an_earlier_table() -> None:
    options = pd.DataFrame({"laptop": ["A", "B"], "cost": [1500, 900], "battery": [10, 12]})
    task, context = context_for(
        "Decide between A and B on cost and battery", inputs=[("t1", "loader", options)]
    )
    result = await equipped(Decision()).run(task, context)
    assert result.ok and (result.summary or "").startswith("Choose B")


async def test_offline_missing_numbers_make_a_partial_result_and_none_an_honest_unable() -> None:
    task, context = context_for("Choose between Rome and Oslo on price and speed: Rome price 90")
    partial = await equipped(Decision()).run(task, context)
    assert partial.status == "partial" and "Oslo: price" in (partial.error or "")
    task, context = context_for("Should I move to Lisbon?")
    unable = await equipped(Decision()).run(task, context)
    assert unable.status == "unable"
    assert "options and the criteria" in (unable.error or "") and "model" in (unable.error or "")


async def test_with_a_model_it_returns_the_criteria_table_the_choice_and_why() -> None:
    model = model_replying(
        {
            "criteria": ["price", "speed"],
            "table": [
                {"option": "Rome", "scores": {"price": 9, "speed": 8}},
                {"option": "Oslo", "scores": {"price": 3, "speed": 5}},
            ],
            "choice": "Rome",
            "why": "cheapest and fastest",
            "confidence": 0.85,
        }
    )
    task, context = context_for("Choose between Rome and Oslo on price and speed", model=model)
    result = await equipped(Decision()).run(task, context)
    assert model.requests[0].purpose == "agent.decision"
    assert "Options: Rome, Oslo" in prompt_of(model.requests[0])
    assert result.summary == "Choose Rome: cheapest and fastest" and result.confidence == 0.85
    assert list(result.data["option"]) == ["Rome", "Oslo"] and list(result.data["score"]) == [
        8.5,
        4.0,
    ]


async def test_a_malformed_reply_falls_back_to_scoring_the_numbers_given() -> None:
    model = model_replying("not json at all {")
    task, context = context_for(ASK, model=model)
    result = await equipped(Decision()).run(task, context)
    assert result.status == "partial" and (result.summary or "").startswith("Choose Rome")
    assert "unusable" in (result.error or "")
