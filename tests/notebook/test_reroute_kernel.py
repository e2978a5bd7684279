"""A re-route that answers another question is partial, and says so: in a real kernel
with the sales example's agents, as the quickstart notebook loads them."""

from __future__ import annotations

import pytest

from tests.notebook.kernel import Kernel

pytestmark = pytest.mark.kernel

SALES = (
    "%load_ext notebook_router\n"
    "from notebook_router.examples.sales import "
    "sales_data, chart, trend_writer, forecaster, region_compare\n"
)


def test_a_reroute_to_an_agent_that_answers_another_question_is_partial() -> None:
    kernel = Kernel()
    try:
        assert kernel.execute(SALES).status == "ok"
        ran = kernel.execute("%%route -o trend\nSummarise the trend for the North region")
        assert ran.status == "ok", ran.errors()
        out = kernel.execute(
            "r = trend.result()\n"
            "print(r.stop_reason)\n"
            "print(*(f'{t.agent}:{t.status}' for t in r.tasks))\n"
            "print(r.answer)"
        ).stdout
    finally:
        kernel.shutdown()
    reason, tasks, answer = out.split("\n", 2)
    # The trend writer needs the rows first; the region comparer then answers a
    # four-region comparison: not the North's trend, and the run does not claim it is.
    assert tasks == "region_compare:partial"
    assert reason == "partly_answered"
    assert answer.startswith("Not every part of “Summarise the trend for the North region”")
    assert (
        "Partial: answered by region_compare after trend_writer could not; region_compare "
        "matched “region” of the task, not “summarise”, “trend”" in answer
    )
