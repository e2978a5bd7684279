"""With a model, the analyst's code is held to the question: what it leaves out goes back once,
and what is still left out makes the answer partial, saying so.

A scripted model plays the planner, the code writer, the verifier and the writer of
the answer; the code it writes really runs on these tables. The second half drives
the same runs through the OpenAI SDK against an OpenAI-compatible server on loopback.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pandas as pd
import pytest

from notebook_router import Router
from notebook_router.errors import ProviderError
from notebook_router.media import CODE_MIME
from notebook_router.planner.decisions import Synthesis
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.registry import resolve_model
from notebook_router.providers.retry import RetryPolicy
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage
from tests.providers.servers import LoopbackServer, openai_completion, openai_stream

QUESTION = "how many days did the United States report more than 1,000,000 daily vaccinations?"
ALL_COUNTRIES = "int((vacc['daily_vaccinations'] > 1_000_000).sum())"
ALL_COUNTRIES_AGAIN = "len(vacc.query('daily_vaccinations > 1e6'))"
UNITED_STATES = (
    "us = vacc[vacc['country'] == 'United States']\n"
    "int((us['daily_vaccinations'] > 1_000_000).sum())"
)
GAP = "the code does not apply country == 'United States'"


@pytest.fixture
def vacc() -> pd.DataFrame:
    return vaccinations()


def vaccinations() -> pd.DataFrame:
    """40 days of three countries: the United States above a million on 26 of them, the
    United Kingdom on 10, Israel never (36 days in all, as a dropped country would count)."""
    days = pd.date_range("2021-01-01", periods=40)
    above = {"United States": 26, "United Kingdom": 10, "Israel": 0}
    frames = [
        pd.DataFrame(
            {
                "country": country,
                "date": days,
                "daily_vaccinations": np.where(np.arange(40) < n, 1_500_000, 400_000),
            }
        )
        for country, n in above.items()
    ]
    return pd.concat(frames, ignore_index=True)


def _truth(vacc: pd.DataFrame) -> int:
    us = vacc[vacc["country"] == "United States"]
    return int((us["daily_vaccinations"] > 1_000_000).sum())


class ContractModel:
    """Plans one data_analyst task, writes ``codes`` in turn, verifies, writes the answer."""

    def __init__(self, codes: list[str], task: str = QUESTION) -> None:
        self.codes, self.task = list(codes), task
        self.requests: list[CompletionRequest] = []
        self.planned = False

    def __call__(self, request: CompletionRequest) -> Any:
        self.requests.append(request)
        purpose = request.purpose
        if purpose == "router.decide":
            if self.planned:
                return {"action": "complete", "reason": "the analysis is done"}
            self.planned = True
            spec = {"id": "t1", "agent": "data_analyst", "description": self.task}
            return {"action": "execute", "run": [spec]}
        if purpose.startswith("agent.code"):
            return f"```python\n{self.codes.pop(0)}\n```"
        if purpose == "router.verify":
            return {"claims": [], "retry": None, "agent": None}
        if purpose == "router.synthesise":
            return Synthesis(answer="Here is what the code found [t1].")
        raise AssertionError(f"unexpected call {purpose}")

    def calls(self) -> Counter[str]:
        return Counter(r.purpose for r in self.requests)

    def prompt(self, purpose: str) -> str:
        return "\n".join(
            m.content for r in self.requests if r.purpose == purpose for m in r.messages
        )


def _router(model: ContractModel, data: dict[str, Any], **kwargs: Any) -> Router:
    return Router(model=ScriptedProvider(fallback=model, usage=Usage()), data=data, **kwargs)


def _code(run: Any) -> list[str]:
    return [m.data for m in run.state.results["t1"].media if m.mime_type == CODE_MIME]


async def test_code_that_drops_the_country_is_sent_back_once_and_the_correction_answers(
    vacc: pd.DataFrame,
) -> None:
    model = ContractModel([ALL_COUNTRIES, UNITED_STATES])
    run = _router(model, {"vacc": vacc}, code="auto").start(QUESTION)
    result = await run
    task = result.tasks[0]
    assert task.status == "fulfilled", task.error
    assert run.state.results["t1"].data == _truth(vacc) == 26
    # The correction named what was left out, in words; the evidence is the code that answered.
    correction = model.prompt("agent.code.correct")
    assert GAP in correction and ALL_COUNTRIES in correction
    assert _code(run) == [UNITED_STATES]
    assert "corrected once: the first code did not apply country == 'United States'" in (
        task.summary or ""
    )
    assert model.calls() == Counter(
        {"router.decide": 1, "agent.code": 1, "agent.code.correct": 1, "router.verify": 1,
         "router.synthesise": 1}
    )  # fmt: skip


async def test_a_correction_that_still_drops_it_is_partial_and_says_what_was_not_applied(
    vacc: pd.DataFrame,
) -> None:
    model = ContractModel([ALL_COUNTRIES, ALL_COUNTRIES_AGAIN])
    run = _router(model, {"vacc": vacc}, code="auto").start(QUESTION)
    result = await run
    task = result.tasks[0]
    assert task.status == "partial"
    assert GAP in (task.error or "")
    summary = task.summary or ""
    assert summary.startswith(
        "The code does not apply country == 'United States' (asked once to correct this, the "
        "model left it out again), so this does not answer the whole task."
    )
    assert run.state.results["t1"].data == 36  # the broader count is kept, flagged, never lost
    assert model.calls()["agent.code.correct"] == 1 and model.calls()["agent.code"] == 1
    # The writer of the answer is told the task is partial and what it left out.
    view = model.prompt("router.synthesise")
    assert '"partial"' in view and GAP in view


async def test_a_model_that_keeps_its_code_says_why_and_the_answer_stays_partial(
    vacc: pd.DataFrame,
) -> None:
    kept = "# kept: every country was meant\n" + ALL_COUNTRIES
    model = ContractModel([ALL_COUNTRIES, kept])
    run = _router(model, {"vacc": vacc}, code="auto").start(QUESTION)
    task = (await run).tasks[0]
    assert "# kept: <why>" in model.prompt("agent.code.correct")
    assert task.status == "partial" and GAP in (task.error or "")
    assert "the model kept its code: every country was meant" in (task.summary or "")


async def test_partial_answers_keep_the_gap_in_the_answer_written_without_a_model(
    vacc: pd.DataFrame,
) -> None:
    model = ContractModel([ALL_COUNTRIES, ALL_COUNTRIES_AGAIN])

    def no_writer(request: CompletionRequest) -> Any:
        if request.purpose == "router.synthesise":
            raise ProviderError("the answer writer is down")
        return model(request)

    provider = ScriptedProvider(fallback=no_writer, usage=Usage())
    result = await Router(model=provider, data={"vacc": vacc}, code="auto").start(QUESTION)
    assert "(partial): The code does not apply country == 'United States'" in result.answer


async def test_code_that_uses_every_part_passes_untouched_with_one_code_call(
    vacc: pd.DataFrame,
) -> None:
    model = ContractModel([UNITED_STATES])
    run = _router(model, {"vacc": vacc}, code="auto").start(QUESTION)
    result = await run
    task = result.tasks[0]
    assert task.status == "fulfilled" and run.state.results["t1"].data == 26
    assert "corrected" not in (task.summary or "") and "Partial" not in (task.summary or "")
    calls = model.calls()
    assert calls["agent.code"] == 1 and "agent.code.correct" not in calls
    # A confident data answer (0.8) is verified all the same: one verifier call.
    assert run.state.results["t1"].confidence >= 0.5 and calls["router.verify"] == 1


async def test_code_that_did_not_run_costs_no_verifier_call(vacc: pd.DataFrame) -> None:
    model = ContractModel([UNITED_STATES])
    run = _router(model, {"vacc": vacc}, code="never").start(QUESTION)
    result = await run
    assert result.tasks[0].status == "partial"
    assert "not run" in (result.tasks[0].summary or "")
    assert "router.verify" not in model.calls()
    assert "agent.code.correct" not in model.calls()  # code that never ran is not checked


async def test_a_correction_the_user_skips_leaves_the_first_answer_partial(
    vacc: pd.DataFrame,
) -> None:
    from notebook_router.planner import events as ev

    model = ContractModel([ALL_COUNTRIES, UNITED_STATES])
    run = _router(model, {"vacc": vacc}, code="ask", clarify="wait").start(QUESTION)
    decisions = iter(["run", "skip"])
    async for event in run.events():
        if isinstance(event, ev.CodeApprovalRequested):
            run.approve(next(decisions), approval=event.id)
        if isinstance(event, ev.RunFinished):
            break
    result = await run
    task = result.tasks[0]
    assert task.status == "partial" and GAP in (task.error or "")
    assert "did not run" in (task.summary or "")
    assert run.state.results["t1"].left_out == (
        "the filter country == 'United States' (the code does not apply it)",
    )
    assert run.state.results["t1"].data == 36 and _code(run) == [ALL_COUNTRIES]


async def test_a_correction_that_fails_is_repaired_and_one_that_keeps_failing_keeps_the_first(
    vacc: pd.DataFrame,
) -> None:
    broken = "vacc[vacc['Country'] == 'United States'].shape[0]"
    model = ContractModel([ALL_COUNTRIES, broken, UNITED_STATES])
    run = _router(model, {"vacc": vacc}, code="auto").start(QUESTION)
    result = await run
    assert result.tasks[0].status == "fulfilled" and run.state.results["t1"].data == 26
    assert "KeyError" in model.prompt("agent.code.repair")

    model = ContractModel([ALL_COUNTRIES, broken, broken, broken])
    run = _router(model, {"vacc": vacc}, code="auto").start(QUESTION)
    task = (await run).tasks[0]
    # three attempts and the one correction, no more; the answer that ran stands, flagged
    assert model.calls()["agent.code.repair"] == 2 and not model.codes
    assert task.status == "partial" and run.state.results["t1"].data == 36
    assert "the corrected code failed with KeyError" in (task.summary or "")
    assert _code(run) == [ALL_COUNTRIES]


async def test_a_group_by_the_model_left_out_is_corrected() -> None:
    players = pd.DataFrame(
        {
            "salary": [500.0, 900.0, 650.0, 1200.0, 300.0, 2000.0],
            "free_agency_eligibility": ["yes", "no", "yes", "no", "yes", "no"],
        }
    )
    ask = "average salary by free agency eligibility"
    pooled = "players['salary'].mean()"
    grouped = "players.groupby('free_agency_eligibility')['salary'].mean()"
    model = ContractModel([pooled, grouped], task=ask)
    run = _router(model, {"players": players}, code="auto").start(ask)
    result = await run
    assert result.tasks[0].status == "fulfilled"
    assert "the code does not group by free_agency_eligibility" in model.prompt(
        "agent.code.correct"
    )
    table = run.state.results["t1"].data
    expected = players.groupby("free_agency_eligibility")["salary"].mean()
    assert table["salary"].to_dict() == expected.to_dict()


async def test_an_unread_question_still_holds_the_code_to_the_values_it_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from notebook_router.analyst import code_check
    from notebook_router.analyst.spec import Decline

    monkeypatch.setattr(code_check, "understand", lambda *_: Decline("no operation fits"))
    sales = pd.DataFrame(
        {"region": ["North", "South", "East"] * 4, "revenue": np.arange(12, dtype=float)}
    )
    ask = "what is the revenue of the North region"
    everything = "sales['revenue'].sum()"
    north = "sales.loc[sales['region'] == 'North', 'revenue'].sum()"
    model = ContractModel([everything, north], task=ask)
    run = _router(model, {"sales": sales}, code="auto").start(ask)
    result = await run
    assert "the code does not use region == 'North'" in model.prompt("agent.code.correct")
    assert result.tasks[0].status == "fulfilled"
    expected = sales.loc[sales["region"] == "North", "revenue"].sum()
    assert run.state.results["t1"].data == pytest.approx(expected)


# ------------------------------------------------------------- an OpenAI-compatible server

FAST = RetryPolicy(attempts=2, base_s=0.01, max_s=0.1)


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    s = LoopbackServer()
    yield s
    s.close()


def _plan() -> str:
    spec = {"id": "t1", "agent": "data_analyst", "description": QUESTION, "depends_on": []}
    return json.dumps({"action": "execute", "reason": "the analyst counts it", "run": [spec]})


def _bodies(server: LoopbackServer) -> list[str]:
    return [json.dumps(seen.body.get("messages", [])) for seen in server.requests]


async def test_over_http_a_dropped_filter_is_corrected(
    server: LoopbackServer, vacc: pd.DataFrame
) -> None:
    # In the order the run asks: plan, code, corrected code, verifier, answer.
    server.reply(200, openai_completion(_plan()))
    server.reply(200, openai_completion(f"```python\n{ALL_COUNTRIES}\n```"))
    server.reply(200, openai_completion(f"```python\n{UNITED_STATES}\n```"))
    server.reply(200, openai_completion(json.dumps({"claims": []})))
    server.stream(openai_stream([json.dumps({"answer": "26 days [t1]."})]))
    provider = resolve_model("openai:gpt-4o-mini", base_url=server.url + "/v1", retry=FAST)
    run = Router(model=provider, data={"vacc": vacc}, code="auto").start(QUESTION)
    result = await asyncio.wait_for(run, 30)
    assert result.tasks[0].status == "fulfilled"
    assert run.state.results["t1"].data == 26 and result.answer == "26 days [t1]."
    bodies = _bodies(server)
    assert len(bodies) == 5
    assert GAP in bodies[2] and ALL_COUNTRIES in bodies[2]  # the correction, over the wire
    assert "verify" in bodies[3].lower() and "26" in bodies[3]


async def test_over_http_a_filter_dropped_twice_is_a_partial_answer(
    server: LoopbackServer, vacc: pd.DataFrame
) -> None:
    server.reply(200, openai_completion(_plan()))
    server.reply(200, openai_completion(f"```python\n{ALL_COUNTRIES}\n```"))
    server.reply(200, openai_completion(f"```python\n{ALL_COUNTRIES_AGAIN}\n```"))
    server.reply(200, openai_completion(json.dumps({"claims": []})))
    # A partial, unsure result is a surprise: the planner is asked, and ends the run.
    server.reply(200, openai_completion(json.dumps({"action": "complete", "reason": "done"})))
    server.stream(openai_stream([json.dumps({"answer": "Only all countries [t1]."})]))
    provider = resolve_model("openai:gpt-4o-mini", base_url=server.url + "/v1", retry=FAST)
    run = Router(model=provider, data={"vacc": vacc}, code="auto").start(QUESTION)
    result = await asyncio.wait_for(run, 30)
    task = result.tasks[0]
    assert task.status == "partial" and GAP in (task.error or "")
    assert run.state.results["t1"].left_out == (
        "the filter country == 'United States' (the code does not apply it)",
    )
    bodies = _bodies(server)
    assert len(bodies) == 6
    assert GAP in bodies[-1] and "partial" in bodies[-1]  # the answer's writer is told
