"""The command line, as a user types it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from notebook_router.cli import main

DEMO = (
    "Load the sales table for the North region, then plot monthly revenue and summarise the trend"
)


@pytest.fixture(autouse=True)
def in_a_scratch_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run where a user would: the figures a run saves (route-<run id>/) land there."""
    monkeypatch.chdir(tmp_path)


def test_run_prints_the_answer_and_progress(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", DEMO, "--agents", "notebook_router.examples.sales"]) == 0
    out, err = capsys.readouterr()
    assert "Revenue grew 36.2%" in out and "[t3]" in out
    assert "▸ t1 sales_data" in err and "the goal was met" in err
    # The chart the run drew is saved here and its path printed.
    [chart] = out.split("\nsaved:\n", 1)[1].split()
    assert chart.endswith("t2-monthly-revenue-north.svg") and chart.startswith("route-")
    assert Path(chart).read_text().lstrip().startswith("<svg")


def test_run_json_is_one_object_with_answer_reason_tasks_timings_usage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", DEMO, "--agents", "notebook_router.examples.sales", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert err == ""
    assert data["stop_reason"] == "completed"
    assert [t["agent"] for t in data["tasks"]] == ["sales_data", "chart", "trend_writer"]
    assert set(data["timings"]["tasks"]) == {"t1", "t2", "t3"}
    # The offline model plans with rules: no model call, so nothing spent.
    assert data["usage"]["total_tokens"] == 0 and data["usage"]["cost_usd"] == 0


def test_limits_and_style_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["run", DEMO, "--agents", "notebook_router.examples.sales", "--json"]
    # One planning decision is all the demo needs: its plan then runs by itself.
    assert main([*args, "--max-iterations", "1"]) == 0
    done = json.loads(capsys.readouterr().out)
    assert (done["stop_reason"], done["iterations"]) == ("completed", 1)
    with pytest.raises(SystemExit) as refused:
        main([*args, "--max-iterations", "0"])
    assert refused.value.code == 2
    assert "--max-iterations: input should be greater than or equal to 1" in capsys.readouterr().err
    assert main([*args, "--style", "report"]) == 0
    assert json.loads(capsys.readouterr().out)["answer"].startswith("## Summary")


ASKING_AGENT = """
from notebook_router import agent


@agent(can=["notes", "revenue"], description="Writes notes on revenue with the model.")
async def note_writer(task: str, model: object) -> str:
    return await model.ask(f"{task}\\nRevenue rose in March. Costs were flat. Revenue fell in May.")
"""


def test_token_budget_counts_what_agents_spend_on_the_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    agents = tmp_path / "asking.py"
    agents.write_text(ASKING_AGENT)
    args = ["run", "Write notes on revenue", "--agents", str(agents), "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["stop_reason"] == "completed" and data["usage"]["total_tokens"] > 10
    assert main([*args, "--budget-tokens", "10"]) == 0
    assert json.loads(capsys.readouterr().out)["stop_reason"] == "token_budget"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["run", "   "], "The task is empty"),
        (["run", "hi", "--model", "nosuch:model"], "Unknown model 'nosuch:model'"),
        (["run", "hi", "--agents", "not.a.module"], "Cannot import agents from 'not.a.module'"),
        (["run", "hi", "--agents", "missing_file.py"], "No such file: missing_file.py"),
    ],
)
def test_friendly_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err
    assert "Traceback" not in err


def test_agents_command_lists_agents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agents", "--agents", "notebook_router.examples.sales"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("sales_data")


def test_python_dash_m_entry_point(tmp_path: Path) -> None:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "notebook_router",
            "run",
            "Compare the regions",
            "--agents",
            "notebook_router.examples.sales",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        cwd=tmp_path,
    )
    data = json.loads(completed.stdout)
    assert data["tasks"][0]["agent"] == "region_compare"
    assert "East" in data["answer"]


def _cli(
    *args: str, stdin: str | None = None, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "notebook_router", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
        env={**os.environ, **(env or {})},
    )


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--max-iterations", "0"], "--max-iterations: input should be greater than or equal to 1"),
        (["--timeout", "-1"], "--timeout: input should be greater than 0, not -1.0"),
        (["--timeout", "nan"], "--timeout: input should be greater than 0, not nan"),
        (["--budget-usd", "0"], "--budget-usd: input should be greater than 0, not 0.0"),
        (["--budget-tokens", "-5"], "--budget-tokens: input should be greater than or equal to 1"),
    ],
)
def test_limits_no_run_can_use_are_usage_errors_worded_as_the_magic_words_them(
    option: list[str], message: str
) -> None:
    done = _cli("run", "Compare the regions", *option)
    assert done.returncode == 2
    assert done.stderr.startswith("usage: python -m notebook_router run")
    assert message in done.stderr and "Traceback" not in done.stderr
    from IPython.core.error import UsageError

    from notebook_router.notebook.options import parse_route_options

    with pytest.raises(UsageError, match=f"^%%route: {message}"):
        parse_route_options(" ".join(option))


