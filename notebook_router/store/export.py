"""Exporting a run to share it, and importing one into another notebook's store.

An export is one JSON document (or a self-contained HTML page) holding the
run's summary, every event, the plan, the delegation tree as Mermaid text,
the answer, JSON-safe results and the figures it produced. It never holds
pickles, so importing one runs no code; secrets were stripped before the
run reached the database, and are stripped again on the way out.
"""

from __future__ import annotations

import base64
import html
import json
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from notebook_router.errors import ExportFormatError
from notebook_router.media import Media, MimeType
from notebook_router.planner import events as ev
from notebook_router.planner.graph import run_graph, to_mermaid
from notebook_router.planner.state import Task, TaskStatus
from notebook_router.render.bundle import state_bundle
from notebook_router.render.steering import SteeringItem, steering_record
from notebook_router.store import codec
from notebook_router.store.models import RunInfo
from notebook_router.store.store import SessionStore
from notebook_router.store.task_rows import INSERT_TASKS, task_row
from notebook_router.text.preview import preview

FORMAT = "notebook_router.run"
VERSION = 1


class ExportedTask(BaseModel):
    """A task of an exported run."""

    id: str
    description: str
    agent: str
    depends_on: list[str] = Field(default_factory=list)
    status: TaskStatus
    attempts: int = 0
    started_s: float | None = None
    finished_s: float | None = None
    summary: str | None = None
    error: str | None = None
    note: str | None = None
    where: str | None = None
    """The cluster worker it ran on (None: in the notebook's process)."""
    result: Any = None
    """The task's data when it is plain JSON; otherwise a text preview."""

    def task(self) -> Task:
        """The plan's task this entry describes (the file names its times ``*_s``)."""
        return Task(
            id=self.id,
            description=self.description,
            agent=self.agent,
            depends_on=tuple(self.depends_on),
            status=self.status,
            attempts=self.attempts,
            started_at=self.started_s,
            finished_at=self.finished_s,
            summary=self.summary,
            error=self.error,
            note=self.note,
            where=self.where,
        )


class ExportedMedia(BaseModel):
    """A figure or other media a run produced, inline."""

    task_id: str | None = None
    mime_type: MimeType  # checked on import: it is written into the run's HTML view
    description: str = ""
    source: str = ""
    data_base64: str


class ExportedRun(BaseModel):
    """The JSON form of an exported run."""

    format: str = FORMAT
    version: int = VERSION
    exported_at: str
    run: RunInfo
    plan: list[ExportedTask]
    tree: str
    """The run graph (goal, tasks, agents) as Mermaid flowchart text."""
    answer: str | None
    events: list[dict[str, Any]]
    media: list[ExportedMedia] = Field(default_factory=list)
    steering: list[SteeringItem] = Field(default_factory=list)
    """How the user steered the run (redirects, questions, approvals, Stop and ■), as the
    finished view shows it; the events hold the same, event by event."""


def export_run(store: SessionStore, ident: str) -> ExportedRun:
    """Everything shareable about one stored run."""
    stored = store.load(ident)
    rebuilt = store.rebuild(stored.info.id)
    state = rebuilt.state
    scan = codec.Scanner()
    plan = []
    for task in state.plan:
        value, restored = stored.results.get(task.id, (None, False))
        result = value if restored and _plain_json(value) else (preview(value, 2000) or None)
        plan.append(
            ExportedTask(
                id=task.id,
                description=task.description,
                agent=task.agent,
                depends_on=list(task.depends_on),
                status=task.status,
                attempts=task.attempts,
                started_s=task.started_at,
                finished_s=task.finished_at,
                summary=task.summary,
                error=task.error,
                note=task.note,
                where=task.where,
                result=result,
            )
        )
    media = []
    for task_id, refs in [(None, stored.attachments), *stored.media.items()]:
        for ref in refs:
            found = store.media(ref)
            if found is not None:
                media.append(_exported_media(found, task_id))
    exported = ExportedRun(
        exported_at=datetime.now(UTC).isoformat(timespec="seconds"),
        run=stored.info,
        plan=plan,
        tree=to_mermaid(run_graph(state)),
        answer=state.answer,
        events=[ev.event_to_dict(e) for e in stored.events],
        media=media,
        steering=steering_record(stored.events),
    )
    # Belt and braces: the database holds no secrets, and neither may the file.
    return ExportedRun.model_validate_json(scan.clean(exported.model_dump_json()) or "{}")


