"""Verification by default: unsure results are checked, sent back once reworded, and the
answer says which claims are verified (offline, and with a scripted model)."""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from notebook_router import AgentResult, Limits, Router, agent
from notebook_router.agents.base import (
    AgentContext,
    BaseAgent,
    TaskRequest,
    parse_capabilities,
)
from notebook_router.errors import ConfigError
from notebook_router.planner import events as ev
from notebook_router.planner.decisions import Synthesis
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.result import Citation
from notebook_router.usage import Usage
from notebook_router.verification.evidence import Evidence
from notebook_router.verification.judge import check_numbers
from notebook_router.verification.model_check import UNREADABLE


@pytest.fixture
def sales() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["North", "South", "North", "East"],
            "revenue": [700.0, 800.0, 500.0, 300.0],
        }
    )


class Guesser(BaseAgent):
    """Guesses North's revenue (1,350, wrong) unsure of itself; asked again, gets 1,200."""

    name = "guesser"
    description = "Guesses revenue figures."
    capabilities = parse_capabilities(["revenue"])

    def __init__(self, right_on_retry: bool = True) -> None:
        self.right_on_retry = right_on_retry
        self.tasks: list[str] = []

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        self.tasks.append(task.description)
        figure = "1,200" if task.attempt > 1 and self.right_on_retry else "1,350"
        return AgentResult(summary=f"North made {figure} in revenue.", confidence=0.3)


def _guesser(right_on_retry: bool = True) -> Guesser:
    return Guesser(right_on_retry)


def _critiques(run: Any) -> list[ev.CriticNoted]:
    return [e for e in run.history if isinstance(e, ev.CriticNoted)]


# ------------------------------------------------------------------ offline


async def test_an_unsure_wrong_number_is_sent_back_reworded_and_the_retry_is_verified(
    sales: pd.DataFrame,
) -> None:
    guesser = _guesser()
    run = Router([guesser], data={"sales": sales}).start("what was the revenue for North?")
    result = await run
    first, second = _critiques(run)
    assert (first.verdict, [(c.text, c.verified) for c in first.claims]) == (
        "needs_more",
        [("1,350", False)],
    )
    assert first.retry is not None
    assert "the data contradicts 1,350 (sum of sales.revenue for region=North is 1,200)" in (
        first.retry
    )
    # The agent was asked again, reworded; the plan keeps the task as planned.
    assert guesser.tasks == ["What was the revenue for North?", first.retry]
    [t1] = result.tasks
    assert (t1.attempts, t1.description) == (2, "What was the revenue for North?")
    assert second.verdict == "ok"
    assert [(c.text, c.verified, c.evidence) for c in second.claims] == [
        ("1,200", True, "sum of sales.revenue for region=North")
    ]
    assert result.stop_reason == "completed"
    assert "North made 1,200 in revenue" in result.answer
    assert "Verified against the data: 1,200 (sum of sales.revenue for region=North)" in (
        result.answer
    )
    assert "1,350" not in result.answer


async def test_a_wrong_number_repeated_is_marked_unverified_in_the_answer(
    sales: pd.DataFrame,
) -> None:
    guesser = _guesser(right_on_retry=False)
    run = Router([guesser], data={"sales": sales}).start("what was the revenue for North?")
    result = await run
    verdicts = [c.verdict for c in _critiques(run)]
    assert verdicts == ["needs_more", "unverified"]  # sent back once, then it stands
    assert len(guesser.tasks) == 2
    assert result.stop_reason == "completed"
    assert "Not verified: 1,350 (contradicted by the data: sum of sales.revenue for " in (
        result.answer
    )
    assert run.state.critiques["t1"].verdict == "unverified"


async def test_a_sure_result_or_verification_off_is_not_checked(sales: pd.DataFrame) -> None:
    for router in (
        Router([_guesser()], data={"sales": sales}, verify=None),
        Router([_guesser()], data={"sales": sales}, verify=False),
        Router([_guesser()], data={"sales": sales}, verify=0.2),  # 0.3 is sure enough
    ):
        run = router.start("what was the revenue for North?")
        result = await run
        assert _critiques(run) == [] and result.tasks[0].attempts == 1
        assert "1,350" in result.answer and "verified" not in result.answer.lower()