@pytest.mark.parametrize("content", ["hello\n", '{"not": "a notebook"}'])
def test_execute_refuses_a_file_that_is_not_a_notebook(tmp_path: Path, content: str) -> None:
    path = tmp_path / "x.ipynb"
    path.write_text(content)
    done = _cli("execute", str(path))
    assert done.returncode == 2
    assert done.stderr.startswith(f"error: {path} is not a Jupyter notebook")
    assert "Traceback" not in done.stderr


def test_escape_sequences_in_a_task_are_not_sent_to_the_terminal() -> None:
    task = "Compare the regions \x1b[2J\x1b]0;owned\x07 and \x1b]52;c;Zm9v\x1b\\ \x9b31m now"
    done = _cli("run", task, "--agents", "notebook_router.examples.sales")
    assert done.returncode == 0
    printed = done.stdout + done.stderr
    assert "East" in done.stdout  # the run went ahead; only what is printed is cleaned
    assert "Compare the regions  and   now" in printed  # each sequence dropped whole
    assert not any(c in printed for c in "\x1b\x07\x9b") and "owned" not in printed


def test_a_long_task_can_come_from_stdin_or_a_file(tmp_path: Path) -> None:
    # Longer than one command-line argument may be (128 KiB on Linux), and no longer: each
    # of its distinct words is read (stemmed, spell-checked) for every agent index.
    task = "Compare the regions. " + " ".join(f"note{i}" for i in range(15_000))
    assert len(task.encode()) > 128 * 1024
    (tmp_path / "task.txt").write_text(task)
    args = ["--agents", "notebook_router.examples.sales", "--json"]
    for done in (
        _cli("run", "-", *args, stdin=task),
        _cli("run", "@task.txt", *args, cwd=tmp_path),
    ):
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["query"] == task
    missing = _cli("run", "@nowhere.txt", cwd=tmp_path)
    assert missing.returncode == 2 and "cannot read the task from nowhere.txt" in missing.stderr


def test_a_key_in_the_task_is_masked_in_what_is_printed() -> None:
    key = "plain-secret-value-" + "0123456789"  # known only as the value of a key variable
    agents = ["--agents", "notebook_router.examples.sales", "--model", "offline"]
    done = _cli("run", f"Compare the regions for {key}", *agents, env={"GEMINI_API_KEY": key})
    assert done.returncode == 0, done.stderr
    assert key not in done.stdout + done.stderr and "[redacted]" in done.stdout


AGENTS_FILE = ("--agents", "blocked.py")
BLOCKED_AGENTS = {
    "a sync agent blocked in its thread": (
        "import time\n"
        "from notebook_router import agent\n\n\n"
        '@agent(can=["weather", "forecast"], timeout=1)\n'
        "def weather(task: str) -> str:\n"
        "    time.sleep(30)\n"
        '    return "sunny"\n',
        "1 agent thread was still running when the run ended and was abandoned",
    ),
    "an async agent that ignores cancellation": (
        "import asyncio\n"
        "from notebook_router import agent\n\n\n"
        '@agent(can=["weather", "forecast"], timeout=1)\n'
        "async def weather(task: str) -> str:\n"
        "    while True:\n"
        "        try:\n"
        "            await asyncio.sleep(30)\n"
        "        except asyncio.CancelledError:\n"
        "            pass\n",
        "1 agent that ignored cancellation was abandoned",
    ),
}


@pytest.mark.parametrize("kind", list(BLOCKED_AGENTS))
def test_the_command_exits_without_waiting_for_an_agent_it_gave_up_on(
    kind: str, tmp_path: Path
) -> None:
    source, note = BLOCKED_AGENTS[kind]
    (tmp_path / "blocked.py").write_text(source)
    started = time.monotonic()
    completed = subprocess.run(
        [sys.executable, "-m", "notebook_router", "run", "What is the weather?", *AGENTS_FILE],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    # The agent would run for 30 s (or for ever); the run gives up on it after
    # its 1 s timeout (and a 2 s grace), and the process does not wait for it.
    assert time.monotonic() - started < 15
    assert completed.returncode == 0, completed.stderr
    assert "weather was failed (timed out after 1 s" in completed.stdout
    assert f"note: {note}" in completed.stderr


SLOW_AGENT = """
import asyncio
from notebook_router import agent


@agent(can=["weather", "forecast"])
async def weather(task: str) -> str:
    await asyncio.sleep(30)
    return "sunny"
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
def test_ctrl_c_stops_the_run_gracefully_and_exits_130(tmp_path: Path) -> None:
    (tmp_path / "blocked.py").write_text(SLOW_AGENT)
    process = subprocess.Popen(
        [sys.executable, "-m", "notebook_router", "run", "What is the weather?", *AGENTS_FILE],
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        # A shell may start background jobs with SIGINT ignored: restore the default.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stderr is not None
    assert process.stderr.readline().strip().startswith("▸ t1 weather")  # the agent is running
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=20)
    assert process.returncode == 130
    assert "■ t1 cancelled: the run was interrupted" in err
