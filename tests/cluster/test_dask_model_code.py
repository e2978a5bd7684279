"""With a model, the analyst's code for a Dask DataFrame is Dask code that computes once.

A scripted model plays the planner and the code writer. The prompt must say the frame is
a Dask DataFrame (its partitions, its dtypes, one ``.compute()`` at the end, the pandas
idioms Dask lacks); code that would pull the whole frame into the kernel goes back once,
unrun, naming the problem, and is refused the second time; good Dask code runs on the
cluster's workers and its numbers are pandas' on the same rows.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from notebook_router.media import CODE_MIME
from tests.agents.test_code_agents import CodeModel, _router
from tests.cluster.conftest import distributed

dd = pytest.importorskip("dask.dataframe")

pytestmark = pytest.mark.cluster

ROWS = 20_000
PARTITIONS = 6
TASK = "total revenue by region"
GOOD = "result = sales.groupby('region')['revenue'].sum().compute()\nresult"
WHOLE = "pdf = sales.compute()\npdf.groupby('region')['revenue'].sum()"
ROWS_LOOP = "totals = {}\nfor _, row in sales.iterrows():\n    totals[row.region] = 0\ntotals"


def _code_media(run: Any) -> list[Any]:
    return [m for r in run.state.results.values() for m in r.media if m.mime_type == CODE_MIME]


async def test_the_prompt_says_the_frame_is_dask_and_good_dask_code_runs_on_the_cluster(
    client: Any, sales: Any, sales_pd: pd.DataFrame
) -> None:
    model = CodeModel([GOOD], task=TASK)
    with distributed.get_task_stream(client=client) as stream:
        run = _router(model, {"sales": sales}, code="auto").start(TASK)
        result = await run
    (prompt,) = model.code_prompts()
    assert "`sales` is a Dask DataFrame" in prompt
    assert f"in {PARTITIONS} partitions" in prompt
    assert "dtypes from its meta: region " in prompt and "revenue float64" in prompt
    assert "one `.compute()` at the end" in prompt
    assert "Not in Dask:" in prompt and "`.iloc[rows]`" in prompt
    assert result.tasks[0].status == "fulfilled", result.tasks[0].error
    expected = sales_pd.groupby("region")["revenue"].sum()
    table = run.state.results["t1"].data
    assert {k: float(v) for k, v in table.iloc[:, 0].items()} == expected.to_dict()
    (code,) = _code_media(run)
    assert code.data == GOOD and code.description == "the Dask code that ran"
    assert stream.data, "the group-by ran on the cluster's workers"


async def test_a_whole_frame_compute_goes_back_unrun_and_the_repair_runs(
    sales: Any, sales_pd: pd.DataFrame
) -> None:
    model = CodeModel([WHOLE, GOOD], task=TASK)
    run = _router(model, {"sales": sales}, code="auto").start(TASK)
    result = await run
    _, second = model.code_prompts()
    assert "That code was not run: `sales.compute()` computes all of `sales`" in second
    assert result.tasks[0].status == "fulfilled", result.tasks[0].error
    summary = run.state.results["t1"].summary or ""
    assert "sent back once without running" in summary
    (code,) = _code_media(run)
    assert code.data == GOOD  # the code shown is the code that ran
    expected = sales_pd.groupby("region")["revenue"].sum()
    assert run.state.results["t1"].data.iloc[:, 0].to_dict() == expected.to_dict()


async def test_code_that_still_pulls_the_whole_frame_is_refused_and_shown_unrun(
    sales: Any,
) -> None:
    model = CodeModel([WHOLE, ROWS_LOOP], task=TASK)
    run = _router(model, {"sales": sales}, code="auto").start(TASK)
    result = await run
    assert len(model.code_prompts()) == 2
    task = result.tasks[0]
    assert task.status == "unable"
    assert "was not run" in (task.error or "") and "`.iterrows()`" in (task.error or "")
    (code,) = _code_media(run)
    assert code.data == ROWS_LOOP and code.description == "the Dask code, not run"
    assert code.metadata.get("ran") is False


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("sales.compute()", "`sales.compute()` computes all of `sales`"),
        ("d = sales[sales.revenue > 1]\nd.compute()", "`d.compute()` computes all of `sales`"),
        ("sales['revenue'].compute()", "computes all of `sales`"),
        ("sales.rolling(3).revenue.mean().compute()", "computes all of `sales`"),
        ("sales.revenue.values", "`.values` makes an array of every row of `sales`"),
        ("sales.revenue.to_numpy()", "`.to_numpy()`"),
        ("for v in sales['revenue']:\n    pass", "iterates over every row of `sales`"),
        ("[r for r in sales.itertuples()]", "`.itertuples()`"),
        ("import numpy as np\nnp.asarray(sales.revenue)", "pulls every row of `sales`"),
        ("import dask\ndask.compute(sales.revenue.sum(), sales)", "`dask.compute(sales)`"),
        ("sales.groupby('region').revenue.sum().compute()", None),
        ("sales.revenue.nlargest(5).compute()", None),
        ("len(sales)", None),  # counted on the cluster: only the integer comes back
        ("sales[sales.revenue > 400].head(10, npartitions=-1)", None),
        ("list(sales)", None),  # the column names
        ("sales.dtypes.items()", None),
        ("import dask\ndask.compute(sales.revenue.sum(), sales.revenue.mean())", None),
    ],
)
def test_the_check_names_what_would_pull_the_whole_frame(code: str, problem: str | None) -> None:
    from notebook_router.analyst.dask_check import whole_frame_problems

    frame = dd.from_pandas(pd.DataFrame({"region": ["a"], "revenue": [1.0]}), npartitions=1)
    found = whole_frame_problems(code, {"sales": frame})
    if problem is None:
        assert found == []
    else:
        assert len(found) == 1 and problem in found[0], found