async def test_the_threshold_is_a_run_option_too(sales: pd.DataFrame) -> None:
    router = Router([_guesser()], data={"sales": sales}, verify=None)
    run = router.start("what was the revenue for North?", verify_below=0.9)
    await run
    assert [c.verdict for c in _critiques(run)] == ["needs_more", "ok"]
    # Limits given to the router decide when verify is left alone.
    assert Router(limits=Limits(verify_below=0.2)).limits.verify_below == 0.2
    assert Router().limits.verify_below == 0.5
    assert Router(verify=True).limits.verify_below == 0.5
    with pytest.raises(ConfigError, match="between 0 and 1"):
        Router(verify=1.5)


def test_verify_below_is_an_option_of_route_and_the_command_line() -> None:
    from notebook_router.notebook.options import parse_route_options

    assert parse_route_options("--verify-below 0.8").limits.verify_below == 0.8
    assert parse_route_options("").limits.verify_below == 0.5
    assert parse_route_options("--verify-below 0").limits.verify_below == 0


async def test_a_wrong_number_is_caught_offline_against_an_earlier_table() -> None:
    @agent(can=["load", "totals"])
    def totals() -> pd.DataFrame:
        return pd.DataFrame({"total": [1200.0, 800.0]}, index=["North", "South"])

    @agent(can=["report", "write"])
    def writer(inputs: dict[str, Any]) -> AgentResult:
        return AgentResult(summary="North leads with 1,250 (60% of the total).", confidence=0.2)

    run = Router([totals, writer]).start("load the totals, then write a report")
    result = await run
    checks = {c.text: c.verified for c in _critiques(run)[-1].claims}
    assert checks == {"1,250": False, "60%": True}  # 1,200 of 2,000 is 60 %
    assert "Not verified: 1,250" in result.answer and "Verified against the data: 60%" in (
        result.answer
    )


def test_numbers_are_matched_to_the_precision_they_are_written_with() -> None:
    evidence = Evidence()
    evidence.add(pd.DataFrame({"x": [1234.4, 2.5e6]}), "t")
    found = {
        c.text: c.verified for c in check_numbers("1,234 then 2.5 million and 1,240", evidence)
    }
    assert found == {"1,234": True, "2.5 million": True, "1,240": False}
    # Years, single digits and the request's own numbers are not findings.
    assert check_numbers("the top 3 in 2024 were 42", evidence, ignore="top 42") == []


def _reporter(summary: str, calls: list[str]) -> Any:
    @agent(can=["regional report", "region report"])
    def regional(task: str) -> AgentResult:
        """Reports on regions."""
        calls.append(task)
        return AgentResult(summary=summary, confidence=0.4)

    return regional


@pytest.fixture
def regions() -> pd.DataFrame:
    # North 377,900 of 1,231,650 (30.7 %), +5.7 % from its first month to its last; South 284,500.
    return pd.DataFrame(
        {
            "region": ["North", "South", "East", "West"] * 3,
            "revenue": [
                *(120500, 98000, 101250, 87000, 130000, 91000),
                *(99500, 88000, 127400, 95500, 103000, 90500),
            ],
        }
    )


async def test_a_figure_passed_off_as_a_groups_is_contradicted_and_sent_back(
    regions: pd.DataFrame,
) -> None:
    calls: list[str] = []
    summary = "North led with revenue of 1.2M, ahead of South (0.28M); North's share was about 31%."
    run = Router([_reporter(summary, calls)], data={"sales": regions}).start(
        "Write a regional report on revenue"
    )
    result = await run
    first, second = _critiques(run)
    assert first.verdict == "needs_more" and second.verdict == "unverified"
    assert {c.text: c.verified for c in first.claims} == {"1.2M": False, "0.28M": True, "31%": True}
    assert len(calls) == 2 and "the data contradicts 1.2M" in calls[1]
    assert "Not verified: 1.2M (contradicted by the data: 1.2M is sum of sales.revenue, not " in (
        result.answer
    )
    assert "region=North is 377,900" in result.answer


