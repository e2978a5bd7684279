"""The Binder promise, end to end: a notebook recorded with a model re-runs under nbval with no key.

A three-run notebook is executed by nbclient against a loopback OpenAI server
that plans from what it is sent (tests/providers/planner_model.py), recording
every call; the executed notebook is saved with its outputs. Then the server
is gone, no key is set, and nbval re-executes the notebook and compares every
output: in a fresh folder, in its own folder (whose session database holds
the recorded runs), and there again as JupyterLab starts a kernel (told the
notebook's name, so its memory holds the recorded runs and the planner is
shown more earlier runs than when the calls were recorded).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.planner_model import planner_server

pytestmark = pytest.mark.kernel

ROOT = Path(__file__).resolve().parents[2]
SANITIZE = ROOT / "notebooks" / "nbval_sanitize.cfg"

CELLS = [
    """%load_ext notebook_router
from notebook_router import agent

@agent(can=["numbers", "load", "data"])
def numbers(task):
    "Loads the numbers of a region."
    return f"numbers for {task}"
""",
    # Records where a key is set, replays everywhere else: what it says depends on which.
    "# NBVAL_IGNORE_OUTPUT\n%route model openai:gpt-4o-mini --record calls.jsonl --replay calls.jsonl",
    "%%route -o north --agents numbers\nLoad the numbers for North",
    "%%route -o south --agents numbers\nLoad the numbers for South",
    "%%route -o east --agents numbers\nnow do the same for East",
    "for run in (north, south, east):\n    print(run.result().stop_reason, run.result().answer)",
]


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "GEMINI_"))}
    for name in ("NOTEBOOK_ROUTER_STORE", "JPY_SESSION_NAME", "GOOGLE_API_KEY"):
        env.pop(name, None)  # the store next to the notebook; a kernel as nbclient starts it
    env["PYTHONPATH"] = str(ROOT)
    return env


def _nbval(folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--nbval",
            "--nbval-current-env",
            "--nbval-sanitize-with",
            str(SANITIZE),
            "replayed.ipynb",
        ],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_a_recorded_model_notebook_replays_under_nbval_with_no_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorded = tmp_path / "recorded"
    recorded.mkdir()
    server = planner_server()
    try:
        for key, value in _clean_env().items():
            monkeypatch.setenv(key, value)
        for name in ("NOTEBOOK_ROUTER_STORE", "JPY_SESSION_NAME"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("OPENAI_API_KEY", FAKE_OPENAI_KEY)
        monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
        NotebookClient(
            nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(recorded)}}
        ).execute()
    finally:
        server.close()
    answers = "".join(out.get("text", "") for out in nb.cells[-1].outputs)
    assert answers.count("completed For ") == 3, answers
    nbformat.write(nb, recorded / "replayed.ipynb")
    recording = (recorded / "calls.jsonl").read_text()
    assert [json.loads(line)["purpose"] for line in recording.splitlines()] == [
        "router.decide",
        "router.synthesise",
    ] * 3
    assert FAKE_OPENAI_KEY not in recording

    fresh = tmp_path / "fresh"
    fresh.mkdir()
    for name in ("replayed.ipynb", "calls.jsonl"):
        shutil.copy(recorded / name, fresh / name)
    env = _clean_env()  # no key, no server
    cells = f"{len(CELLS)} passed"
    for folder, kernel_env in (
        (fresh, env),
        (recorded, env),
        (recorded, {**env, "JPY_SESSION_NAME": str(recorded / "replayed.ipynb")}),
    ):
        result = _nbval(folder, kernel_env)
        assert result.returncode == 0 and cells in result.stdout, result.stdout[-3000:]
    # Replays add nothing to the recording.
    assert (recorded / "calls.jsonl").read_text() == recording
