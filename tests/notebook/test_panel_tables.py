"""What the panel widget syncs of result tables: masked keys, and a bounded size on long runs."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from notebook_router import Router, agent
from notebook_router.notebook.panel import RunPanel
from notebook_router.planner.rails import Limits

# Not shaped like any provider's key: only knowing the variable can mask it.
KEY = "plain-secret-value-" + "panel0123456789"


@agent(can=["load", "table", "sales"])
def sales(task: str) -> pd.DataFrame:
    "Loads a sales table."
    n = 30
    return pd.DataFrame(
        {
            "month": [f"2024-{i % 12 + 1:02d}" for i in range(n)],
            "region": ["north"] * n,
            "revenue": [1234.5678 + i for i in range(n)],
            "units": list(range(n)),
        }
    )


@agent(can=["secret", "leak"])
def leaky(task: str) -> pd.DataFrame:
    "Reports the settings."
    return pd.DataFrame({"setting": ["api key"], "value": [f"the key is {KEY}"]})


def _synced(panel: RunPanel) -> dict[str, object]:
    return {k: v for k, v in panel.get_state().items() if not k.startswith("_")}


async def test_a_key_in_a_result_table_never_reaches_the_widget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    run = Router([leaky]).start("Leak the secret settings")
    await run
    monkeypatch.setenv("GEMINI_API_KEY", KEY)  # set after the run: its model stays offline
    panel = RunPanel.of_state(run.state, run.limits, elapsed_s=1.0)
    tables = _synced(panel)["tables"]
    assert isinstance(tables, list) and len(tables) == 1
    assert tables[0]["rows"] == [["0", "api key", "the key is [redacted]"]]
    assert KEY not in json.dumps(_synced(panel))


async def test_a_200_task_run_of_tables_keeps_the_synced_tables_bounded() -> None:
    query = ", ".join(f"load sales table {i}" for i in range(200))
    run = Router([sales], limits=Limits(max_iterations=1000)).start(query)
    await run
    assert len(run.state.results) == 200
    panel = RunPanel.of_state(run.state, run.limits, elapsed_s=1.0)
    synced = _synced(panel)
    tables = json.dumps(synced["tables"])
    print(f"\n200 table tasks: tables {len(tables):,} of {len(json.dumps(synced)):,} bytes synced")
    assert len(tables) < 100_000
    shown = len(synced["tables"])  # type: ignore[arg-type]
    assert shown >= 10
    assert str(synced["tables_note"]).startswith(f"{200 - shown} more result tables")
