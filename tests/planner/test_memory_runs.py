"""Memory across runs through the Router: follow-ups, the planner's digest, the knowledge base."""

from __future__ import annotations

import csv
import json
from importlib import resources
from pathlib import Path
from typing import Any

from notebook_router import Router
from notebook_router.agents.builtin.knowledge import Knowledge
from notebook_router.examples.sales import AGENTS
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.store import SessionStore
from notebook_router.store.memory import RunMemory
from notebook_router.usage import Usage
from tests.conftest import Script, task


def _rows(region: str) -> list[dict[str, str]]:
    """The region's rows, read from the CSV here (not through the agents)."""
    text = resources.files("notebook_router.examples").joinpath("data/sales.csv").read_text()
    return [r for r in csv.DictReader(text.splitlines()) if r["region"] == region]


def test_now_do_the_same_for_south_reruns_the_north_plan_for_south_and_cites_it() -> None:
    router = Router(AGENTS, model="offline", memory=True)
    north = router.run_sync("Load the sales table for the North region, then plot monthly revenue")
    south = router.run_sync("now do the same for South")

    assert [(t.agent, t.depends_on) for t in south.tasks] == [
        ("sales_data", ()),
        ("chart", ("t1",)),
    ]
    table = south.data("t1")
    assert [(r["month"], r["revenue"]) for r in table] == [
        (r["month"], float(r["revenue"])) for r in _rows("South")
    ]
    assert f"Follows run {north.run_id}" in south.answer and "North → South" in south.answer
    assert "12 monthly rows for South" in south.answer


def test_without_memory_a_follow_up_knows_nothing_of_the_run_before() -> None:
    router = Router(AGENTS, model="offline")
    router.run_sync("Load the sales table for the North region, then plot monthly revenue")
    assert "Follows run" not in router.run_sync("now do the same for South").answer


def test_fresh_runs_plan_without_the_arc_and_still_join_it() -> None:
    memory = RunMemory()
    router = Router(AGENTS, model="offline", memory=memory)
    router.run_sync("Load the sales table for the North region, then plot monthly revenue")
    fresh = router.run_sync("now do the same for South", fresh=True)
    assert "Follows run" not in fresh.answer
    assert [r.goal for r in memory.runs()][-1] == "now do the same for South"
    assert memory.forget() == 2 and memory.runs() == []


def test_a_model_planner_sees_the_arc_and_the_facts_in_its_prompt() -> None:
    prompts: list[str] = []
    script = Script(decide=[{"action": "complete", "reason": "done"}] * 2)

    def reply(request: CompletionRequest) -> Any:
        if request.purpose == "router.decide":
            prompts.append(request.messages[-1].content)
        return script(request)

    memory = RunMemory()
    memory.facts.add("the fiscal year starts in April")
    router = Router(AGENTS, model=ScriptedProvider(fallback=reply, usage=Usage()), memory=memory)
    first = router.run_sync("Revenue for the North region this fiscal year")
    router.run_sync("now do the same for South")
    assert '"arc"' in prompts[0]  # the fact bears on the first goal
    view = json.loads(prompts[-1].split("```json", 1)[1].rsplit("```", 1)[0])["arc"]
    # No random run id: the model needs none, and a recording replays only if the next
    # execution's prompt is the same.
    assert "run_id" not in view["runs"][-1] and first.run_id not in prompts[-1]
    assert view["runs"][-1]["goal"] == "Revenue for the North region this fiscal year"
    assert view["runs"][-1]["answer"] == first.answer and "nothing was run" in first.answer


def test_a_run_with_no_memory_sends_the_prompt_it_always_did() -> None:
    prompts: list[str] = []
    script = Script(
        decide=[{"action": "execute", "reason": "go", "run": [task("t1", "sales_data")]}]
    )

    def reply(request: CompletionRequest) -> Any:
        if request.purpose == "router.decide":
            prompts.append(request.messages[-1].content)
        return script(request)

    Router(AGENTS, model=ScriptedProvider(fallback=reply, usage=Usage())).run_sync("Load sales")
    assert '"arc"' not in prompts[0]


def test_facts_are_remembered_recalled_and_forgotten_by_the_knowledge_agent() -> None:
    router = Router([*AGENTS, Knowledge()], model="offline", memory=True)
    kept = router.run_sync("Remember that the fiscal year starts in April")
    assert "Remembered fact 1: the fiscal year starts in April" in kept.answer
    recalled = router.run_sync("When does the fiscal year start?")
    assert [t.agent for t in recalled.tasks] == ["knowledge"]
    assert "the fiscal year starts in April [fact 1]" in recalled.answer
    gone = router.run_sync("Forget the fiscal year")
    assert "Forgot fact 1" in gone.answer
    assert router.memory is not None and router.memory.facts.all() == []


def test_a_secret_told_to_remember_is_never_stored(tmp_path: Path) -> None:
    secret = "sk-" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4"
    store = SessionStore(tmp_path)
    router = Router([Knowledge()], model="offline", store=store, memory=True)
    router.run_sync(f"Remember that the api key is {secret}")
    store.flush()
    facts = store.db.query("SELECT text FROM facts")
    arc = store.db.query("SELECT data FROM arc")
    assert [r["text"] for r in facts] == ["the api key is [redacted]"]
    assert arc and all(secret not in r["data"] for r in arc)
    store.close()


