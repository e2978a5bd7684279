"""The data-sharing level in a real kernel: ``%route share``, ``--share``, ``--no-data``.

The kernel's model is a loopback OpenAI server in this process
(tests/providers/planner_model.py): what each run sent is read from the
requests it received; what the user is told, from the panel and the view.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.notebook.kernel import Execution, Kernel
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.planner_model import planner_server, view_of
from tests.providers.servers import LoopbackServer

pytestmark = pytest.mark.kernel

SETUP = """
%load_ext notebook_router
import pandas as pd
from notebook_router import agent

patients = pd.DataFrame({"name": ["Ada Byron", "Alan Turing"], "age": [36, 41], "ward": ["B", "A"]})

@agent(can=["ward", "report"])
def ward_report(task):
    "Reports on the wards."
    return "two wards reported"
"""
MODEL = "openai:gpt-4o-mini"


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    s = planner_server()
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def kernel(server: LoopbackServer) -> Iterator[Kernel]:
    env = {**os.environ, "OPENAI_API_KEY": FAKE_OPENAI_KEY, "OPENAI_BASE_URL": server.url + "/v1"}
    k = Kernel(env=env)
    try:
        assert k.execute(SETUP).status == "ok"
        assert k.execute(f"%route model {MODEL}").status == "ok"
        yield k
    finally:
        k.shutdown()


def _run(kernel: Kernel, line: str) -> tuple[Execution, str]:
    """A ``%%route`` cell; its execution and the text of the view it ends with."""
    result = kernel.execute(f"{line}\nReport on the wards")
    assert result.status == "ok", result.errors()
    final = result.result() or result.last_display() or {}
    return result, str(final.get("text/plain", ""))


def _sent(server: LoopbackServer) -> str:
    view = view_of(server.requests[0].body)
    assert view is not None
    text = str(view.get("data", ""))
    server.requests.clear()
    return text


def test_the_level_is_the_users_and_every_model_run_says_what_it_sent(
    kernel: Kernel, server: LoopbackServer
) -> None:
    said = kernel.execute("%route share").stdout
    assert said.startswith("Data sent to a model in new runs: the schema of the notebook's")

    result, text = _run(kernel, "%%route --agents ward_report")
    sent = _sent(server)
    assert "  - name str\n  - age int64\n  - ward str" in sent and "Ada" not in sent
    line = f"sent to {MODEL}: the schema of patients; task results too"
    assert text.endswith(line)
    # The live panel showed it beside its meters, from the start of the run.
    panel = kernel.widgets[result.panel_id()]
    chips = [m for m in panel.state["meters"] if m["label"] == f"sent to {MODEL}"]
    assert [c["text"] for c in chips] == ["the schema of patients; task results too"]

    _, text = _run(kernel, "%%route --agents ward_report --share stats")
    sent = _sent(server)
    assert "age int64: min 36, max 41" in sent and "Ada" not in sent
    assert text.endswith(
        f"sent to {MODEL}: the schema and statistics of patients; task results too"
    )

    assert "the schema, statistics and first rows" in kernel.execute("%route share rows").stdout
    _, text = _run(kernel, "%%route --agents ward_report")
    assert "Ada Byron | 36 | B" in _sent(server)
    assert text.endswith(
        f"sent to {MODEL}: the schema, statistics and first rows of patients; task results too"
    )

    _, text = _run(kernel, "%%route --agents ward_report --no-data")
    assert "patients" not in _sent(server)
    assert text.endswith(
        f"sent to {MODEL}: none of the notebook's data (--no-data); the task and the tasks' results"
    )

    refused = kernel.execute("%route share everything")
    assert "use schema" in refused.stderr or "use schema" in str(refused.errors())
