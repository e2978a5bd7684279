"""A run's final plan in the ``tasks`` table: one row per :class:`Task`, made from its fields.

The plan itself is always rebuilt from the run's events; the rows serve SQL
(run listings count tasks and finished ones, a purge keeps the media a row
references) and readers of the database. Each row carries the whole task as
JSON in ``data``, written by msgspec (which walks a dataclass's fields
itself) and read back from :func:`dataclasses.fields`, so a field added to
:class:`Task` is stored and read back with no change here. The other
columns are the ones SQL looks at.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any

import msgspec

from notebook_router.planner.state import Task
from notebook_router.store.codec import Scanner
from notebook_router.store.writer import Statement
from notebook_router.text.preview import REPEATED, clip

Clean = Callable[[str | None], str | None]

_INSERT = (
    "INSERT INTO tasks (run_id, position, id, description, agent, status, confidence, media, "
    "data) VALUES "
)
_ROW = "(?, ?, ?, ?, ?, ?, ?, ?, ?)"
INSERT_TASKS = _INSERT + _ROW
ROWS_PER_INSERT = 100
"""Rows a statement of :func:`insert_tasks` carries (900 values; SQLite before 3.32 takes 999)."""
_INSERT_MANY = _INSERT + ", ".join([_ROW] * ROWS_PER_INSERT)
_FIELDS = tuple(f.name for f in fields(Task))
_ENCODER = msgspec.json.Encoder()


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
    task = _clipped(task)
    return (
        run_id,
        position,
        task.id,
        clean(task.description) or "",
        task.agent,
        task.status,
        confidence,
        json.dumps(media) if media else "[]",
        clean(_record(task)),
    )


def plan_rows(
    run_id: str,
    tasks: list[Task],
    *,
    confidence: Mapping[str, float | None],
    media: Mapping[str, list[dict[str, Any]]],
    scanner: Scanner,
) -> list[tuple[Any, ...]]:
    """The rows of a whole plan, as :func:`task_row` makes them one by one.

    A run's plan is written in one go when it ends; a long run has
    thousands of tasks, so the usual case (no secret anywhere in the plan)
    costs one scan of all the rows' JSON and no call per row.
    """
    tasks = [t if len(t.description) <= REPEATED else _clipped(t) for t in tasks]
    try:
        records = [_ENCODER.encode(t).decode() for t in tasks]
    except (UnicodeEncodeError, TypeError, ValueError):
        records = [_record(t) for t in tasks]
    # Each record holds every text of its task (the clipped description too).
    if scanner.may_hold("\x00".join(records)):
        return [
            task_row(
                run_id,
                i,
                t,
                confidence=confidence.get(t.id),
                media=media.get(t.id, []),
                clean=scanner.clean,
            )
            for i, t in enumerate(tasks)
        ]
    return [
        (
            run_id,
            i,
            t.id,
            t.description,
            t.agent,
            t.status,
            confidence.get(t.id),
            json.dumps(refs) if (refs := media.get(t.id)) else "[]",
            record,
        )
        for i, (t, record) in enumerate(zip(tasks, records, strict=True))
    ]


def _clipped(task: Task) -> Task:
    """``task`` with a long description (a whole long task, undivided) clipped."""
    if len(task.description) <= REPEATED:
        return task
    return dataclasses.replace(task, description=clip(task.description))


def _record(task: Task) -> str:
    """The task as a JSON object of its fields.

    msgspec's C encoder, not ``json.dumps(asdict(task))``: a finished run
    writes one row per task, and ``asdict`` deep-copies every field in
    Python (35 µs a task, most of the store's cost for a long run).
    """
    try:
        return _ENCODER.encode(task).decode()
    except (UnicodeEncodeError, TypeError, ValueError):
        # msgspec refuses a lone surrogate (text read with errors="surrogateescape");
        # the JSON module writes it as an escape that reads back the same.
        return json.dumps(dataclasses.asdict(task))


def insert_tasks(rows: list[tuple[Any, ...]]) -> list[Statement]:
    """Statements that insert ``rows`` (from :func:`task_row`), a hundred to a statement.

    A run's plan is written in one go when it ends, a row per task. Row by
    row, ``executemany`` resets the statement, binds each value and lets go
    of the GIL once per row, which costs more than SQLite's own insert; a
    statement of a hundred rows pays that once.
    """
    whole = len(rows) - len(rows) % ROWS_PER_INSERT
    out: list[Statement] = []
    if whole:
        out.append(
            (
                _INSERT_MANY,
                [
                    tuple(itertools.chain.from_iterable(rows[i : i + ROWS_PER_INSERT]))
                    for i in range(0, whole, ROWS_PER_INSERT)
                ],
            )
        )
    if whole < len(rows):
        out.append((INSERT_TASKS, rows[whole:]))
    return out


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
