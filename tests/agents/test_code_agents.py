"""The built-in analyst and coder with a model: code written, approved (or not), run, repaired.

A scripted model plays the planner and the code writer; the code it writes
really runs, in this process, on these DataFrames.
"""

from __future__ import annotations

import asyncio
from typing import Any

import numpy as np
import pandas as pd
import pytest

from notebook_router import Router
from notebook_router.media import CODE_MIME
from notebook_router.planner import events as ev
from notebook_router.planner.decisions import Synthesis
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage

MARKER = 987654.321
"""A value deep inside the data: it must never reach a prompt (descriptions, not data)."""


@pytest.fixture
def sales() -> pd.DataFrame:
    n = 600
    frame = pd.DataFrame(
        {
            "month": pd.period_range("2024-01", periods=12, freq="M").astype(str).tolist() * 50,
            "region": ["North", "South", "East"] * 200,
            "revenue": np.arange(n, dtype=float),
        }
    )
    frame.loc[300, "revenue"] = MARKER
    return frame


class CodeModel:
    """Plans one data_analyst (or coder) task, writes ``codes`` in turn, verifies nothing,
    answers from results."""

    def __init__(self, codes: list[str], agent: str = "data_analyst", task: str = "") -> None:
        self.codes = list(codes)
        self.agent = agent
        self.task = task
        self.requests: list[CompletionRequest] = []
        self.planned = False

    def __call__(self, request: CompletionRequest) -> Any:
        self.requests.append(request)
        purpose = request.purpose
        if purpose == "router.decide":
            if self.planned:
                return {"action": "complete", "reason": "the analysis is done"}
            self.planned = True
            spec = {"id": "t1", "agent": self.agent, "description": self.task, "depends_on": []}
            return {"action": "execute", "run": [spec]}
        if purpose.startswith("agent.code"):
            return f"Here you go:\n```python\n{self.codes.pop(0)}\n```"
        if purpose == "router.verify":  # every data answer is verified
            return {"claims": []}
        if purpose == "router.synthesise":
            return Synthesis(answer="Here is what the code found.")
        raise AssertionError(f"unexpected call {purpose}")

    def code_prompts(self) -> list[str]:
        return [
            "\n".join(m.content for m in r.messages)
            for r in self.requests
            if r.purpose.startswith("agent.code")
        ]


def _router(model: CodeModel, data: dict[str, Any], **kwargs: Any) -> Router:
    provider = ScriptedProvider(fallback=model, usage=Usage())
    return Router(model=provider, data=data, **kwargs)


def _codes(run: Any) -> list[str]:
    return [m.data for r in run.state.results.values() for m in r.media if m.mime_type == CODE_MIME]


TOTALS = "totals = sales.groupby('region')['revenue'].sum().sort_values(ascending=False)\ntotals"


async def test_the_model_sees_descriptions_not_data_and_its_code_runs_under_auto(
    sales: pd.DataFrame,
) -> None:
    model = CodeModel([TOTALS], task="total revenue by region")
    run = _router(model, {"sales": sales}, code="auto").start("total revenue by region")
    result = await run
    prompt = model.code_prompts()[0]
    assert "sales" in prompt and "revenue" in prompt and "region" in prompt
    assert str(MARKER) not in prompt and "987654" not in prompt
    task = result.tasks[0]
    assert task.status == "fulfilled", task.error
    expected = sales.groupby("region")["revenue"].sum().sort_values(ascending=False)
    table = run.state.results["t1"].data
    assert list(table.index) == list(expected.index)
    assert table.iloc[0, 0] == pytest.approx(expected.iloc[0])
    assert _codes(run) == [TOTALS]
    # The model writing the answer is given the numbers the code produced.
    synthesis = "\n".join(
        m.content for r in model.requests if r.purpose == "router.synthesise" for m in r.messages
    ).replace(",", "")
    assert expected.index[0] in synthesis and f"{expected.iloc[0]:.0f}" in synthesis


