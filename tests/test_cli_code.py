"""The command line with a model that writes code: an OpenAI-compatible server on loopback.

The CLI runs as a user runs it (a subprocess) against a real HTTP server that
speaks OpenAI's wire format; the model's code really runs on the CSV named
in the task, or does not, as ``--code`` says.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from tests.providers.servers import LoopbackServer, openai_completion

CODE = "sales.groupby('region')['revenue'].sum().sort_values(ascending=False)"
BROKEN = "sales.groupby('Region')['revenue'].sum()"
TASK = "total revenue by region in sales.csv"


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    s = LoopbackServer()
    yield s
    s.close()


@pytest.fixture
def sales_csv(tmp_path: Path) -> Path:
    path = tmp_path / "sales.csv"
    pd.DataFrame(
        {"region": ["North", "South", "North", "East"], "revenue": [10.0, 30.0, 5.5, 12.5]}
    ).to_csv(path, index=False)
    return path


def _script(server: LoopbackServer, *codes: str, ran: bool = True) -> None:
    """The model's replies in the order the run asks: plan, code (and repairs), then the
    verifier's verdict on the answer of code that ran, or, for code that did not run (an
    unsure, partial result), the planner's "done"; then the answer."""
    plan = {
        "action": "execute",
        "reason": "the analyst can total it",
        "run": [{"id": "t1", "agent": "data_analyst", "description": TASK, "depends_on": []}],
    }
    server.reply(200, openai_completion(json.dumps(plan)))
    for code in codes:
        server.reply(200, openai_completion(f"```python\n{code}\n```"))
    if ran:
        server.reply(200, openai_completion(json.dumps({"claims": []})))
    else:
        server.reply(200, openai_completion(json.dumps({"action": "complete", "reason": "done"})))
    server.reply(200, openai_completion(json.dumps({"answer": "South leads."})))


def _run(server: LoopbackServer, cwd: Path, *options: str) -> dict[str, object]:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "notebook_router",
            "run",
            TASK,
            "--model",
            "openai:gpt-4o-mini",
            "--json",
            *options,
        ],
        capture_output=True,
        text=True,
        timeout=90,
        cwd=cwd,
        env={**os.environ, "OPENAI_BASE_URL": server.url + "/v1", "OPENAI_API_KEY": "sk-loopback"},
        stdin=subprocess.DEVNULL,
    )
    assert completed.returncode == 0, completed.stderr
    result: dict[str, object] = json.loads(completed.stdout)
    return result


def _code_requests(server: LoopbackServer) -> list[str]:
    """The prompts of the calls that asked for code (they carry the code-writing rules)."""
    return [
        json.dumps(seen.body["messages"])
        for seen in server.requests
        if "python code block" in json.dumps(seen.body.get("messages", []))
    ]


def test_the_cli_never_runs_model_code_unless_told(server: LoopbackServer, sales_csv: Path) -> None:
    _script(server, CODE, ran=False)
    result = _run(server, sales_csv.parent)
    task = result["tasks"][0]  # type: ignore[index]
    assert task["code"] == CODE and task["table"] is None
    assert "not run" in task["summary"] and "never" in task["summary"]


def test_code_auto_runs_it_on_the_file_and_repairs_it(
    server: LoopbackServer, sales_csv: Path
) -> None:
    _script(server, BROKEN, CODE)
    result = _run(server, sales_csv.parent, "--code", "auto")
    task = result["tasks"][0]  # type: ignore[index]
    assert task["status"] == "fulfilled"
    assert task["code"] == CODE
    expected = {"South": 30.0, "North": 15.5, "East": 12.5}
    assert {row["region"]: row["revenue"] for row in task["table"]} == expected
    prompts = _code_requests(server)
    assert len(prompts) == 2
    assert len(server.requests) == 5  # plan, two codes, the verifier, the answer
    assert "region" in prompts[0] and "revenue" in prompts[0]  # the file, described
    assert "KeyError" in prompts[1] and "Region" in prompts[1]  # the traceback went back
