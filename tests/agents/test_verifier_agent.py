"""The built-in verifier, asked by request: offline number checks and its model protocol."""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from notebook_router import Router
from notebook_router.agents.builtin.verifier import Verifier
from notebook_router.planner.decisions import Synthesis
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage


@pytest.fixture
def sales() -> pd.DataFrame:
    return pd.DataFrame({"region": ["North", "South", "North"], "revenue": [700.0, 800.0, 500.0]})


async def test_verify_that_checks_each_figure_against_the_notebooks_tables(
    sales: pd.DataFrame,
) -> None:
    router = Router([Verifier()], data={"sales": sales}, builtins=False)
    result = await router.run("Verify that North's revenue is 1,200 and South's is 900")
    [t1] = result.tasks
    assert (t1.agent, t1.status) == ("verifier", "fulfilled")
    checks = {c["text"]: c["verified"] for c in result.data("t1")}
    assert checks == {"1,200": True, "900": False}
    assert "Verified 1 of 2 claims: 1,200 (sum of sales.revenue for region=North)" in (
        result.answer
    )
    assert "Not verified: 900" in result.answer


async def test_with_nothing_to_check_against_it_says_what_it_needs() -> None:
    result = await Router([Verifier()]).run("verify that revenue was 1,200")
    [t1] = result.tasks
    assert t1.status == "unable" and "load the data" in (t1.error or "")


async def test_its_model_protocol_is_a_verdict_per_claim(sales: pd.DataFrame) -> None:
    asked: list[str] = []

    def model(request: CompletionRequest) -> Any:
        if request.purpose == "router.decide":
            if asked:
                return {"action": "complete", "reason": "checked"}
            spec = {"id": "t1", "agent": "verifier", "description": "verify that North made 1,200"}
            return {"action": "execute", "run": [spec]}
        if request.purpose == "agent.verifier":
            asked.append("\n".join(m.content for m in request.messages))
            return {
                "claims": [
                    {"claim": "North made 1,200", "verdict": "verified", "evidence": "the sum"}
                ]
            }
        if request.purpose == "router.synthesise":
            return Synthesis(answer="verified [t1]")
        raise AssertionError(request.purpose)

    provider = ScriptedProvider(fallback=model, usage=Usage())
    router = Router([Verifier()], model=provider, data={"sales": sales}, builtins=False)
    result = await router.run("verify that North made 1,200")
    assert "North made 1,200" in asked[0] and "sum of sales.revenue for region=North" in asked[0]
    assert result.data("t1") == [
        {"text": "North made 1,200", "verified": True, "evidence": "the sum"}
    ]
