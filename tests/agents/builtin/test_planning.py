"""The planning agent: a goal broken into sub-tasks for the router's agents."""

from __future__ import annotations

from notebook_router import agent
from notebook_router.agents.builtin import Planning
from notebook_router.agents.registry import AgentRegistry
from tests.agents.builtin.helpers import context_for, equipped, model_replying, prompt_of


def _agents() -> AgentRegistry:
    loader = agent(name="loader", can=["load data", "sales table"])(lambda task: 1)
    plotter = agent(name="plotter", can=["plot", "chart"])(lambda task: 1)
    return AgentRegistry([loader, plotter])


async def test_offline_the_plan_is_the_rule_decomposition_matched_to_agents() -> None:
    task, context = context_for("Load the sales table, then plot revenue by month")
    result = await equipped(Planning(agents=_agents())).run(task, context)
    assert result.status == "fulfilled"
    assert [(s["agent"], s["depends_on"]) for s in result.data] == [
        ("loader", []),
        ("plotter", [1]),
    ]
    assert result.suggestions == ("loader: Load the sales table", "plotter: Plot revenue by month")
    assert (result.summary or "").startswith("Plan: 1. Load the sales table (loader)")


async def test_with_a_model_it_plans_over_the_agents_and_drops_names_it_invented() -> None:
    model = model_replying(
        {
            "steps": [
                {"description": "load sales", "agent": "loader"},
                {"description": "chart it", "agent": "plotter", "depends_on": [1]},
                {"description": "email the boss", "agent": "mailer", "depends_on": [2]},
            ]
        }
    )
    task, context = context_for("Report on sales", model=model)
    result = await equipped(Planning(agents=_agents())).run(task, context)
    prompt = prompt_of(model.requests[0])
    assert model.requests[0].purpose == "agent.planning"
    assert "- loader:" in prompt and "- plotter:" in prompt
    assert [s["agent"] for s in result.data] == ["loader", "plotter", None]
    assert "3. email the boss (no agent fits) after 2" in (result.summary or "")


async def test_a_malformed_reply_falls_back_to_the_rule_decomposition() -> None:
    model = model_replying({"steps": []})
    task, context = context_for("Load the sales table, then plot revenue", model=model)
    result = await equipped(Planning(agents=_agents())).run(task, context)
    assert result.status == "partial" and "unusable" in (result.error or "")
    assert [s["agent"] for s in result.data] == ["loader", "plotter"]
