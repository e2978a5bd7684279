"""A run's first hop over its data: what planners see, what the analyst answers, what is kept."""

from __future__ import annotations

import json
from typing import Any

import pandas as pd

from notebook_router import Router, agent
from notebook_router.agents.builtin import TEAM, DataAnalyst
from notebook_router.planner import events as ev
from notebook_router.planner.prompts import VIEW_MARKER
from notebook_router.providers.base import CompletionRequest
from tests.conftest import Script, router_with, task

SECRET = "sk-" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4"


def _sales() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["North", "South", "North", "East"],
            "revenue": [10.0, 30.0, 5.0, 12.5],
            "note": ["ok", SECRET, "ok", "late"],
        }
    )


class _Spy(Script):
    """A scripted model planner that keeps every view it was shown."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.views: list[dict[str, Any]] = []

    def __call__(self, request: CompletionRequest) -> Any:
        if request.purpose.startswith("agent.code"):  # the analyst, with a model, writes code
            return "```python\nsales.groupby('region')['revenue'].sum()\n```"
        prompt = request.messages[-1].content
        assert isinstance(prompt, str)
        body = prompt.removeprefix(VIEW_MARKER).strip().removeprefix("```json").rstrip("`")
        self.views.append(json.loads(body))
        return super().__call__(request)


async def test_a_model_planner_sees_the_data_described_never_the_data_or_a_key() -> None:
    spy = _Spy(
        decide=[
            {"action": "execute", "run": [task("t1", "data_analyst", "total revenue by region")]}
        ]
    )
    sales = _sales()
    router = router_with([], spy, data={"sales": sales}, code="auto")
    result = await router.run("total revenue by region")
    first = spy.views[0]
    assert first["tables"] == ["sales"]
    assert "sales: pandas.DataFrame, 4 rows × 3 columns" in first["data"]
    assert "region" in first["data"] and "revenue" in first["data"]
    assert "data_analyst" in [a["name"] for a in first["agents"]]
    assert SECRET not in json.dumps(spy.views)  # a key-shaped value is masked
    assert result.data("t1").loc["South"].item() == 30.0  # the model's code ran on the data


async def test_a_run_given_no_data_keeps_the_prompt_it_always_had() -> None:
    spy = _Spy()
    await router_with([], spy).run("anything at all")
    assert "data" not in spy.views[0] and "tables" not in spy.views[0]
    # No data: no analyst or coder; no media: no media readers. The team and the
    # narrator (it reads text) are there either way.
    assert [a["name"] for a in spy.views[0]["agents"]] == [*TEAM, "narration"]


async def test_the_first_hop_is_an_event_the_state_folds() -> None:
    run = Router(data={"sales": _sales()}).start("total revenue by region")
    result = await run
    described = [e for e in run.history if isinstance(e, ev.DataDescribed)]
    assert [type(e).__name__ for e in run.history[:2]] == ["RunStarted", "DataDescribed"]
    assert described[0].tables[0].columns == ("region", "revenue", "note")
    assert run.state.data == described[0]
    assert result.data("t1").to_dict()["revenue"] == {"East": 12.5, "North": 15.0, "South": 30.0}


async def test_the_users_own_agent_wins_a_tie_with_the_analyst() -> None:
    @agent(can=["revenue", "regions", "total"], description="Sums revenue per region.")
    def revenue_totals(task: str) -> str:
        return "north 15"

    result = await Router([revenue_totals], data={"sales": _sales()}).run("total revenue by region")
    assert [t.agent for t in result.tasks] == ["revenue_totals"]


async def test_a_question_about_columns_no_agent_names_goes_to_the_analyst() -> None:
    result = await Router(data={"sales": _sales()}).run("which region had the highest revenue?")
    assert [t.agent for t in result.tasks] == ["data_analyst"]
    assert "South" in result.answer


async def test_analysis_of_missing_data_is_declined_plainly() -> None:
    result = await Router(data={"n": 3}).run("average revenue per region")
    assert result.stop_reason == "unanswered"
    assert "no DataFrame in the notebook" in result.answer


async def test_the_analyst_joining_never_changes_how_the_users_agents_are_chosen() -> None:
    from notebook_router.examples.travel import travel

    request = "Find a good restaurant in Florence"
    alone = await Router([travel]).run(request)
    with_data = await Router([travel], data={"sales": _sales()}).run(request)
    assert [t.agent for t in with_data.tasks] == [t.agent for t in alone.tasks] == ["restaurants"]


async def test_the_analyst_works_on_the_table_an_earlier_task_made() -> None:
    @agent(can=["load", "csv"], description="Loads the sales csv.")
    def loader(task: str) -> pd.DataFrame:
        return pd.DataFrame({"region": ["N", "S", "N"], "revenue": [1.0, 2.0, 4.0]})

    old = pd.DataFrame({"x": [1, 2]})
    result = await Router([loader], data={"old": old}).run(
        "load the sales csv, then compute the average revenue by region"
    )
    assert [(t.agent, t.status) for t in result.tasks] == [
        ("loader", "fulfilled"),
        ("data_analyst", "fulfilled"),
    ]
    assert result.data("t2").to_dict()["revenue"] == {"N": 2.5, "S": 2.0}


async def test_a_table_made_after_the_run_began_is_seen_by_the_analyst() -> None:
    namespace: dict[str, Any] = {}

    @agent(can=["load", "csv"], description="Loads the sales csv into the notebook.")
    def loader(task: str) -> str:
        namespace["sales"] = _sales()
        return "loaded into sales"

    script = Script(
        decide=[
            {
                "action": "execute",
                "run": [task("t1", "loader", "load the sales csv")],
                "later": [task("t2", "data_analyst", "total revenue by region in sales", ["t1"])],
            },
        ]
    )
    # The offline analyst: the scripted model plans, the analyst answers without one.
    router = router_with([loader], script, data=namespace)
    analyst = router.agents.get("data_analyst")
    assert isinstance(analyst, DataAnalyst)
    analyst.use_model = False
    result = await router.run("load, then sum")
    assert result.task("t2").status == "fulfilled"
    assert result.data("t2").to_dict()["revenue"]["North"] == 15.0