def test_why_is_that_recalls_and_cites_the_previous_answer() -> None:
    router = Router([*AGENTS, Knowledge()], model="offline", memory=True)
    north = router.run_sync("Load the sales table for the North region, then plot monthly revenue")
    why = router.run_sync("why is that?")
    assert [t.agent for t in why.tasks] == ["knowledge"]
    assert f"Run {north.run_id}" in why.answer and "12 monthly rows for North" in why.answer


def test_the_arc_and_facts_survive_reopening_the_database(tmp_path: Path) -> None:
    with SessionStore(tmp_path) as store:
        router = Router(AGENTS, model="offline", store=store, memory=RunMemory.of(store, "a.ipynb"))
        router.run_sync("Load the sales table for the North region, then plot monthly revenue")
        RunMemory.of(store, "a.ipynb").facts.add("North is our oldest region")
    with SessionStore(tmp_path) as store:
        again = RunMemory.of(store, "a.ipynb")
        assert [r.goal for r in again.runs()] == [
            "Load the sales table for the North region, then plot monthly revenue"
        ]
        assert [f.text for f in again.facts.all()] == ["North is our oldest region"]
        other = RunMemory.of(store, "b.ipynb")  # another notebook in the folder
        assert other.runs() == [] and other.facts.all() == []


# Three months of four regions, as a notebook's DataFrame (the data analyst reads it).
REGIONS = ["North", "South", "East", "West"] * 3
REVENUE = [
    *(120500, 98000, 101250, 87000),
    *(130000, 91000, 99500, 88000),
    *(127400, 95500, 103000, 90500),
]
MONTHLY = {"region": REGIONS, "month": [f"2024-0{m}" for m in (1, 2, 3) for _ in range(4)]}


def _analyst_router() -> Router:
    import pandas as pd

    return Router(data={"sales": pd.DataFrame({**MONTHLY, "revenue": REVENUE})}, memory=True)


def _revenue(region: str) -> list[int]:
    return [r for g, r in zip(REGIONS, REVENUE, strict=True) if g == region]


def test_what_about_east_reruns_the_north_analysis_for_east() -> None:
    router = _analyst_router()
    north = router.run_sync("What is the total revenue for North?")
    east = router.run_sync("what about East?")
    assert [(t.agent, t.description) for t in east.tasks] == [
        ("data_analyst", "What is the total revenue for East?")
    ]
    assert east.data("t1") == sum(_revenue("East")) == 101250 + 99500 + 103000
    assert f"{sum(_revenue('East')):,}" in east.answer
    assert f"Follows run {north.run_id}" in east.answer and "North → East" in east.answer


def test_now_the_median_swaps_the_statistic_of_the_run_before() -> None:
    router = _analyst_router()
    router.run_sync("What is the total revenue for North?")
    median = router.run_sync("now the median")
    assert [t.description for t in median.tasks] == ["What is the median revenue for North?"]
    assert median.data("t1") == 127400  # North: 120,500, 130,000, 127,400
    assert "total → median" in median.answer


def test_a_new_request_that_opens_like_a_follow_up_is_planned_as_itself() -> None:
    router = _analyst_router()
    router.run_sync("What is the total revenue for North?")
    which = router.run_sync("Again, which region has the most revenue?")
    assert "Follows run" not in which.answer and "for Which" not in which.answer
    assert "North" in which.answer and "377,900" in which.answer  # 120,500+130,000+127,400


def test_as_a_bar_chart_after_a_single_number_says_there_is_nothing_to_chart() -> None:
    router = _analyst_router()
    router.run_sync("What is the total revenue for North?")
    chart = router.run_sync("and as a bar chart")
    assert chart.tasks == [] and "nothing to chart" in chart.answer


def test_as_a_bar_chart_after_a_table_draws_that_table() -> None:
    router = _analyst_router()
    router.run_sync("What is the total revenue by region?")
    chart = router.run_sync("and as a bar chart")
    assert [(t.agent, t.status) for t in chart.tasks] == [("data_analyst", "fulfilled")]
    assert "bar chart" in chart.answer
    table = chart.data("t1")
    assert {r: table.loc[r, "revenue"] for r in table.index} == {
        r: sum(_revenue(r)) for r in ("North", "South", "East", "West")
    }


def test_forget_a_fact_that_does_not_exist_says_so_and_tries_no_other_agent() -> None:
    router = Router(memory=True)
    router.run_sync("Remember that the fiscal year starts in April")
    gone = router.run_sync("forget fact 99")
    assert [(t.agent, t.status) for t in gone.tasks] == [("knowledge", "fulfilled")]
    assert "There is no fact 99" in gone.answer and "Not verified" not in gone.answer
    assert router.memory is not None and len(router.memory.facts.all()) == 1


def test_remember_that_with_nothing_after_keeps_nothing_and_asks_what() -> None:
    router = Router(memory=True)
    asked = router.run_sync("remember that")
    assert [t.agent for t in asked.tasks] == ["knowledge"]
    assert "what is the fact?" in asked.answer
    assert router.memory is not None and router.memory.facts.all() == []
