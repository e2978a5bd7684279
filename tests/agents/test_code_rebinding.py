"""Only the user's own words may have model code replace one of their variables.

A model planner writes the tasks: "update sales with the totals" in a task is
the model's request, not the user's. A scripted model plays the planner and the
code writer; the code really runs, under ``auto``, on these DataFrames.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from notebook_router import Router
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage
from tests.agents.test_code_agents import CodeModel

REPLACE = "sales = sales.groupby('region', as_index=False)['revenue'].sum()\nsales"


@pytest.fixture
def sales() -> pd.DataFrame:
    return pd.DataFrame({"region": ["North", "South", "North"], "revenue": [1.0, 2.0, 3.0]})


async def _run(ask: str, planned: str, namespace: dict[str, Any]) -> str:
    """Run ``ask`` while the model plans ``planned`` and writes REPLACE; the task's summary."""
    model = CodeModel([REPLACE], task=planned)
    router = Router(model=ScriptedProvider(fallback=model, usage=Usage()), data=namespace)
    run = router.start(ask, code="auto")
    await run
    return run.state.results["t1"].summary or ""


async def test_a_model_planners_update_df_does_not_replace_the_users_table(
    sales: pd.DataFrame,
) -> None:
    before = sales.copy()
    namespace: dict[str, Any] = {"sales": sales}
    summary = await _run(
        "total revenue by region", "update sales with the total revenue by region", namespace
    )
    assert namespace["sales"] is sales
    pd.testing.assert_frame_equal(sales, before)
    assert "Your `sales` was left as before" in summary


async def test_the_users_own_update_df_replaces_it(sales: pd.DataFrame) -> None:
    namespace: dict[str, Any] = {"sales": sales}
    ask = "update sales with the total revenue by region"
    summary = await _run(ask, ask, namespace)
    assert namespace["sales"] is not sales
    assert namespace["sales"].set_index("region")["revenue"].to_dict() == {
        "North": 4.0,
        "South": 2.0,
    }
    assert "left as before" not in summary