def write_export(store: SessionStore, ident: str, path: str | Path) -> Path:
    """Export a run to ``path`` (``.json`` or ``.html``); return the path written."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".json", ".html", ".htm"):
        raise ExportFormatError(
            f"Cannot export to {target.name}: use a .json file (to import elsewhere) "
            "or an .html file (to read in a browser)."
        )
    exported = export_run(store, ident)
    target.parent.mkdir(parents=True, exist_ok=True)
    if suffix == ".json":
        target.write_text(exported.model_dump_json(indent=1), encoding="utf-8")
    else:
        target.write_text(export_html(store, exported), encoding="utf-8")
    return target


def export_html(store: SessionStore, exported: ExportedRun) -> str:
    """A self-contained page: the run as a saved notebook shows it, its tree and its events.

    Nothing loads from the network: the tree is graphviz's picture inside the
    run's HTML (as in saved notebooks), with its Mermaid text alongside.
    """
    rebuilt = store.rebuild(exported.run.id)
    body = state_bundle(
        rebuilt.state,
        elapsed_s=rebuilt.elapsed_s,
        media=rebuilt.media,
        max_iterations=exported.run.max_iterations,
        events=rebuilt.events,
    )["text/html"]
    rows = "".join(
        f"<tr><td>{e.get('seq')}</td><td>{float(e.get('t', 0.0)):.3f}</td>"
        f"<td>{html.escape(str(e.get('kind')))}</td><td>{html.escape(_event_line(e))}</td></tr>"
        for e in exported.events
    )
    title = html.escape(exported.run.goal[:120])
    data = html.escape(exported.model_dump_json())
    return (
        f'<!doctype html><html><head><meta charset="utf-8"><title>{title}</title></head>'
        f'<body style="font-family:system-ui,sans-serif;margin:24px">'
        f"<h2>notebook_router run {html.escape(exported.run.id)}</h2>{body}"
        f"<details><summary>Delegation tree (Mermaid)</summary>"
        f"<pre>{html.escape(exported.tree)}</pre></details>"
        f'<h3>Events</h3><table style="font-size:12px">'
        f"<tr><th>#</th><th>t (s)</th><th>kind</th><th>detail</th></tr>{rows}</table>"
        f'<script type="application/json" id="notebook-router-run">{data}</script>'
        "</body></html>"
    )


def read_export(path: str | Path) -> ExportedRun:
    """Read and check an export written by :func:`write_export` (JSON, or the HTML page)."""
    source = Path(path)
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise ExportFormatError(f"Cannot read {source}: {exc.strerror}.") from None
    except UnicodeDecodeError:
        raise ExportFormatError(
            f"{source.name} is not text: import a .json or .html file written by "
            "`%route export RUN --to FILE`."
        ) from None
    if source.suffix.lower() in (".html", ".htm"):
        start = text.find('id="notebook-router-run">')
        end = text.find("</script>", start)
        if start < 0 or end < 0:
            raise ExportFormatError(f"{source.name} is not a page exported by notebook_router.")
        text = html.unescape(text[start + len('id="notebook-router-run">') : end])
    try:
        exported = ExportedRun.model_validate_json(text)
    except ValidationError as exc:
        raise ExportFormatError(
            f"{source.name} is not a notebook_router run export ({exc.error_count()} problems, "
            f"first: {exc.errors()[0]['msg']}). Export runs with %route export RUN --to FILE.json."
        ) from None
    if exported.format != FORMAT or exported.version > VERSION:
        raise ExportFormatError(
            f"{source.name} is a {exported.format} export, version {exported.version}; this "
            f"notebook_router reads {FORMAT} up to version {VERSION}. Upgrade to import it."
        )
    return exported


def import_run(store: SessionStore, path: str | Path) -> RunInfo:
    """Add an exported run to ``store`` (marked imported: shown, never resumed)."""
    exported = read_export(path)
    run = exported.run
    existing = store.db.one("SELECT imported FROM runs WHERE id = ?", (run.id,))
    if existing is not None:
        return store.run(run.id)  # already here (imported before, or this is its home)
    events = [e for item in exported.events if (e := codec.decode_event(item)) is not None]
    scan = codec.Scanner()
    media_rows, refs_by_task = _media_rows(exported.media)
    results = {t.id: t.result for t in exported.plan if t.result is not None}
    now = time.time()
    with store.db.transaction() as conn:
        conn.execute(
            "INSERT INTO runs (id, session_id, query, goal, model, agents, style, status, "
            "stop_reason, stop_detail, answer, started_at, updated_at, finished_at, iterations, "
            "total_tokens, cost_usd, last_seq, max_iterations, imported, attachments) "
            "VALUES (?, NULL, ?, ?, ?, ?, ?, 'finished', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)",
            (
                run.id,
                scan.clean(run.query),
                scan.clean(run.goal),
                run.model,
                json.dumps(list(run.agents)),
                run.style,
                run.stop_reason or "interrupted",
                scan.clean(run.stop_detail),
                scan.clean(exported.answer),
                run.started_at.timestamp(),
                now,
                (run.finished_at or run.updated_at).timestamp(),
                run.iterations,
                run.total_tokens,
                run.cost_usd,
                events[-1].seq if events else 0,
                run.max_iterations,
                json.dumps(refs_by_task.pop(None, [])),
            ),
        )
        if media_rows:
            conn.executemany(
                "INSERT OR IGNORE INTO media (digest, mime_type, data) VALUES (?, ?, ?)",
                media_rows,
            )
        if events:
            text = scan.clean(json.dumps([ev.event_to_dict(e) for e in events])) or "[]"
            conn.execute(
                "INSERT INTO events (run_id, first_seq, last_seq, data) VALUES (?, ?, ?, ?)",
                (run.id, events[0].seq, events[-1].seq, codec.PackedEvents(text)),
            )
        fmt, payload = codec.encode_batch(results, [], scan, refs_by_task)  # type: ignore[arg-type]
        conn.execute(
            "INSERT INTO run_values (run_id, first_seq, format, data) VALUES (?, 0, ?, ?)",
            (run.id, fmt, payload),
        )
        conn.executemany(
            INSERT_TASKS,
            [
                task_row(
                    run.id,
                    i,
                    t.task(),
                    confidence=None,
                    media=refs_by_task.get(t.id, []),
                    clean=scan.clean,
                )
                for i, t in enumerate(exported.plan)
            ],
        )
    return store.run(run.id)


def _plain_json(value: Any) -> bool:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        return False
    return True


def _exported_media(media: Media, task_id: str | None) -> ExportedMedia:
    raw = media.raw
    return ExportedMedia(
        task_id=task_id,
        mime_type=media.mime_type,
        description=media.description,
        source=media.source,
        data_base64=base64.b64encode(raw).decode(),
    )


def _media_rows(
    items: list[ExportedMedia],
) -> tuple[list[tuple[str, str, bytes]], dict[str | None, list[dict[str, Any]]]]:
    rows = []
    refs: dict[str | None, list[dict[str, Any]]] = {}
    for item in items:
        try:
            raw = base64.b64decode(item.data_base64, validate=True)
        except ValueError:
            continue
        text = item.mime_type.startswith("text/") or item.mime_type == "image/svg+xml"
        media = Media(
            mime_type=item.mime_type,
            data=raw.decode("utf-8", errors="replace") if text else raw,
            source=item.source,
            description=item.description,
        )
        rows.append((media.digest, media.mime_type, raw))
        refs.setdefault(item.task_id, []).append(
            {
                "digest": media.digest,
                "mime_type": media.mime_type,
                "source": media.source,
                "description": media.description,
                "text": text,
            }
        )
    return rows, refs


def _event_line(event: dict[str, Any]) -> str:
    skip = {"kind", "seq", "t", "run_id"}
    parts = [f"{k}={v}" for k, v in event.items() if k not in skip and v not in (None, "", [], ())]
    line = "; ".join(parts)
    return line if len(line) <= 300 else line[:299] + "…"
