"""A run's final plan in the ``tasks`` table: one row per :class:`Task`, made from its fields.

The plan itself is always rebuilt from the run's events; the rows serve SQL
(run listings count tasks and finished ones, a purge keeps the media a row
references) and readers of the database. Each row carries the whole task as
JSON in ``data``, written and read from :func:`dataclasses.fields`, so a
field added to :class:`Task` is stored and read back with no change here.
The other columns are the ones SQL looks at.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import asdict, fields
from typing import Any

from notebook_router.planner.state import Task
from notebook_router.text.preview import clip

Clean = Callable[[str | None], str | None]

INSERT_TASKS = (
    "INSERT INTO tasks (run_id, position, id, description, agent, status, confidence, media, "
    "data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_FIELDS = tuple(f.name for f in fields(Task))


def task_row(
    run_id: str,
    position: int,
    task: Task,
    *,
    confidence: float | None,
    media: list[dict[str, Any]],
    clean: Clean,
) -> tuple[Any, ...]:
    """The ``tasks`` row of ``task`` (texts passed through ``clean``, the secret scrubber).

    A long description (a whole long task, undivided) is clipped: the row is
    a summary, and the run's events keep the description in full.
    """
    fields_ = asdict(task)
    fields_["description"] = description = clip(task.description)
    record = json.dumps(fields_, ensure_ascii=False)
    return (
        run_id,
        position,
        task.id,
        clean(description) or "",
        task.agent,
        task.status,
        confidence,
        json.dumps(media),
        clean(record),
    )


def task_from_row(row: sqlite3.Row) -> Task:
    """The :class:`Task` a row holds (rows written before ``data`` existed use its columns)."""
    data = row["data"] if "data" in row.keys() else None  # noqa: SIM118 (a Row has no __contains__ for names)
    record: dict[str, Any] = json.loads(data) if data else _from_columns(row)
    values = {name: record[name] for name in _FIELDS if name in record}
    values["depends_on"] = tuple(values.get("depends_on") or ())
    return Task(**values)


def _from_columns(row: sqlite3.Row) -> dict[str, Any]:
    names = set(row.keys())
    record = {name: row[name] for name in _FIELDS if name in names}
    if isinstance(record.get("depends_on"), str):
        record["depends_on"] = json.loads(record["depends_on"])
    return record