async def test_a_failing_code_goes_back_with_its_traceback_and_the_repair_runs(
    sales: pd.DataFrame,
) -> None:
    broken = "sales.groupby('Region')['revenue'].sum()"
    model = CodeModel([broken, TOTALS], task="total revenue by region")
    run = _router(model, {"sales": sales}, code="auto").start("total revenue by region")
    result = await run
    prompts = model.code_prompts()
    assert len(prompts) == 2
    assert "KeyError" in prompts[1] and "Region" in prompts[1] and broken in prompts[1]
    assert result.tasks[0].status == "fulfilled"
    summary = run.state.results["t1"].summary or ""
    assert "2 attempts" in summary and "KeyError" in summary
    assert _codes(run) == [TOTALS]  # the evidence is the code that worked


async def test_repairs_are_bounded_and_the_failure_is_reported(sales: pd.DataFrame) -> None:
    broken = "sales['nope'].sum()"
    model = CodeModel([broken] * 5, task="sum nope")
    run = _router(model, {"sales": sales}, code="auto").start("sum the nope column")
    result = await run
    assert len(model.code_prompts()) == 3
    task = result.tasks[0]
    assert task.status == "failed"
    assert "3 attempts" in (task.error or "") and "KeyError" in (task.error or "")


async def test_never_shows_the_code_without_running_it(sales: pd.DataFrame) -> None:
    ran: list[int] = []
    model = CodeModel(["ran.append(1)\nlen(ran)"], task="count")
    run = _router(model, {"sales": sales, "ran": ran}, code="never").start("count the rows")
    result = await run
    assert ran == []
    assert "not run" in result.answer.lower() or "not run" in (result.tasks[0].summary or "")
    assert _codes(run) == ["ran.append(1)\nlen(ran)"]


async def test_ask_runs_the_code_only_after_the_user_says_run(sales: pd.DataFrame) -> None:
    ran: list[int] = []
    model = CodeModel(["ran.append(1)\nlen(ran)"], task="count")
    router = _router(model, {"sales": sales, "ran": ran}, code="ask", clarify="wait")
    run = router.start("count the rows")
    async for event in run.events():
        if isinstance(event, ev.CodeApprovalRequested):
            break
    await asyncio.sleep(0.2)
    assert ran == []  # waiting for the user
    await asyncio.wrap_future(await asyncio.to_thread(run.approve, "run"))
    result = await run
    assert ran == [1] and result.tasks[0].status == "fulfilled"


async def test_ask_with_nobody_to_answer_behaves_as_never_and_says_so(sales: pd.DataFrame) -> None:
    ran: list[int] = []
    model = CodeModel(["ran.append(1)\nlen(ran)"], task="count")
    run = _router(model, {"sales": sales, "ran": ran}, code="ask").start("count the rows")
    await run
    assert ran == []
    assert "no panel is open" in (run.state.results["t1"].summary or "")


async def test_the_users_variables_are_not_rebound_or_changed(sales: pd.DataFrame) -> None:
    before = sales.copy()
    code = "sales['double'] = sales['revenue'] * 2\nsales.loc[0, 'revenue'] = -1\nsales = None\n1"
    namespace: dict[str, Any] = {"sales": sales}
    model = CodeModel([code], task="mess with sales")
    await _router(model, namespace, code="auto").start("mess with sales")
    assert namespace["sales"] is sales
    pd.testing.assert_frame_equal(sales, before)


async def test_a_variable_the_user_asked_for_is_created(sales: pd.DataFrame) -> None:
    namespace: dict[str, Any] = {"sales": sales}
    code = "monthly = sales.groupby('month')['revenue'].sum()\nmonthly"
    ask = "create a series called monthly with revenue by month"
    model = CodeModel([code], task=ask)
    run = _router(model, namespace, code="auto").start(ask)
    await run
    assert "monthly" in namespace
    assert namespace["monthly"].sum() == pytest.approx(sales["revenue"].sum())
    assert "Created `monthly`" in (run.state.results["t1"].summary or "")


async def test_the_coder_captures_prints_and_figures(sales: pd.DataFrame) -> None:
    code = (
        "import matplotlib.pyplot as plt\n"
        "fig, ax = plt.subplots()\n"
        "ax.plot([1, 2, 3], [3, 1, 2])\n"
        "ax.set_title('A line')\n"
        "print('drawn', 3, 'points')"
    )
    model = CodeModel([code], agent="coder", task="draw a line")
    run = _router(model, {"sales": sales}, code="auto").start("write code to draw a line")
    result = await run
    media = run.state.results["t1"].media
    pngs = [m for m in media if m.mime_type == "image/png"]
    assert pngs and isinstance(pngs[0].data, bytes) and pngs[0].data[:4] == b"\x89PNG"
    assert "drawn 3 points" in (run.state.results["t1"].summary or "")
    assert result.tasks[0].status == "fulfilled"


