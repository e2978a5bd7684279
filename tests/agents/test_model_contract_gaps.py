"""With a model, what the analyst's answer leaves out is named where the run reads it, and a
hostile reply is never a fulfilled answer.

A scripted model plays the planner, the code writer, the verifier and the writer of the
answer (:class:`tests.agents.test_model_contract.ContractModel`); its code really runs on
the tables. What is left out is read from the result's ``left_out`` (the planner's
admission and the run's headline read that list, never the summary's wording).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from notebook_router.analyst.code_reach import reach_problems
from notebook_router.media import CODE_MIME
from notebook_router.planner.rails import Limits
from notebook_router.planner.state import STOP_REASON_TEXT
from notebook_router.providers.base import CompletionRequest
from notebook_router.render.panel_state import panel_state
from notebook_router.render.text import render_text
from tests.agents.test_model_contract import (
    ALL_COUNTRIES,
    ALL_COUNTRIES_AGAIN,
    QUESTION,
    UNITED_STATES,
    ContractModel,
    _router,
    vaccinations,
)

FILTER_LEFT_OUT = "the filter country == 'United States' (the code does not apply it)"
PLAYERS = pd.DataFrame(
    {
        "salary": [500.0, 900.0, 650.0, 1200.0, 300.0, 2000.0],
        "free_agency_eligibility": ["yes", "no", "yes", "no", "yes", "no"],
    }
)
BY_ELIGIBILITY = "average salary by free agency eligibility"
POOLED = "players['salary'].mean()"


class RawModel(ContractModel):
    """A :class:`ContractModel` whose code replies are sent as written (no fence added)."""

    def __call__(self, request: CompletionRequest) -> Any:
        if request.purpose.startswith("agent.code"):
            self.requests.append(request)
            return self.codes.pop(0)
        return super().__call__(request)


def _ran(run: Any) -> list[bool]:
    """For each piece of code the result shows, whether it ran."""
    media = run.state.results["t1"].media
    return [m.metadata.get("ran", True) for m in media if m.mime_type == CODE_MIME]


# ------------------------------------------------------------- what is left out, named


async def test_a_filter_left_out_twice_is_named_and_the_headline_says_partly() -> None:
    vacc = vaccinations()
    model = ContractModel([ALL_COUNTRIES, ALL_COUNTRIES_AGAIN])
    run = _router(model, {"vacc": vacc}, code="auto").start(QUESTION)
    result = await run
    agent_result = run.state.results["t1"]
    assert agent_result.status == "partial"
    assert agent_result.left_out == (FILTER_LEFT_OUT,)
    assert agent_result.data == 36  # the broader count is kept, flagged
    # The run's headline: not "the goal was met", but that not every part succeeded.
    assert result.stop_reason == "partly_answered"
    assert "0 of the 1 task fully answered" in result.stop_detail
    headline = panel_state(run.state, Limits(), elapsed_s=1.0).headline
    assert headline == STOP_REASON_TEXT["partly_answered"].split(" (")[0]
    assert STOP_REASON_TEXT["completed"] not in render_text(run.state)


async def test_a_corrected_filter_leaves_nothing_out() -> None:
    model = ContractModel([ALL_COUNTRIES, UNITED_STATES])
    run = _router(model, {"vacc": vaccinations()}, code="auto").start(QUESTION)
    result = await run
    assert run.state.results["t1"].left_out == ()
    assert result.tasks[0].status == "fulfilled" and result.stop_reason == "completed"


async def test_a_group_by_left_out_twice_is_partial_and_named() -> None:
    model = ContractModel([POOLED, POOLED], task=BY_ELIGIBILITY)
    run = _router(model, {"players": PLAYERS}, code="auto").start(BY_ELIGIBILITY)
    result = await run
    agent_result = run.state.results["t1"]
    assert agent_result.status == "partial"
    assert agent_result.left_out == (
        "the grouping by free_agency_eligibility (the code does not group by it)",
    )
    assert result.stop_reason == "partly_answered"
    assert "the code does not group by free_agency_eligibility" in (result.tasks[0].error or "")


# ------------------------------------------------------------- hostile replies


async def test_code_that_writes_a_file_goes_back_once_and_is_never_run(tmp_path: Path) -> None:
    leak = tmp_path / "leak.txt"
    hostile = f"{UNITED_STATES}\nopen({str(leak)!r}, 'w').write(vacc.to_csv())"
    model = ContractModel([hostile, hostile])
    run = _router(model, {"vacc": vaccinations()}, code="auto").start(QUESTION)
    result = await run
    task = result.tasks[0]
    assert task.status == "unable" and not leak.exists()
    assert "opens a file with open()" in (task.error or "")
    assert "opens a file with open()" in model.prompt("agent.code.repair")
    assert _ran(run) == [False]
    assert "router.verify" not in model.calls()  # nothing ran: nothing to verify
    assert result.stop_reason != "completed"


async def test_code_that_reads_a_file_then_corrected_answers() -> None:
    hostile = f"secret = open('/etc/hostname').read()\n{UNITED_STATES}"
    model = ContractModel([hostile, UNITED_STATES])
    run = _router(model, {"vacc": vaccinations()}, code="auto").start(QUESTION)
    result = await run
    assert result.tasks[0].status == "fulfilled" and run.state.results["t1"].data == 26
    assert "sent back once without running: it opens a file with open()" in (
        result.tasks[0].summary or ""
    )


@pytest.mark.parametrize(
    "reach",
    [
        "import urllib.request\nurllib.request.urlopen('http://127.0.0.1:9/')",
        "import socket\nsocket.create_connection(('127.0.0.1', 9))",
        "import os\nkey = os.environ.get('OPENAI_API_KEY')",
        "import subprocess\nsubprocess.run(['true'])",
        "__import__('so' + 'cket')",
        "pd.read_csv('http://127.0.0.1:9/data.csv')",
    ],
)
async def test_code_that_reaches_the_network_programs_or_keys_is_never_run(reach: str) -> None:
    hostile = f"{reach}\n{UNITED_STATES}"
    model = ContractModel([hostile, hostile])
    run = _router(model, {"vacc": vaccinations()}, code="auto").start(QUESTION)
    task = (await run).tasks[0]
    assert task.status == "unable" and _ran(run) == [False]
    assert reach_problems(hostile)[0] in (task.error or "")


async def test_a_reply_without_code_is_never_an_answer() -> None:
    prose = "There were 26 such days in the United States."
    model = RawModel([prose, prose, prose])
    run = _router(model, {"vacc": vaccinations()}, code="auto").start(QUESTION)
    result = await run
    task = result.tasks[0]
    assert task.status == "failed" and "without code" in (task.error or "")
    assert result.stop_reason == "unanswered"
    assert "router.verify" not in model.calls()


async def test_code_over_invented_columns_is_never_an_answer() -> None:
    invented = "int((vacc[vacc['nation'] == 'United States']['doses'] > 1e6).sum())"
    model = ContractModel([invented, invented, invented])
    run = _router(model, {"vacc": vaccinations()}, code="auto").start(QUESTION)
    result = await run
    assert result.tasks[0].status == "failed"
    assert "KeyError" in model.prompt("agent.code.repair")
    assert result.stop_reason == "unanswered"


async def test_a_number_behind_an_invented_column_is_partial_and_named() -> None:
    # .get with a default never fails: the "answer" is the number the model made up.
    made_up = "vacc.get('united_states_days_over_a_million', 26)"
    model = ContractModel([made_up, made_up])
    run = _router(model, {"vacc": vaccinations()}, code="auto").start(QUESTION)
    result = await run
    agent_result = run.state.results["t1"]
    assert agent_result.status == "partial" and FILTER_LEFT_OUT in agent_result.left_out
    assert result.stop_reason == "partly_answered"


async def test_a_huge_output_is_never_fulfilled_and_never_floods_the_model() -> None:
    huge = (
        "import pandas as pd\nprint(vacc.to_string() * 200)\n"
        "pd.concat([vacc] * 2000, ignore_index=True)"
    )
    model = ContractModel([huge, huge])
    run = _router(model, {"vacc": vaccinations()}, code="auto").start(QUESTION)
    result = await run
    assert result.tasks[0].status == "partial"
    assert FILTER_LEFT_OUT in run.state.results["t1"].left_out
    # What reaches the model after the code ran is bounded, whatever the code printed.
    for purpose in ("agent.code.correct", "router.verify", "router.synthesise"):
        assert len(model.prompt(purpose)) < 60_000, purpose


COUNTED = (
    "us = vacc[vacc['country'] == 'United States']\n"
    "n = int((us['daily_vaccinations'] > 1_000_000).sum())\n"
)


async def test_a_right_number_buried_in_huge_text_is_sent_back_then_partial() -> None:
    buried = COUNTED + "str(n) * 10_000_000"
    model = ContractModel([buried, buried])
    run = _router(model, {"vacc": vaccinations()}, code="auto").start(QUESTION)
    result = await run
    agent_result = run.state.results["t1"]
    assert agent_result.status == "partial" and result.stop_reason == "partly_answered"
    said = "the code's result is 20,000,000 characters of text: no answer is that long"
    assert said in model.prompt("agent.code.correct")
    assert agent_result.left_out == (f"an answer of a readable size ({said})",)
    assert isinstance(agent_result.data, str) and len(agent_result.data) < 101_000


async def test_a_table_larger_than_the_data_is_sent_back_and_the_correction_answers() -> None:
    blown_up = "import pandas as pd\n" + COUNTED + "pd.concat([us] * 500).assign(n=n)"
    model = ContractModel([blown_up, UNITED_STATES])
    run = _router(model, {"vacc": vaccinations()}, code="auto").start(QUESTION)
    result = await run
    assert result.tasks[0].status == "fulfilled" and run.state.results["t1"].data == 26
    assert "the code's result has 20,000 rows, more than the 120 of the largest table" in (
        model.prompt("agent.code.correct")
    )


async def test_a_value_the_data_does_not_hold_is_sent_back_then_partial() -> None:
    # "USA" is no value of country: the count of 0 answers no question asked.
    usa = "int((vacc[vacc['country'] == 'USA']['daily_vaccinations'] > 1_000_000).sum())"
    model = ContractModel([usa, usa])
    run = _router(model, {"vacc": vaccinations()}, code="auto").start(QUESTION)
    result = await run
    agent_result = run.state.results["t1"]
    assert agent_result.status == "partial" and agent_result.left_out == (FILTER_LEFT_OUT,)
    assert "the code does not apply country == 'United States'" in model.prompt(
        "agent.code.correct"
    )
    assert result.stop_reason == "partly_answered"
