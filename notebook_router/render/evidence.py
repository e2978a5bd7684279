"""The evidence behind an answer: each result's table and the code that produced it.

Pure functions of the run state, shared by the HTML view (tables as HTML) and
the plain-text view (tables as Markdown, for the CLI and logs). Tables are
found by shape, not by type, so nothing here imports pandas: a DataFrame (or
Series) result is shown as a table, whichever agent returned it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from notebook_router.data.tables import TABLE_COLUMNS, TABLE_ROWS, as_table
from notebook_router.media import CODE_MIME
from notebook_router.planner.state import RunState, Task
from notebook_router.result import AgentResult
from notebook_router.text.preview import clip


@dataclass(frozen=True, slots=True)
class Evidence:
    """One finished task's table and code, as shown under the answer."""

    task_id: str
    agent: str
    table: Any = None
    code: str = ""
    ran: bool = True
    """False when the code was shown, not run (the code policy, or the user's Skip)."""

    @property
    def code_label(self) -> str:
        """``code`` or ``code (not run)``: how the code is introduced wherever it is shown."""
        return "code" if self.ran else "code (not run)"

    @property
    def caption(self) -> str:
        """``t2 · data_analyst · table, 8 × 2`` (with how much is shown when it is cut)."""
        parts = [self.task_id, self.agent]
        if self.table is not None:
            rows, cols = self.table.shape
            more = f" (first {TABLE_ROWS} rows)" if rows > TABLE_ROWS else ""
            parts.append(f"table, {rows} × {cols}{more}")
        return " · ".join(parts)


def evidence(state: RunState) -> Iterator[Evidence]:
    """The tables and code of the run's finished tasks the answer draws on, in plan order
    (work done before a restart-redirect stays in the plan, not under the new answer)."""
    for task in state.answer_tasks():
        result = state.results.get(task.id)
        if result is not None and result.ok:
            yield from evidence_of(task, result)


def evidence_of(task: Task, result: AgentResult) -> Iterator[Evidence]:
    """``result``'s table and code, if it has either (nothing for a failed result)."""
    if result.ok:
        codes = [m for m in result.media if m.mime_type == CODE_MIME and isinstance(m.data, str)]
        code = "\n\n".join(str(m.data) for m in codes)
        ran = all(m.metadata.get("ran", True) for m in codes)
        # Code that did not run is shown as text, never as a table of its own.
        table = as_table(result.data) if ran else None
        if table is not None or code:
            yield Evidence(task.id, task.agent, table, code, ran)


def answer_code(state: RunState) -> str:
    """The code behind the run's answer as one cell: each task's code under a comment
    naming the task, in plan order (``--insert`` puts it in a new cell)."""
    parts: list[str] = []
    seen: set[str] = set()
    for item in evidence(state):
        if not item.code or item.code in seen:
            continue
        seen.add(item.code)
        what = " ".join(state.plan.tasks[item.task_id].description.split())
        not_run = "" if item.ran else " (not run yet)"
        parts.append(
            f"# {item.task_id} · {item.agent}: {clip(what, 100)}{not_run}\n{item.code.strip()}"
        )
    return "\n\n".join(parts) + ("\n" if parts else "")


def table_html(table: Any) -> str:
    """The first rows of ``table`` as an HTML table: every cell escaped, numbers with
    separators, one precision per column and right-aligned, text left-aligned."""
    from notebook_router.render.html_parts import cell  # the HTML pieces; text views need none
    from notebook_router.render.numbers import table_text

    try:
        header, body, numeric = table_text(table)
    except Exception:  # an odd table never breaks the view of a run
        return ""
    head = "".join(cell("th", h, numeric[j]) for j, h in enumerate(header))
    rows = "".join(
        "<tr>"
        + "".join(cell("th" if j == 0 else "td", v, numeric[j]) for j, v in enumerate(row))
        + "</tr>"
        for row in body
    )
    return (
        f'<div class="nr-table-box"><table class="nr-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div>"
    )


def table_records(table: Any) -> list[dict[str, Any]]:
    """The first rows of ``table`` as JSON-ready records (a named index becomes a column).

    pandas' own JSON writer makes the values plain (NaN → null, dates → ISO text).
    """
    try:
        shown = table.iloc[:TABLE_ROWS, :TABLE_COLUMNS]
        if any(name is not None for name in shown.index.names):
            shown = shown.reset_index()  # "by region": the regions are the index
        records: list[dict[str, Any]] = json.loads(
            shown.to_json(orient="records", date_format="iso")
        )
    except Exception:
        return []
    return records


def evidence_json(state: RunState) -> dict[str, dict[str, Any]]:
    """Each task's table (records, first rows) and code (and whether it ran) by task id."""
    return {
        item.task_id: {
            "table": table_records(item.table) if item.table is not None else None,
            "code": item.code,
            "code_ran": item.ran if item.code else None,
        }
        for item in evidence(state)
    }