async def test_rounded_figures_differences_and_changes_are_verified_without_a_retry(
    regions: pd.DataFrame,
) -> None:
    calls: list[str] = []
    summary = (
        "North led with about 378,000 in revenue (0.38M), 93,400 ahead of South; "
        "it grew 5.7% from the first month to the last."
    )
    run = Router([_reporter(summary, calls)], data={"sales": regions}).start(
        "Write a regional report on revenue"
    )
    result = await run
    [noted] = _critiques(run)
    assert noted.verdict == "ok" and len(calls) == 1
    assert [c.text for c in noted.claims if c.verified] == ["378,000", "0.38M", "93,400", "5.7%"]
    assert "Verified against the data: 378,000" in result.answer
    assert "Not verified" not in result.answer


async def test_a_figure_merely_not_found_is_reported_unverified_without_a_retry(
    regions: pd.DataFrame,
) -> None:
    calls: list[str] = []
    summary = "North made 377,900; the team has 1,200 customers."
    run = Router([_reporter(summary, calls)], data={"sales": regions}).start(
        "Write a regional report on revenue"
    )
    result = await run
    [noted] = _critiques(run)
    assert noted.verdict == "unverified" and noted.retry is None and len(calls) == 1
    assert "Verified against the data: 377,900" in result.answer
    assert "Not verified: 1,200 (not found in (or computable from) the data" in result.answer


async def test_cited_sources_are_scored_in_the_answer() -> None:
    @agent(can=["history", "revolution"])
    def historian() -> AgentResult:
        return AgentResult(
            summary="The revolution began in 1789 after the harvest of 1788 failed.",
            confidence=0.3,
            citations=(
                Citation(source="Lefebvre 2005", text="the revolution began with the harvest"),
                Citation(source="an old almanac", text="weather tables"),
            ),
        )

    run = Router([historian]).start("why did the revolution begin?")
    result = await run
    [noted] = _critiques(run)
    best, worst = noted.sources
    assert best.source == "Lefebvre 2005" and best.score > worst.score
    assert best.relevance > worst.relevance and best.recency < 1
    assert "Sources: Lefebvre 2005 (score" in result.answer


# -------------------------------------------------------------- with a model


class VerifyingModel:
    """Plans one ``guesser`` task; plays the verifier from ``verdicts``; writes the answer."""

    def __init__(self, verdicts: list[Any]) -> None:
        self.verdicts = list(verdicts)
        self.requests: list[CompletionRequest] = []
        self.planned = False

    def __call__(self, request: CompletionRequest) -> Any:
        self.requests.append(request)
        if request.purpose == "router.decide":
            if self.planned:
                return {"action": "complete", "reason": "done"}
            self.planned = True
            spec = {"id": "t1", "agent": "guesser", "description": "North's revenue"}
            return {"action": "execute", "run": [spec]}
        if request.purpose == "router.verify":
            return self.verdicts.pop(0)
        if request.purpose == "router.synthesise":
            return Synthesis(answer="North made 1,200 [t1].")
        raise AssertionError(f"unexpected call {request.purpose}")

    def prompts(self, purpose: str) -> list[str]:
        return [
            "\n".join(m.content for m in r.messages) for r in self.requests if r.purpose == purpose
        ]


def _model_router(model: VerifyingModel, agents: list[Any], **kwargs: Any) -> Router:
    usage = Usage(input_tokens=3, output_tokens=2, calls=1)
    return Router(agents, model=ScriptedProvider(fallback=model, usage=usage), **kwargs)


async def test_with_a_model_the_verifier_rewords_the_task_for_another_agent(
    sales: pd.DataFrame,
) -> None:
    guesser = _guesser(right_on_retry=False)

    @agent(can=["revenue"])
    def counter(task: str) -> AgentResult:
        return AgentResult(summary=f"North made 1,200 ({task}).", confidence=0.4)

    model = VerifyingModel(
        [
            {
                "claims": [{"claim": "North made 1,350", "verdict": "contradicted"}],
                "retry": "Sum sales.revenue where region is North",
                "agent": "counter",
            },
            {"claims": [{"claim": "North made 1,200", "verdict": "verified", "evidence": "sum"}]},
        ]
    )
    run = _model_router(model, [guesser, counter], data={"sales": sales}).start("North revenue?")
    result = await run
    first, second = _critiques(run)
    assert (first.verdict, first.retry_agent) == ("needs_more", "counter")
    assert second.verdict == "ok" and second.claims[0].verified
    [t1] = result.tasks
    assert (t1.agent, t1.attempts, t1.status) == ("counter", 2, "fulfilled")
    assert "Sum sales.revenue where region is North" in (t1.summary or "")
    # The verifier saw the result, the evidence and the offline number check.
    prompt = model.prompts("router.verify")[0]
    assert "North made 1,350" in prompt and "sales" in prompt and "NOT found" in prompt
    # The model writing the answer is told which claims were verified.
    synthesis = model.prompts("router.synthesise")[0]
    assert '"verified"' in synthesis and "North made 1,200" in synthesis
    assert "verified" in synthesis.split("Run state")[0]  # the instruction to say so
    assert result.usage_by_source.get("verifier") is not None


