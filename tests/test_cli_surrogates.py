"""The command line prints text holding bytes that are not UTF-8 (a task typed in
another encoding, an agent's docstring, a table read with ``surrogateescape``) to a
strict UTF-8 stdout: as replacement characters, never a ``UnicodeEncodeError``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

AGENTS = """
import pandas as pd
from notebook_router import AgentResult, agent


@agent(can=["load table"])
def loader(task: str) -> AgentResult:
    "Loads the caf\\udce9 table \\ud800."
    table = pd.DataFrame(
        [["caf\\udce9", 1], ["ok\\ud800", 2]],
        columns=pd.Index(["city", "ncaf\\udce9"], dtype=object),
        dtype=object,
    )
    return AgentResult(status="fulfilled", data=table, summary="loaded")
"""


def _cli(*args: str | bytes, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    # A strict UTF-8 stdout, as a pipe to another program or a UTF-8 terminal has.
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "notebook_router", *args],
        capture_output=True,
        timeout=120,
        cwd=cwd,
        env=env,
    )


def test_the_agents_listing_shows_a_docstring_with_undecodable_bytes(tmp_path: Path) -> None:
    (tmp_path / "team.py").write_text(AGENTS, encoding="utf-8")

    done = _cli("agents", "--agents", str(tmp_path / "team.py"), cwd=tmp_path)

    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert "Loads the caf\ufffd table \ufffd." in done.stdout.decode()


def test_a_run_prints_a_task_and_a_table_with_undecodable_bytes(tmp_path: Path) -> None:
    (tmp_path / "team.py").write_text(AGENTS, encoding="utf-8")

    # The task's bytes as a shell in a Latin-1 locale passes them: \xe9 is not UTF-8.
    task = b"load the caf\xe9 table"
    done = _cli("run", task, "--agents", str(tmp_path / "team.py"), "-q", cwd=tmp_path)

    assert done.returncode == 0, done.stderr.decode(errors="replace")
    out = done.stdout.decode()
    assert "load the caf\ufffd table" in out
    assert "| caf\ufffd | 1 |" in out and "ncaf\ufffd" in out and "ok\ufffd" in out
