"""One wiring for every front end: options in, runs out, the same way for all of them.

The router, the ``%%route`` cell, the command line and the MCP server each hand their
options to :mod:`notebook_router.wiring`; these tests drive the wiring the way the
front ends without a router object do (the cell, the CLI and the MCP server).
"""

from __future__ import annotations

import inspect

import pandas as pd
import pytest

from notebook_router import Router, agent
from notebook_router.agents.breaker import CircuitBreaker
from notebook_router.errors import ConfigError
from notebook_router.mcp_server.runs import ServedRuns
from notebook_router.wiring import RunSetup, start_run, wire

SALES = pd.DataFrame(
    {
        "region": ["North", "South", "East", "West", "North", "South"],
        "revenue": [100.0, 200.0, 150.0, 120.0, 80.0, 60.0],
    }
)
QUICK = "quick question: what was total revenue for North? ASAP"


async def test_a_served_client_run_reads_its_mode_from_the_words_like_any_other() -> None:
    served = ServedRuns(wire(model="offline", data={"sales": SALES}))
    run = served.start(QUICK)
    result = await run
    assert result.stop_reason == "completed"
    assert (run.state.mode, run.state.mode_why) == ("quick", ("quick", "ASAP"))
    assert run.limits.max_iterations == 10  # the quick mode's budget
    assert result.answer == "The total of revenue (rows where region = North) is 180. [t1]"


async def test_a_mode_given_to_the_wiring_beats_the_words_and_a_runs_own_beats_both() -> None:
    setup = wire(model="offline", data={"sales": SALES}, mode="thorough", style="structured")
    given = start_run(setup, QUICK)
    await given
    assert (given.state.mode, given.state.style) == ("thorough", "structured")
    assert given.state.mode_why == ("option",)  # not read from the words
    own = start_run(setup, "what was total revenue for North?", mode="quick")
    await own
    assert own.state.mode == "quick"


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"mode": "slow"}, "Unknown mode 'slow'"),
        ({"style": "poem"}, "Unknown style 'poem'"),
        ({"verify": 2.0}, "give a confidence between 0 and 1"),
        ({"tool_policy": "sometimes"}, "sometimes"),
    ],
)
def test_a_bad_option_is_refused_before_any_run_starts(
    options: dict[str, object], says: str
) -> None:
    with pytest.raises(ConfigError, match=says):
        wire(model="offline", **options)  # type: ignore[arg-type]


async def test_one_breaker_kept_across_wirings_keeps_a_failing_agent_skipped() -> None:
    calls = 0

    @agent(can=["exchange rates", "currency"])
    def rates(task: str) -> str:
        """Fetches today's exchange rates."""
        nonlocal calls
        calls += 1
        raise ConnectionError("rates service is down")

    # As a notebook does: every cell is wired afresh, with the session's one breaker.
    breaker = CircuitBreaker(failures=2)
    outcomes = []
    for _ in range(3):
        setup = wire([rates], model="offline", builtins=False, breaker=breaker)
        run = start_run(setup, "Get the exchange rates for the euro")
        result = await run
        outcomes.append((result.tasks[0].agent, result.tasks[0].status))
    assert calls == 2  # two failures open the circuit: the third run does not call it
    assert outcomes == [("rates", "failed"), ("rates", "failed"), ("rates", "unable")]


async def test_a_router_is_its_setup_so_a_changed_attribute_is_the_next_runs() -> None:
    router = Router(model="offline", data={"sales": SALES})
    assert isinstance(router, RunSetup)
    router.mode = "quick"  # set after construction: the next run uses it
    run = router.start("what was total revenue for North?")
    await run
    assert run.state.mode == "quick"


def test_the_router_and_the_front_ends_take_the_same_options_with_the_same_defaults() -> None:
    # An option the Router took but the wiring did not would be dropped without a word.
    def shape(parameters: list[inspect.Parameter]) -> list[tuple[str, object, object]]:
        return [(p.name, p.kind, p.default) for p in parameters]

    router = list(inspect.signature(Router.__init__).parameters.values())[1:]  # self
    assert shape(router) == shape(list(inspect.signature(wire).parameters.values()))
    with pytest.raises(TypeError, match="colour"):
        wire(model="offline", colour="blue")  # type: ignore[call-arg]
