"""The runs a served router starts for its clients: start, follow, stop, and the reply.

A client's task is another agent's words, and an agent's words may be steered by what
it read: so a task that names a file outside the server's folder is refused before
any run starts (the guarded resolver's rule for words that are not the user's own);
the data the operator gave (``--data``) is there already. Every run is recorded in
the server's session database when it has one, like any other run.
"""

from __future__ import annotations

import asyncio
import base64
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from notebook_router.cli_media import made_media
from notebook_router.data.files import paths_in_task
from notebook_router.errors import ConfigError, EmptyTaskError
from notebook_router.readers.files import paths_named
from notebook_router.readers.named import outside
from notebook_router.render.evidence import evidence_json
from notebook_router.render.text import evidence_text
from notebook_router.wiring import RunSetup, start_run

if TYPE_CHECKING:
    from notebook_router.planner.run import Run

KEEP_RUNS = 200
"""Runs kept for ``run_status`` (the session database keeps them all)."""
IMAGES = ("image/png", "image/jpeg")


class ServedRuns:
    """The runs started for clients, by id (newest kept)."""

    def __init__(self, setup: RunSetup, *, root: Path | None = None) -> None:
        self.setup = setup
        """What each run is made of (a :class:`~notebook_router.router.Router` is one)."""
        self.root = (root or Path.cwd()).resolve()
        self._runs: OrderedDict[str, Run] = OrderedDict()

    def start(self, task: str) -> Run:
        """Start a run of ``task`` on the running loop (refused: a file outside the folder)."""
        if not task or not task.strip():
            raise EmptyTaskError()
        far = [n for n in (*paths_named(task), *paths_in_task(task)) if outside(n, self.root)]
        if far:
            raise ConfigError(
                f"{', '.join(far)}: outside the folder this server works in ({self.root}), so "
                "not read for a task; its operator can serve a data file with --data PATH."
            )
        run = start_run(self.setup, task)
        self._runs[run.id] = run
        while len(self._runs) > KEEP_RUNS:
            self._runs.popitem(last=False)
        return run

    def get(self, run_id: str) -> Run:
        """The run ``run_id`` names (or the one run whose id starts with it)."""
        found = [r for i, r in self._runs.items() if i.startswith(run_id.strip())] if run_id else []
        if len(found) != 1:
            known = ", ".join(reversed(self._runs)) or "none yet"
            raise ConfigError(f"No single run matches {run_id!r}. Runs served: {known}.")
        return found[0]

    async def finish(self, run: Run) -> None:
        """Wait for ``run`` to end; a client that gives up stops it gracefully (kept)."""
        try:
            await asyncio.shield(asyncio.ensure_future(_ended(run)))
        except asyncio.CancelledError:
            run.stop()
            raise


async def _ended(run: Run) -> None:
    await run


def status(run: Run) -> dict[str, Any]:
    """Where ``run`` is: running or how it ended, its plan, and its answer once there."""
    state = run.state
    reply: dict[str, Any] = {
        "run_id": run.id,
        "status": "running" if not run.done() else (state.stop_reason or "finished"),
        "goal": state.goal,
        "tasks": [
            {"id": t.id, "agent": t.agent, "status": t.status, "description": t.description}
            for t in state.plan
        ],
    }
    if run.done():
        reply["answer"] = state.answer or ""
    return reply


def reply_parts(run: Run) -> tuple[str, list[tuple[str, str]], dict[str, Any]]:
    """A finished run as the ``route`` tool answers: the text (answer, sources, tables,
    code), the figures as ``(mime type, base64)``, and the structured reply."""
    state = run.state
    text = [state.answer or "(no answer)"]
    sources = _sources(run)
    if sources:
        text += ["", "Sources:", *(f"- {s}" for s in sources)]
    text += evidence_text(state)
    text += ["", f"(run {run.id}: {state.stop_reason})"]
    figures = [
        (media.mime_type, base64.b64encode(media.raw).decode("ascii"))
        for _, media in made_media(state)
        if media.mime_type in IMAGES
    ]
    structured = {
        **status(run),
        "sources": sources,
        "results": evidence_json(state),
        "figures": len(figures),
    }
    return "\n".join(text), figures, structured


def _sources(run: Run) -> list[str]:
    """Each citation of the run's results, once: ``source: text (url)``."""
    seen: dict[str, None] = {}
    for task in run.state.plan:
        result = run.state.results.get(task.id)
        for cited in result.citations if result is not None else ():
            line = cited.source + (f": {cited.text}" if cited.text else "")
            line += f" ({cited.url})" if cited.url else ""
            seen.setdefault(f"[{task.id}] {line}")
    return list(seen)


__all__ = ["KEEP_RUNS", "ServedRuns", "reply_parts", "status"]