def test_code_is_found_in_fenced_or_bare_replies() -> None:
    from notebook_router.agents.builtin.code_loop import extract_code

    assert extract_code("Sure:\n```python\nx = 1\nx\n```\nDone.") == "x = 1\nx"
    assert extract_code("```\ny = 2\n```") == "y = 2"
    assert extract_code("df.head()") == "df.head()"
    assert extract_code("I cannot do that, sorry.") is None
    assert extract_code("```python\nunterminated = 3") == "unterminated = 3"


@pytest.mark.parametrize(
    ("task", "created", "overwritten"),
    [
        ("create a dataframe called top3 with the three best regions", {"top3"}, set()),
        ("save the result as by_region", {"by_region"}, set()),
        ("store it in a new variable totals", {"totals"}, set()),
        ("create a series monthly of revenue by month", {"monthly"}, set()),
        ("overwrite df with the cleaned rows", set(), {"df"}),
        # Words that only look like names, or ask for nothing by name:
        ("Create a bar chart of sales by region and update the title", set(), {"title"}),
        ("Put the regions in order and plot the total amount", set(), set()),
        ("What is the average amount? keep it short", set(), set()),
        ("save the chart to a file", set(), set()),
    ],
)
def test_only_variables_asked_for_by_name_are_named(
    task: str, created: set[str], overwritten: set[str]
) -> None:
    from notebook_router.agents.builtin.code_loop import asked_names

    assert asked_names(task) == (frozenset(created), frozenset(overwritten))


async def test_the_users_variables_are_not_replaced_because_a_word_matches(
    sales: pd.DataFrame,
) -> None:
    # "update the title" is no licence to replace `sales`, nor "amount" to create `amount`.
    namespace: dict[str, Any] = {"sales": sales}
    code = "sales = sales.head(1)\namount = 7\nregions = [1]\nlen(sales)"
    ask = "Create a bar chart of sales by region and update the title, put the regions in order"
    await _router(CodeModel([code], task=ask), namespace, code="auto").start(ask)
    assert namespace["sales"] is sales and sorted(namespace) == ["sales"]


async def test_model_code_never_sees_a_secret_variable_and_never_echoes_a_key(
    sales: pd.DataFrame, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = "sk-proj-" + "abcdefghijklmnopqrstuvwxyz0123456789AB"
    monkeypatch.setenv("OPENAI_API_KEY", key)
    namespace: dict[str, Any] = {"sales": sales, "api_key": key, "token": "t0k3n-value"}
    # The first code looks for the variable; the repair prints the key from the environment.
    first = "api_key"
    second = "import os\nprint('key is', os.environ['OPENAI_API_KEY'])\nlen(sales)"
    model = CodeModel([first, second], agent="coder", task="show the key")
    run = _router(model, namespace, code="auto").start("write code to show the key")
    await run
    assert "NameError" in model.code_prompts()[1]  # the secret variable was not there
    summary = run.state.results["t1"].summary or ""
    assert "[redacted]" in summary and key not in summary
    assert key not in "".join(model.code_prompts())


async def test_a_repair_starts_from_the_code_the_user_edited(sales: pd.DataFrame) -> None:
    model = CodeModel([TOTALS, TOTALS], task="total revenue by region")
    router = _router(model, {"sales": sales}, code="ask", clarify="wait")
    run = router.start("total revenue by region")
    edit = "sales['Nope'].sum()"
    answers = iter([edit, None])  # the user's broken edit, then Run on the repair as shown
    async for event in run.events():
        if isinstance(event, ev.CodeApprovalRequested):
            run.approve("run", approval=event.id, code=next(answers))
        if isinstance(event, ev.RunFinished):
            break
    await run
    repair = model.code_prompts()[1]
    assert "The user edited your code" in repair and edit in repair and "KeyError" in repair
    assert run.state.results["t1"].ok
