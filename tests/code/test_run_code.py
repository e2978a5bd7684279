"""run_code as the coding agent sees it: values, output, errors, media, limits."""

from __future__ import annotations

import asyncio
import sys
import threading

import matplotlib
import numpy as np
import pandas as pd
import pytest

from notebook_router.code import CodeOutcome, run_code, runner
from notebook_router.errors import ConfigError

matplotlib.use("Agg")  # the test process has no display; a user's backend is never switched

import matplotlib.pyplot as plt


async def test_the_users_dataframe_is_untouched_by_writes_and_rebinding() -> None:
    df = pd.DataFrame({"a": [1, 2, 3]})
    namespace = {"df": df}

    outcome = await run_code('df["x"] = 1\ndf.loc[0, "a"] = 99\ndf = None', namespace)

    assert outcome.ok, outcome.error
    assert namespace["df"] is df
    assert list(df.columns) == ["a"]
    assert df["a"].tolist() == [1, 2, 3]
    assert outcome.assigned == {"df": None}


async def test_a_polars_frame_is_untouched_by_in_place_writes() -> None:
    pl = pytest.importorskip("polars")
    df = pl.DataFrame({"a": [1, 2, 3]})

    outcome = await run_code(
        'df[0, "a"] = 99\ndf.insert_column(1, pl.Series("x", [1, 1, 1]))', {"df": df, "pl": pl}
    )

    assert outcome.ok, outcome.error
    assert df.columns == ["a"]
    assert df["a"].to_list() == [1, 2, 3]


async def test_writing_into_a_numpy_array_in_place_gives_an_error_the_model_can_read() -> None:
    values = np.arange(3)

    outcome = await run_code("values[0] = 5", {"values": values})

    assert not outcome.ok
    assert outcome.error_type == "ValueError"
    assert outcome.error is not None
    assert "read-only" in outcome.error
    assert "values[0] = 5" in outcome.error
    assert values.tolist() == [0, 1, 2]


async def test_the_last_expression_is_the_value_as_in_a_notebook_cell() -> None:
    outcome = await run_code("x = 20\nx * 2 + 2", {})

    assert outcome.ok
    assert outcome.value == 42


@pytest.mark.parametrize("code", ["x = 42", "for i in range(3):\n    pass", "x = 42\nx;"])
async def test_code_ending_in_a_statement_or_semicolon_has_no_value(code: str) -> None:
    outcome = await run_code(code, {})

    assert outcome.ok
    assert outcome.value is None


async def test_a_syntax_error_is_an_outcome_showing_the_line_and_a_caret() -> None:
    outcome = await run_code("total = 1\nmean = (total +\n", {})

    assert not outcome.ok
    assert outcome.error_type == "SyntaxError"
    assert outcome.error is not None
    assert "line 2" in outcome.error
    assert "mean = (total +" in outcome.error
    assert "^" in outcome.error
    assert "SyntaxError: '(' was never closed" in outcome.error


async def test_a_runtime_error_traceback_shows_the_users_lines_and_none_of_the_runners() -> None:
    code = "def ratio(x):\n    return 1 / x\n\nratio(0)"

    outcome = await run_code(code, {})

    assert outcome.error_type == "ZeroDivisionError"
    assert outcome.error is not None
    lines = outcome.error.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert "line 4, in <module>" in outcome.error
    assert "line 2, in ratio" in outcome.error
    assert "    return 1 / x" in lines
    assert lines[-1] == "ZeroDivisionError: division by zero"
    assert "notebook_router" not in outcome.error
    assert "runner.py" not in outcome.error


async def test_a_library_error_shows_only_the_users_line_and_the_message() -> None:
    outcome = await run_code('df["nope"]', {"df": pd.DataFrame({"a": [1]})})

    assert outcome.error is not None
    assert 'df["nope"]' in outcome.error
    assert outcome.error.splitlines()[-1] == "KeyError: 'nope'"
    assert "pandas" not in outcome.error
    assert "The above exception" not in outcome.error


