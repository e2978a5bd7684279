"""A Dask DataFrame in the notebook: listed, described and analysed on the cluster.

The frame's partitions live on the session cluster's workers (its client is Dask's
default, as a notebook's would be). Every number the analyst gives is checked against
pandas on the same rows; the code shown must be Dask code that computes once.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from notebook_router import Router
from notebook_router.media import CODE_MIME
from tests.cluster.conftest import distributed

dd = pytest.importorskip("dask.dataframe")

pytestmark = pytest.mark.cluster

ROWS = 40_000
PARTITIONS = 8


def _computed_on_the_cluster(client: Any) -> Any:
    return distributed.get_task_stream(client=client)


async def test_a_dask_frame_is_listed_and_described_from_a_sample(sales: Any) -> None:
    router = Router(data={"sales": sales})
    listed = await router.run("what dataframes do I have?")
    assert (
        "| sales | dask.DataFrame | about 40,000 rows × 3 columns in 8 partitions "
        "| region, product, revenue |" in listed.answer
    )
    described = await router.run("describe sales")
    assert "sales: dask.DataFrame, about 40,000 rows × 3 columns in 8 partitions" in (
        described.answer
    )
    assert "sample" in described.answer  # its figures are said to come from a sample


async def test_a_filtered_group_by_is_dask_code_computed_on_the_cluster(
    client: Any, sales: Any, sales_pd: pd.DataFrame
) -> None:
    expected = sales_pd[sales_pd.region == "North"].groupby("product")["revenue"].sum()
    with _computed_on_the_cluster(client) as stream:
        result = await Router(data={"sales": sales}).run(
            "total revenue by product where region is North"
        )
    (task,) = result.tasks
    assert task.agent == "data_analyst" and task.status == "fulfilled"
    assert result.results[task.id].value == expected.to_dict()
    for product, total in expected.items():
        assert f"{product}: {total:,.0f}" in result.answer
    code = next(m for m in result.results[task.id].media if m.mime_type == CODE_MIME)
    assert code.description == "the Dask code that produced this"
    assert code.data == (
        "d = sales[sales['region'] == 'North']\n"
        "result = d.groupby('product')['revenue'].sum(split_out=1).compute()"
    )
    assert stream.data, "the group-by ran on the cluster's workers"


async def test_a_top_n_on_a_dask_frame_ranks_as_pandas_does(
    sales: Any, sales_pd: pd.DataFrame
) -> None:
    totals = sales_pd.groupby("product")["revenue"].sum().nlargest(2)
    result = await Router(data={"sales": sales}).run("top 2 products by revenue")
    (task,) = result.tasks
    assert result.results[task.id].value == list(totals.index)
    for product, total in totals.items():
        assert f"{product} ({total:,.0f})" in result.answer
    code = next(m for m in result.results[task.id].media if m.mime_type == CODE_MIME)
    assert str(code.data).count(".compute()") == 1


async def test_a_question_only_pandas_answers_says_so_and_what_it_would_pull(
    sales: Any,
) -> None:
    result = await Router(data={"sales": sales}).run(
        "correlation between revenue and region in sales"
    )
    (task,) = result.tasks
    assert task.status == "unable"
    error = task.error or ""
    assert "sales is a Dask DataFrame, and this question needs pandas" in error
    assert "about 40,000 rows × 3 columns" in error
    assert "sales.compute()" in error


def _slow_partition(i: int, sampled: tuple[int, ...]) -> pd.DataFrame:
    """A partition that takes 2 s of Python to make, unless it is one the description
    samples (so describing the frame is quick and the analysis is what takes time)."""
    import time

    if i not in sampled:
        end = time.monotonic() + 2
        while time.monotonic() < end:
            pass
    return pd.DataFrame({"region": ["North", "South"] * 50, "revenue": [float(i)] * 100})


async def test_stop_during_an_analysis_cancels_its_computation_on_the_cluster(
    client: Any,
) -> None:
    import asyncio
    import time

    from notebook_router.planner import events as ev
    from tests.cluster.conftest import busy_threads, wait_until

    count = 20
    sampled = (0, count // 2, count - 1)
    slow = dd.from_map(_slow_partition, range(count), sampled=sampled)
    run = Router(data={"slow": slow}).start("total revenue by region in slow")
    async for event in run.events():
        if isinstance(event, ev.TaskStarted):
            break
    await asyncio.to_thread(
        wait_until, lambda: busy_threads(client) == 2, 20, "the partitions to be computing"
    )
    stopped_at = time.monotonic()
    run.stop()
    result = await run
    assert time.monotonic() - stopped_at < 1.0
    assert result.stop_reason == "stopped_by_user"
    assert result.tasks[0].status == "cancelled"
    # The graph was cancelled: the two partitions being made finish (Dask cannot stop a
    # task's thread) and none of the others start: 2 s, not the 17 partitions' 17 s.
    wait_until(lambda: busy_threads(client) == 0, timeout=6, what="the computation to be dropped")


async def test_counts_of_complete_rows_and_of_zero_groups_match_pandas(client: Any) -> None:
    ledger = pd.DataFrame(
        {
            "firm": ["a", "b", "c", "a", "b", "c"] * 5,
            "invest": [150.0, 50.0, 20.0, None, 120.0, 30.0] * 5,
        }
    )
    lazy = dd.from_pandas(ledger, npartitions=3).persist()
    distributed.wait(lazy)
    router = Router(data={"ledger": lazy})
    complete = await router.run("how many rows have no missing values?")
    assert complete.results["t1"].data == int(ledger.notna().all(axis=1).sum())
    fewest = await router.run("for each firm, in how many rows was invest above 100?")
    counted = {f: int(((ledger.firm == f) & (ledger.invest > 100)).sum()) for f in "abc"}
    assert counted["c"] == 0  # the case that matters: a group with none
    assert fewest.results["t1"].value == counted


COUNTIES = (
    "Adams Allen Ashland Brown Butler Clark Clay Clinton Crawford Darke Delaware Erie Fayette "
    "Franklin Fulton Greene Hamilton Hancock Hardin Henry Highland Holmes Huron Jackson "
    "Jefferson Knox Lake Lawrence Licking Logan Lorain Lucas Madison Marion Medina Meigs Mercer "
    "Miami Monroe Morgan Morrow Noble Ottawa Paulding Perry Pike Portage Preble Putnam Richland "
    "Ross Scioto Seneca Shelby Stark Summit Union Warren Wayne Wood"
)


async def test_a_count_of_things_whose_names_repeat_counts_the_rows_as_pandas_does(
    client: Any,
) -> None:
    # a row a county, some names shared by two counties (of two states): "how many
    # counties" counts the rows on Dask as on pandas, never lists the distinct names
    names = [f"{n} County" for n in COUNTIES.split()]
    names += names[:10]
    rows = pd.DataFrame({"county": names, "state": ["OH", "IN"] * 35, "people": range(70)})
    lazy = dd.from_pandas(rows, npartitions=3).persist()
    distributed.wait(lazy)
    on_pandas = await Router(data={"places": rows}).run("how many counties are there?")
    on_dask = await Router(data={"places": lazy}).run("how many counties are there?")
    assert on_pandas.data("t1") == on_dask.data("t1") == len(rows)
    media = on_dask.results[on_dask.tasks[0].id].media
    code = next(m.data for m in media if m.mime_type == CODE_MIME)
    assert code == (
        "result = int(places.shape[0].compute())\nnames = int(places['county'].nunique().compute())"
    )
