"""The shared context in a run: compressed values in a model planner's view, the run state
and the panel's trace say how each was compressed, a spilled value says so, and every
finished result of a 100-task run reaches the planner as a compressed value."""

from __future__ import annotations

import json
from typing import Any

from notebook_router import Limits, Router, agent
from notebook_router.context.shared import SharedContext
from notebook_router.planner import events as ev
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.render.panel_state import trace_line
from notebook_router.usage import estimate_tokens
from tests.conftest import Script, router_with, task

ROWS = [{"region": r, "month": f"2024-{m:02d}", "revenue": 100 + i} for i, (r, m) in enumerate(
    (region, month) for region in ("North", "South", "East", "West") for month in range(1, 13)
)] * 50  # fmt: skip
"""2,400 sales rows: far too many for a planner's view as they are."""


def _view(request: CompletionRequest) -> dict[str, Any]:
    prompt = request.messages[-1].content
    assert isinstance(prompt, str)
    return dict(json.loads(prompt.split("```json\n", 1)[1].rsplit("\n```", 1)[0]))


@agent(can=["load", "sales"], description="Loads the sales rows into the shared context.")
def loader(context: Any) -> str:
    context.remember("sales_rows", ROWS)
    context.remember("unit", "EUR")
    return "loaded 2,400 rows"


async def test_a_big_context_value_reaches_the_planner_compressed_and_expands_whole() -> None:
    script = Script(decide=[{"action": "execute", "run": [task("t1", "loader", checkpoint=True)]}])
    provider = ScriptedProvider(fallback=script)
    run = Router([loader], model=provider, builtins=False).start("Load the sales")
    await run
    second = _view(provider.requests[1])  # the decision after the loader finished
    table = second["context"]["sales_rows"]
    assert table.startswith("table: 2,400 rows × 3 columns | - region: text, 4 distinct")
    assert "revenue: number, min 100, mean 123.5, max 147" in table
    assert estimate_tokens(table) <= 300
    assert second["context"]["unit"] == "EUR"  # a small value as it is
    # The run state and the trace say how it was compressed; the original is kept.
    note = run.state.compressions["sales_rows"]
    assert (note.content, note.level) == ("table", "medium")
    assert note.original_tokens > 10 * note.tokens
    assert note.dropped == ("2,395 of 2,400 rows",)
    lines = [
        line for e in run.history if (line := trace_line(e)) and line.kind == "context_compressed"
    ]
    assert [(line.label, line.text.split(":")[0]) for line in lines] == [
        ("compressed medium", "sales_rows (table)")
    ]
    assert "context.expand('sales_rows') has it whole" in lines[0].text
    assert run.state.context.expand("sales_rows") == ROWS


async def test_a_50_mb_value_written_by_an_agent_is_spilled_and_the_trace_says_so() -> None:
    big = "the same line of the log\n" * 2_000_000

    @agent(can=["logs"], description="Reads the server logs.")
    def logs(context: Any) -> str:
        context.remember("log", big)
        return "read the log"

    script = Script(decide=[{"action": "execute", "run": [task("t1", "logs")]}])
    run = router_with([logs], script, builtins=False).start("Read the logs")
    result = await run
    assert result.stop_reason == "completed"
    entry = run.state.context.entry("log")
    assert entry is not None and entry.spilled and run.state.context.get("log") == big
    updated = [e for e in run.history if isinstance(e, ev.ContextUpdated)]
    assert updated[0].note.startswith("spilled to disk: 50.0 MB, over the 8.0 MB")
    assert updated[0].preview.startswith("(50.0 MB spilled to disk")  # never read back for it
    lines = [trace_line(e) for e in updated]
    assert lines[0] is not None and lines[0].label == "context"
    assert lines[0].text.startswith("log: spilled to disk: 50.0 MB")


async def test_the_notebooks_context_carries_entries_across_runs() -> None:
    @agent(can=["settings"], description="Notes the currency for later runs.")
    def settings(context: Any) -> str:
        context.shared.set("currency", "EUR", source="settings", lifetime="notebook")
        context.remember("scratch", 42)
        return "noted"

    notebook = SharedContext()
    script = Script(decide=[{"action": "execute", "run": [task("t1", "settings")]}])
    router = router_with([settings], script, builtins=False)
    await router.start("Note the currency", context=notebook.child())
    seen: list[Any] = []

    @agent(can=["report"], description="Reports in the notebook's currency.")
    def report(shared: Any) -> str:
        seen.append((shared.get("currency"), shared.get("scratch")))
        return "reported"

    script = Script(decide=[{"action": "execute", "run": [task("t1", "report")]}])
    await router_with([report], script, builtins=False).start("Report", context=notebook.child())
    assert seen == [("EUR", None)]  # the notebook entry carried over; the run's did not


class _Waiting(Script):
    """Plans 100 tasks at once, waits while any runs, then completes."""

    def __call__(self, request: CompletionRequest) -> Any:
        if request.purpose == "router.decide" and not self.decide:
            view = _view(request)
            counts = (view.get("more_tasks") or {}).get("counts", {})
            if counts.get("running") or any(t["status"] == "running" for t in view["tasks"]):
                return {"action": "wait"}
        return super().__call__(request)


async def test_every_finished_result_of_a_100_task_run_reaches_the_planner_compressed() -> None:
    @agent(can=["measure", "item"], description="Measures one item, at length.")
    def measure(task: str) -> str:
        n = int(task.rsplit(" ", 1)[1])
        return (
            f"Item {n} measured {n * 7} grams in the Oslo lab on 2024-03-{n % 28 + 1:02d}. "
            + "The scale was calibrated before use and the room was kept at a steady "
            "temperature throughout, as the protocol asks. " * 4
        )

    plan = [task(f"t{i}", "measure", f"Measure item {i}") for i in range(1, 101)]
    provider = ScriptedProvider(fallback=_Waiting(decide=[{"action": "parallel", "run": plan}]))
    router = Router([measure], model=provider, limits=Limits(max_iterations=120))
    result = await router.run("Measure 100 items")
    assert result.stop_reason == "completed" and len(result.results) == 100
    answer = provider.requests[-1]
    assert answer.purpose == "router.synthesise"
    assert estimate_tokens(answer.messages[-1].content) <= 3000  # Limits.planner_tokens
    view = _view(answer)
    in_full = {t["id"]: t["summary"] for t in view["tasks"]}
    values = view["more_tasks"]["values"]
    lines = {line.split(" ", 1)[0]: line for line in view["more_tasks"].get("lines", [])}
    assert set(in_full) | set(values) | set(lines) == {f"t{i}" for i in range(1, 101)}
    assert not set(in_full) & set(values)
    # Each compressed value keeps the result's figures and names, not its boilerplate.
    for task_id, text in values.items():
        n = int(task_id[1:])
        assert f"{n * 7} grams" in text and "calibrated" not in text, text
    assert "more_tasks.values, compressed" in view["condensed"]