async def test_printed_output_is_captured_and_never_reaches_the_real_stdout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    stdout = sys.stdout

    outcome = await run_code("import sys\nprint('hello')\nprint('oops', file=sys.stderr)", {})

    assert outcome.stdout == "hello\n"
    assert outcome.stderr == "oops\n"
    assert capsys.readouterr() == ("", "")
    assert sys.stdout is stdout  # the routing proxy is gone again


async def test_printing_from_another_thread_during_the_run_is_not_captured(
    capsys: pytest.CaptureFixture[str],
) -> None:
    started, printed = threading.Event(), threading.Event()

    def elsewhere() -> None:
        started.wait(5)
        print("from elsewhere")
        printed.set()

    other = threading.Thread(target=elsewhere)
    other.start()
    code = "started.set()\nprint('from the code')\nprinted.wait(5)"
    outcome = await run_code(code, {"started": started, "printed": printed})
    other.join(5)

    assert outcome.ok, outcome.error
    assert outcome.stdout == "from the code\n"
    assert capsys.readouterr().out == "from elsewhere\n"


async def test_long_output_is_cut_with_a_count_of_what_was_left_out() -> None:
    outcome = await run_code("print('x' * 150_000, end='')", {})

    assert outcome.stdout.startswith("x" * 100_000)
    assert outcome.stdout.endswith("\n… (50000 more characters)")


async def test_a_pyplot_figure_comes_back_as_png_and_is_closed() -> None:
    code = "import matplotlib.pyplot as plt\nplt.plot([1, 3, 2])\nplt.title('Sales')\nplt.show()"

    outcome = await run_code(code, {})

    assert outcome.ok, outcome.error
    [figure] = outcome.media
    assert figure.mime_type == "image/png"
    assert figure.raw.startswith(b"\x89PNG\r\n\x1a\n")
    assert figure.description == "Sales"
    assert plt.get_fignums() == []


async def test_figures_the_user_had_open_are_left_alone() -> None:
    mine = plt.figure()
    try:
        outcome = await run_code("import matplotlib.pyplot as plt\nplt.figure()", {})

        assert [m.mime_type for m in outcome.media] == ["image/png"]
        assert plt.get_fignums() == [mine.number]
    finally:
        plt.close(mine)


async def test_display_captures_a_dataframe_as_html_in_call_order() -> None:
    df = pd.DataFrame({"city": ["Oslo", "Lima"], "sales": [3, 4]})

    outcome = await run_code("display(df)\ndisplay('done')", {"df": df})

    assert [m.mime_type for m in outcome.media] == ["text/html", "text/plain"]
    table, note = outcome.media
    assert isinstance(table.data, str)
    assert "<table" in table.data
    assert "Oslo" in table.data
    assert "Oslo" in table.metadata["text/plain"]
    assert note.data == "'done'"


async def test_an_endless_loop_times_out_while_the_event_loop_stays_free() -> None:
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.create_task(tick())
    try:
        outcome = await asyncio.wait_for(run_code("while True:\n    pass", {}, timeout_s=0.5), 10)
    finally:
        ticker.cancel()

    assert outcome.timed_out
    assert not outcome.abandoned
    assert outcome.error_type == "TimeoutError"
    assert outcome.error is not None
    assert "while True:" in outcome.error  # where it was stopped
    assert "0.5 s time limit" in outcome.error
    assert "timeout_s" in outcome.error
    assert ticks >= 5  # the loop kept running other coroutines while the code spun


async def test_cancelling_the_awaiting_task_stops_the_code_and_raises_cancelled() -> None:
    counter: list[int] = [0]
    after: list[bool] = []
    code = "while counter[0] < 10**12:\n    counter[0] += 1\nafter.append(True)"
    task = asyncio.create_task(run_code(code, {"counter": counter, "after": after}, timeout_s=None))
    for _ in range(500):
        if counter[0]:
            break
        await asyncio.sleep(0.01)

    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    seen = counter[0]
    await asyncio.sleep(0.1)
    assert counter[0] == seen  # the thread stopped counting
    assert after == []


