"""Result tables in the run panel's state: shown as cells, clipped, bounded, never as HTML."""

from __future__ import annotations

import json

import pandas as pd

from notebook_router.planner.rails import Limits
from notebook_router.planner.state import RunState, Task
from notebook_router.render.panel_state import PanelState, panel_state
from notebook_router.render.panel_tables import (
    CELL_CHARS,
    TABLE_CHARS,
    ResultTables,
    panel_table,
    table_size,
)
from notebook_router.result import AgentResult

SHAPED = "sk-" + "proj0123456789abcdefPANEL"  # built, so no key-shaped literal is tracked


def _state(*results: object, ok: bool = True) -> RunState:
    state = RunState(run_id="r1", query="q", goal="q")
    tasks = [
        Task(id=f"t{i}", description=f"step {i}", agent="cells") for i in range(1, 1 + len(results))
    ]
    state.plan.add(tasks)
    for i, (task, data) in enumerate(zip(tasks, results, strict=True)):
        state.results[task.id] = AgentResult(data=data, status="fulfilled" if ok else "failed")
        task.status = "fulfilled" if ok else "failed"
        task.started_at, task.finished_at = 0.0, 1.0 + i
    return state


def _shown(state: RunState, tables: ResultTables | None = None) -> PanelState:
    return panel_state(state, Limits(), elapsed_s=1.0, tables=tables)


def test_a_dataframe_result_is_a_table_of_cells_in_the_panel_state() -> None:
    frame = pd.DataFrame({"month": ["2024-01", "2024-02"], "revenue": [120.5, 36947.0312]})
    shown = _shown(_state(frame, 31))
    [table] = shown.tables
    assert table.task_id == "t1" and table.caption == "t1 · cells · table, 2 × 2"
    assert table.columns == ["", "month", "revenue"]
    # One precision per column (two decimals: the column reaches a thousand), separators.
    assert table.rows == [["0", "2024-01", "120.50"], ["1", "2024-02", "36,947.03"]]
    assert table.numeric == [True, False, True]
    assert table.more == "" and shown.tables_note == ""


def test_a_series_is_a_one_column_table_and_plain_values_or_failures_are_none() -> None:
    series = pd.Series([10, 20], index=pd.Index(["north", "south"], name="region"), name="sales")
    [table] = _shown(_state(series, [1, 2], "text")).tables
    assert table.columns == ["region", "sales"] and table.rows[1] == ["south", "20"]
    assert _shown(_state(pd.DataFrame({"a": [1]}), ok=False)).tables == []


def test_a_big_table_is_clipped_and_says_what_is_left_out() -> None:
    frame = pd.DataFrame({f"c{j}": range(100) for j in range(15)})
    frame["c0"] = "x" * 500
    [table] = _shown(_state(frame)).tables
    assert len(table.rows) == 20 and len(table.columns) == 1 + 12
    assert table.more == "… 80 more rows, 3 more columns"
    assert table.caption.endswith("table, 100 × 15")
    cell = table.rows[0][1]
    assert len(cell) == CELL_CHARS and cell.endswith("…")


def test_cells_are_plain_text_never_html() -> None:
    # The widget writes cells as text nodes: markup in data shows as written,
    # neither run as HTML nor escaped twice ("&amp;lt;").
    frame = pd.DataFrame({"<i>name</i>": ["<b>bold</b> & <script>alert(1)</script>"]})
    [table] = _shown(_state(frame)).tables
    assert table.columns[1] == "<i>name</i>"
    assert table.rows[0][1] == "<b>bold</b> & <script>alert(1)</script>"


def test_a_key_in_a_cell_is_masked_even_where_the_cell_is_cut() -> None:
    # Cut at CELL_CHARS, the key would keep too few characters to look like a
    # key to the mask at the widget's edge; its first part must not show.
    long = "a" * (CELL_CHARS - 10) + " " + SHAPED
    frame = pd.DataFrame({SHAPED: [long, f"key {SHAPED}"]})
    [table] = _shown(_state(frame)).tables
    text = json.dumps(table.model_dump())
    assert "sk-" not in text and "proj0123" not in text
    assert table.rows[1][1] == "key [redacted]" and table.columns[1] == "[redacted]"


def test_all_tables_together_stay_within_the_budget_and_the_rest_are_counted() -> None:
    frame = pd.DataFrame({"month": [f"2024-{m:02d}" for m in range(1, 31)], "revenue": 1234.5678})
    state = _state(*[frame.copy() for _ in range(200)])
    shown = _shown(state)
    size = len(json.dumps([t.model_dump() for t in shown.tables], ensure_ascii=False))
    assert 10 < len(shown.tables) < 200 and size < TABLE_CHARS * 1.3
    assert [t.task_id for t in shown.tables] == [f"t{i}" for i in range(1, len(shown.tables) + 1)]
    left = 200 - len(shown.tables)
    assert shown.tables_note.startswith(f"{left} more result tables are not shown here")


def test_tables_are_admitted_in_finishing_order_so_shown_ones_stay_shown() -> None:
    frame = pd.DataFrame({"v": range(20)})
    state = _state(frame, frame, frame)
    state.plan.tasks["t1"].finished_at = 9.0  # finished last
    tables = ResultTables(budget=2 * _one_table_size(frame))
    assert [t.task_id for t in _shown(state, tables).tables] == ["t2", "t3"]
    assert _shown(state, tables).tables_note.startswith("1 more result table is not shown")


def test_a_task_run_again_shows_its_new_table() -> None:
    state = _state(pd.DataFrame({"v": [1]}))
    tables = ResultTables()
    assert _shown(state, tables).tables[0].rows == [["0", "1"]]
    state.results["t1"] = AgentResult(data=pd.DataFrame({"v": [2]}))
    assert _shown(state, tables).tables[0].rows == [["0", "2"]]


def _one_table_size(frame: pd.DataFrame) -> int:
    state = _state(frame)
    table = panel_table(state.plan.tasks["t1"], state.results["t1"])
    assert table is not None
    return table_size(table)
