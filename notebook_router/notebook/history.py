"""``%route`` subcommands over the session database: runs, show, resume, purge, export, import.

The base of :class:`~notebook_router.notebook.commands.RouteCommands`. Runs are
listed from the database (so a restarted kernel sees every earlier run of
the notebook folder) merged with this kernel's own runs (so they show even
with the store off).
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from html import escape
from pathlib import Path
from typing import Any

from IPython.core.error import UsageError

from notebook_router.errors import ConfigError
from notebook_router.notebook.outputs import show_own
from notebook_router.notebook.persistence import human_size
from notebook_router.notebook.session import NotebookSession
from notebook_router.planner.state import STOP_REASON_TEXT
from notebook_router.store.durations import describe
from notebook_router.store.models import RunInfo

STATUS_TEXT = {**STOP_REASON_TEXT, "running": "running", "interrupted": "interrupted (resumable)"}


class HistoryCommands:
    """Subcommands that read and write the session database."""

    def __init__(self, session: NotebookSession) -> None:
        self.session = session

    def _runs(self, rest: list[str]) -> None:
        args = _parse("%route runs", rest, [("--limit", {"type": int, "default": 20})])
        persistence = self.session.persistence
        store = persistence.get()
        stored = store.runs(limit=args.limit) if store is not None else []
        seen = {r.id for r in stored}
        rows = [_live_row(run) for run in reversed(self.session.runs) if run.id not in seen]
        mine = {run.id for run in self.session.runs}
        rows += [_stored_row(info, info.id in mine) for info in stored]
        rows.sort(key=lambda r: r[1], reverse=True)
        rows = rows[: args.limit]
        footer = persistence.describe()
        if store is not None:
            total = store.count()
            if total > len(rows):
                footer += f" Showing the newest {len(rows)}: `%route runs --limit N` for more."
            footer += (
                " `%route show RUN` redraws a run, `%route resume RUN` continues an "
                "interrupted one, `%route purge --older-than 30d` frees space."
            )
        if not rows:
            print("No runs yet." + (f"\n{footer}" if store is not None else ""))
            return
        header = ["run", "started", "goal", "status", "tasks", "tokens", "where"]
        _table(header, [[r[0], _when(r[1]), *r[2:]] for r in rows], footer)

    def _show(self, rest: list[str]) -> None:
        if len(rest) != 1:
            raise UsageError(
                "%route show RUN   (a run id or its first characters; see %route runs)"
            )
        store = self.session.persistence.get()
        if store is None:
            run = self.session.find_run(rest[0])
            from notebook_router.render import run_bundle

            show_own(run_bundle(run))
            return
        info = store.run(rest[0])
        show_own(_still(store, info.id))

    def _purge(self, rest: list[str]) -> None:
        args = _parse(
            "%route purge",
            rest,
            [
                ("--older-than", {"default": None, "metavar": "AGE"}),
                ("--all", {"action": "store_true"}),
            ],
        )
        if args.older_than is None and not args.all:
            raise UsageError("%route purge --older-than AGE (e.g. 30d, 12h) | --all")
        store = self.session.persistence.require()
        # This kernel's runs that were stored and are gone after the purge leave its
        # listing and its memory too (runs made with the store off stay listed).
        mine = store.stored([run.id for run in self.session.runs])
        before = store.size_bytes()
        removed = store.purge(0 if args.all else args.older_than)
        after = store.size_bytes()
        self.session.forget_runs(mine - store.stored(list(mine)))
        age = "" if args.all else f" older than {describe(_duration(args.older_than))}"
        print(
            f"Deleted {removed} run{'s' if removed != 1 else ''}{age} "
            f"({human_size(before)} → {human_size(after)}). Runs still going are kept."
        )

    def _export(self, rest: list[str]) -> None:
        args = _parse("%route export", rest, [("run", {}), ("--to", {"required": True})])
        from notebook_router.store.export import write_export

        store = self.session.persistence.require()
        target = write_export(store, args.run, args.to)
        print(f"Exported run {store.run(args.run).id} to {target} ({human_size(_size(target))}).")

    def _import(self, rest: list[str]) -> None:
        if len(rest) != 1:
            raise UsageError("%route import FILE.json   (a file written by %route export)")
        from notebook_router.store.export import import_run

        store = self.session.persistence.require()
        info = import_run(store, rest[0])
        show_own(_still(store, info.id))

    def _store(self, rest: list[str]) -> None:
        args = _parse(
            "%route store",
            rest,
            [("location", {"nargs": "?", "default": None}), ("--expiry", {"default": None})],
        )
        if args.location is not None or args.expiry is not None:
            self.session.persistence.configure(args.location, args.expiry)
        print(self.session.persistence.describe())


def _live_row(run: Any) -> list[Any]:
    state = run.state
    done = sum(1 for t in state.plan if t.status in ("fulfilled", "partial"))
    status = STATUS_TEXT.get(state.stop_reason or "running", "running")
    started = run.result().started_at if run.done() else datetime.now(UTC)
    tokens = f"{state.usage.total_tokens:,}"
    return [
        run.id,
        started,
        _short(state.goal),
        status,
        f"{done}/{len(state.plan)}",
        tokens,
        "here",
    ]


def _stored_row(info: RunInfo, here: bool) -> list[Any]:
    status = STATUS_TEXT.get(info.label, info.label)
    if info.resumes:
        status += f" · resumed {info.resumes}×"
    where = "here" if here else ("imported" if info.imported else "earlier session")
    return [
        info.id,
        info.started_at,
        _short(info.goal),
        status,
        f"{info.tasks_done}/{info.tasks}",
        f"{info.total_tokens:,}",
        where,
    ]


def _table(header: list[str], rows: list[list[str]], footer: str) -> None:
    html = (
        "<table><tr>"
        + "".join(f"<th>{escape(h)}</th>" for h in header)
        + "</tr>"
        + "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
        + f"</table><p style='font-size:11px;color:#6b7280'>{escape(footer)}</p>"
    )
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    text = "\n".join(
        "  ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in [header, *rows]
    )
    show_own({"text/plain": f"{text}\n{footer}", "text/html": html})


def _parse(prog: str, words: list[str], spec: list[tuple[str, dict[str, Any]]]) -> Any:
    parser = argparse.ArgumentParser(prog=prog, add_help=False, exit_on_error=False)
    for name, options in spec:
        parser.add_argument(name, **options)
    usage = parser.format_usage().strip().removeprefix("usage: ")
    try:
        args, extra = parser.parse_known_args(words)
    except (argparse.ArgumentError, SystemExit) as exc:
        raise UsageError(f"{usage} ({exc})") from None
    if extra:
        raise UsageError(f"{usage}: unrecognized arguments: {' '.join(extra)}")
    return args


def _duration(text: str) -> Any:
    from notebook_router.store import parse_duration

    try:
        return parse_duration(text)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None


def _when(value: datetime) -> str:
    return value.astimezone().strftime("%Y-%m-%d %H:%M")


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _size(path: Path) -> int:
    return path.stat().st_size


def _still(store: Any, run_id: str) -> dict[str, Any]:
    """A stored run as its static view (no widget: it reopens anywhere, see run_output)."""
    from notebook_router.store.stored_bundle import stored_bundle

    stored = store.load(run_id)
    return dict(stored_bundle(store.rebuild(run_id), stored.info))
