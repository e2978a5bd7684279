"""The result tables the run panel shows: clipped, bounded in total, converted once each.

A task whose result is a table (a DataFrame, a Series) shows its first rows
in the panel. The panel's state is synced to the browser and saved with the
notebook, so what it holds is bounded twice: each table is clipped (rows,
columns, characters per cell) and all tables together stay within
:data:`TABLE_CHARS`. Tables are admitted in the order their tasks finished,
so a table once shown stays shown while the run goes on (the panel never
reshuffles under the reader), and once the budget is spent the ``tables``
trait stops changing, whatever the run's length.

Cells are plain text; the front end writes them as text nodes, so nothing in
a cell is ever read as HTML. Keys are masked before cells are cut (and again
where every synced value leaves, in ``RunPanel.get_state``).
"""

from __future__ import annotations

from pydantic import BaseModel

from notebook_router.planner.state import RunState, Task
from notebook_router.render.evidence import evidence_of
from notebook_router.render.numbers import table_text
from notebook_router.result import AgentResult
from notebook_router.text.secrets import Scanner

CODE_CHARS = 4_000
"""Characters of one result's code the panel holds (the full code is in the run's result)."""
TABLE_CHARS = 60_000
"""Characters of cells the panel holds for all its tables together (about 30 typical tables)."""
CELL_CHARS = 80
"""Characters shown of one cell (a long text cell is cut with an ellipsis)."""


class PanelTable(BaseModel):
    """One task's result table as the panel shows it (the first rows and columns, as text)."""

    task_id: str
    caption: str
    columns: list[str]
    """The header; the first column is the index (its name, or empty)."""
    rows: list[list[str]]
    numeric: list[bool] = []
    """Which columns hold numbers (written with separators, one precision per column:
    the panel right-aligns them)."""
    more: str
    """What is left out, e.g. ``… 80 more rows, 3 more columns`` (empty when nothing is)."""
    code: str = ""
    """The code behind the result (clipped to :data:`CODE_CHARS`), or empty."""
    code_label: str = ""
    """``code`` or ``code (not run)``."""


class ResultTables:
    """The tables a panel shows; each task's table is converted once, then reused.

    A live panel keeps one of these for the run (it refreshes ten times a
    second); a one-off caller may make a fresh one each time.
    """

    def __init__(self, budget: int = TABLE_CHARS) -> None:
        self.budget = budget
        self._made: dict[str, tuple[AgentResult, PanelTable | None, int]] = {}

    def shown(self, state: RunState) -> tuple[list[PanelTable], str]:
        """The tables to show, in plan order, and a note on those left out ("" if none)."""
        order = {task.id: i for i, task in enumerate(state.plan)}
        finished = sorted(
            (t for t in state.plan if t.id in state.results and t.finished_at is not None),
            key=lambda t: (t.finished_at, order[t.id]),
        )
        left = self.budget
        chosen: dict[str, PanelTable] = {}
        left_out = 0
        for task in finished:
            table, size = self._table(task, state.results[task.id])
            if table is None:
                continue
            if size > left:
                # Later tables stay out too, even small ones: what is shown never changes.
                left_out, left = left_out + 1, 0
                continue
            left -= size
            chosen[task.id] = table
        tables = sorted(chosen.values(), key=lambda t: order[t.task_id])
        return tables, _left_out_note(left_out)

    def _table(self, task: Task, result: AgentResult) -> tuple[PanelTable | None, int]:
        made = self._made.get(task.id)
        if made is None or made[0] is not result:  # a task run again has a new result
            table = panel_table(task, result)
            made = (result, table, table_size(table) if table is not None else 0)
            self._made[task.id] = made
        return made[1], made[2]


def panel_table(task: Task, result: AgentResult) -> PanelTable | None:
    """``result``'s table and code as the panel shows them, or None when it has neither.

    The code matters in the panel itself: where the live panel is shown
    (JupyterLab) the static view under it, with its evidence, is not.
    """
    if not result.ok:
        return None
    item = next(evidence_of(task, result), None)
    if item is None:
        return None
    # Masked here as well as where the state leaves (get_state): a key cut by the
    # clipping would no longer look like one there, and its first part would show.
    scanner = Scanner()

    def clip(text: str) -> str:
        return _clip(scanner.clean(text) or "")

    header: list[str] = []
    body: list[list[str]] = []
    numeric: list[bool] = []
    more = ""
    caption = f"{task.id} · {task.agent}"
    if item.table is not None:
        try:
            header, body, numeric = table_text(item.table)
            rows, columns = item.table.shape
        except Exception:  # an odd table never breaks the panel: its row keeps the shape text
            header, body, numeric = [], [], []
        else:
            caption += f" · table, {rows} × {columns}"
            more = _more(rows - len(body), columns - (len(header) - 1))
    if not header and not item.code:
        return None
    code = scanner.clean(item.code) or ""
    if len(code) > CODE_CHARS:
        code = code[: CODE_CHARS - 1] + "…"
    return PanelTable(
        task_id=task.id,
        caption=caption,
        columns=[clip(c) for c in header],
        rows=[[clip(c) for c in row] for row in body],
        numeric=numeric,
        more=more,
        code=code,
        code_label=item.code_label if code else "",
    )


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= CELL_CHARS else text[: CELL_CHARS - 1] + "…"


def _more(rows: int, columns: int) -> str:
    parts = [_count(rows, "row"), _count(columns, "column")]
    shown = [p for p in parts if p]
    return "… " + ", ".join(shown) if shown else ""


def _count(n: int, noun: str) -> str:
    if n <= 0:
        return ""
    return f"{n:,} more {noun}{'' if n == 1 else 's'}"


def table_size(table: PanelTable) -> int:
    """What ``table`` counts against the budget: its text, each cell with its JSON quotes."""
    cells = [*table.columns, *(c for row in table.rows for c in row)]
    text = len(table.caption) + len(table.more) + len(table.code) + len(table.code_label)
    flags = 6 * len(table.numeric)  # "true," / "false,"
    return sum(len(c) + 3 for c in cells) + text + flags + _KEYS


_KEYS = len(PanelTable(task_id="", caption="", columns=[], rows=[], more="").model_dump_json())
"""What one table's field names and punctuation add to the synced JSON."""


def _left_out_note(n: int) -> str:
    if not n:
        return ""
    tables, them = (
        ("1 more result table is", "it") if n == 1 else (f"{n:,} more result tables are", "each")
    )
    return (
        f"{tables} not shown here, to keep the panel small: run.result().data(task_id) has {them}."
    )