async def test_a_call_blocked_in_c_is_abandoned_and_the_next_run_waits_its_turn() -> None:
    outcome = await asyncio.wait_for(run_code("import time\ntime.sleep(1.5)", {}, timeout_s=0.3), 5)

    assert outcome.timed_out
    assert outcome.abandoned
    assert outcome.error is not None
    assert "time.sleep(1.5)" in outcome.error
    assert outcome.duration_s < 1.4  # returned without waiting for the sleep

    later = await run_code("1", {})  # waits for the sleeping run to end, then runs
    assert later.ok
    assert later.value == 1


async def test_a_run_stuck_behind_an_abandoned_one_gives_up_without_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(runner, "BUSY_WAIT_S", 0.2)
    ran: list[bool] = []
    stuck = await run_code("import time\ntime.sleep(1.0)", {}, timeout_s=0.2)
    assert stuck.abandoned

    busy = await asyncio.wait_for(run_code("ran.append(True)", {"ran": ran}), 5)

    assert busy.error_type == "CodeRunnerBusy"
    assert "did not run" in (busy.error or "")
    assert ran == []
    monkeypatch.undo()
    assert (await run_code("1", {})).ok  # waits for the sleeping run, as the next test would


async def test_code_cancelled_while_blocked_in_c_does_not_hold_up_later_runs_forever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(runner, "BUSY_WAIT_S", 0.2)
    asleep = threading.Event()
    task = asyncio.create_task(
        run_code("asleep.set()\nimport time\ntime.sleep(1.0)", {"asleep": asleep}, timeout_s=None)
    )
    assert await asyncio.to_thread(asleep.wait, 5)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    busy = await asyncio.wait_for(run_code("1", {}), 5)

    assert busy.error_type == "CodeRunnerBusy"
    monkeypatch.undo()
    assert (await run_code("1", {})).ok  # waits for the sleeping run, as the next test would


async def test_runs_take_turns_and_waiting_for_the_turn_does_not_use_up_the_limit() -> None:
    first_started = threading.Event()
    slow = asyncio.create_task(
        run_code(
            "first_started.set()\nimport time\ntime.sleep(0.6)\n'slow'",
            {"first_started": first_started},
        )
    )
    assert await asyncio.to_thread(first_started.wait, 5)

    quick = await run_code("'quick'", {}, timeout_s=0.3)

    assert quick.ok, quick.error
    assert quick.value == "quick"
    assert (await slow).value == "slow"


async def test_assigned_reports_the_names_the_code_bound() -> None:
    df = pd.DataFrame({"a": [1, 2]})
    code = "import math\ntotal = df.a.sum()\ndf = df.assign(b=1)\nunchanged = unchanged\n"

    outcome = await run_code(code, {"df": df, "unchanged": 7})

    assert set(outcome.assigned) == {"math", "total", "df"}
    assert outcome.assigned["total"] == 3
    assert list(outcome.assigned["df"].columns) == ["a", "b"]


async def test_sys_exit_in_the_code_is_an_error_not_the_end_of_the_process() -> None:
    outcome = await run_code("import sys\nsys.exit(3)", {})

    assert not outcome.ok
    assert outcome.error_type == "SystemExit"


async def test_text_renders_output_value_tables_and_errors_for_a_model() -> None:
    df = pd.DataFrame({"n": range(100)})

    table = await run_code("print('rows:', len(df))\ndf", {"df": df})
    failed = await run_code("missing_name", {})

    text = table.text()
    assert "rows: 100" in text
    assert "| 29 | 29 |" in text
    assert "| 30 | 30 |" not in text
    assert "[100 rows x 1 columns]" in text
    assert "NameError: name 'missing_name' is not defined" in failed.text()


async def test_a_timeout_that_is_not_positive_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="timeout_s"):
        await run_code("1", {}, timeout_s=0)


def test_outcomes_are_frozen() -> None:
    outcome = CodeOutcome(ok=True)
    with pytest.raises(AttributeError):
        outcome.ok = False  # type: ignore[misc]