@pytest.mark.parametrize(
    "reply", ["not json at all", {"claims": [{"claim": "x", "verdict": "maybe"}]}]
)
async def test_a_malformed_verifier_reply_leaves_the_result_unverified(
    sales: pd.DataFrame, reply: Any
) -> None:
    model = VerifyingModel([reply, reply])
    run = _model_router(model, [_guesser(right_on_retry=False)], data={"sales": sales}).start(
        "North revenue?"
    )
    result = await run
    assert result.stop_reason == "completed"
    verdicts = [c.verdict for c in _critiques(run)]
    assert verdicts == ["needs_more", "unverified"]
    assert any(c.evidence == UNREADABLE for c in run.state.critiques["t1"].claims)


async def test_a_verifier_model_that_fails_does_not_end_the_run(sales: pd.DataFrame) -> None:
    model = VerifyingModel([RuntimeError("the verifier broke"), RuntimeError("again")])

    def failing(request: CompletionRequest) -> Any:
        reply = model(request)
        if isinstance(reply, BaseException):
            raise reply
        return reply

    provider = ScriptedProvider(fallback=failing, usage=Usage())
    run = Router([_guesser()], model=provider, data={"sales": sales}).start("North revenue?")
    result = await run
    assert result.stop_reason == "completed"
    assert [c.verdict for c in _critiques(run)][-1] in ("ok", "unverified")


# ------------------------------------------------- how the notebook's data is named


RECORDS = [
    {"region": region, "revenue": revenue}
    for region, revenue in [("North", 1200), ("South", 800), ("East", 950), ("West", 700)] * 2
]


def _records_evidence(prompt: str) -> str:
    """The line of the evidence that names the notebook's ``rows``."""
    [line] = [line for line in prompt.splitlines() if line.startswith("- rows:")]
    return line


async def test_the_verifier_is_told_a_list_of_records_is_one_not_a_dataframe() -> None:
    model = VerifyingModel(
        [{"claims": [{"claim": "North made 1,350", "verdict": "contradicted"}]}] * 2
    )
    await _model_router(model, [_guesser()], data={"rows": RECORDS}).run("North revenue?")
    line = _records_evidence(model.prompts("router.verify")[0])
    assert "DataFrame" not in line
    assert "a list of 8 records (keys region, revenue)" in line


async def test_the_verifier_agent_is_told_a_list_of_records_is_one_not_a_dataframe() -> None:
    requests: list[CompletionRequest] = []

    def model(request: CompletionRequest) -> Any:
        requests.append(request)
        if request.purpose == "router.decide":
            if len(requests) > 1:
                return {"action": "complete", "reason": "done"}
            task = {"id": "t1", "agent": "verifier", "description": "Verify: North made 1,200"}
            return {"action": "execute", "run": [task]}
        if request.purpose == "agent.verifier":
            return {"claims": [{"claim": "North made 1,200", "verdict": "verified"}]}
        return Synthesis(answer="North made 1,200 [t1].")

    router = Router(model=ScriptedProvider(fallback=model), data={"rows": RECORDS})
    await router.run("Verify that North made 1,200")
    [prompt] = [
        "\n".join(m.content for m in r.messages) for r in requests if r.purpose == "agent.verifier"
    ]
    line = _records_evidence(prompt)
    assert "DataFrame" not in line
    assert "a list of 8 records (keys region, revenue)" in line
