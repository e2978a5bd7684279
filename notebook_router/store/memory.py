"""Memory across runs: the conversation arc of a notebook and its knowledge base.

A :class:`RunMemory` keeps, for one notebook (its ``scope``), an
:class:`~notebook_router.context.arc.ArcRun` per finished run and the facts
the runs learned. Both live in the session database, so they survive a
kernel restart; the arc is also kept in memory, so building a run's view of
it reads no database. Without a session store the memory is a private
in-memory database: the same code, gone with the process.

>>> from notebook_router.context.arc import ArcRun
>>> memory = RunMemory()
>>> memory.record(ArcRun(run_id="r1", goal="Revenue for North", answer="North: 1.2M"))
>>> [r.goal for r in memory.view("now do the same for South").runs]
['Revenue for North']
>>> memory.forget()
1
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING

from notebook_router.agents.roles import roles_of
from notebook_router.context.arc import ArcFact, ArcRun, ArcTask, ArcView, is_table
from notebook_router.planner.followup import column_terms, column_values, flag_columns, follow_up
from notebook_router.store.database import MEMORY, Database
from notebook_router.store.facts import FactStore
from notebook_router.text.secrets import redact_all

if TYPE_CHECKING:
    from notebook_router.planner.run import Run
    from notebook_router.planner.state import RunState
    from notebook_router.store.store import SessionStore

log = logging.getLogger("notebook_router")

KEEP_RUNS = 50
"""Arc entries kept per notebook (older ones are dropped as new ones come)."""


class RunMemory:
    """The arc and the knowledge base of one notebook, in a session database."""

    def __init__(
        self, db: Database | None = None, *, scope: str = "", show: int = 5, facts: int = 5
    ) -> None:
        """``db``: the session database (None: a private one in memory).
        ``show``: earlier runs a planner sees; ``facts``: relevant facts it sees."""
        self.db = db or Database(MEMORY)
        self.scope = scope
        self.show = show
        self.facts = FactStore(self.db, scope)
        """The knowledge base (``remember``/``recall``/``forget`` go through it)."""
        self._max_facts = facts
        self._runs: list[ArcRun] | None = None  # loaded on first use

    @classmethod
    def of(cls, store: SessionStore, scope: str = "") -> RunMemory:
        """The memory of notebook ``scope`` in ``store``'s database."""
        return cls(store.db, scope=scope)

    # ------------------------------------------------------------------ arc

    def runs(self) -> list[ArcRun]:
        """Every run of the arc, oldest first."""
        if self._runs is None:
            rows = self.db.query("SELECT data FROM arc WHERE scope = ? ORDER BY id", (self.scope,))
            self._runs = [ArcRun.model_validate(json.loads(r["data"])) for r in rows]
        return self._runs

    def record(self, entry: ArcRun) -> None:
        """Add a finished run to the arc (in memory and in the database)."""
        runs = self.runs()
        entry = ArcRun.model_validate(redact_all(entry.model_dump()))  # a goal may quote a key
        with self.db.transaction() as conn:
            conn.execute(
                "INSERT INTO arc (scope, run_id, data, created_at) VALUES (?, ?, ?, ?)",
                (self.scope, entry.run_id, entry.model_dump_json(), time.time()),
            )
            conn.execute(
                "DELETE FROM arc WHERE scope = ? AND id NOT IN "
                "(SELECT id FROM arc WHERE scope = ? ORDER BY id DESC LIMIT ?)",
                (self.scope, self.scope, KEEP_RUNS),
            )
        runs.append(entry)
        del runs[:-KEEP_RUNS]

    def forget(self) -> int:
        """Clear the arc (facts stay: ``facts.clear()`` forgets those); return how many runs."""
        with self.db.transaction() as conn:
            gone = conn.execute("DELETE FROM arc WHERE scope = ?", (self.scope,)).rowcount
        self._runs = []
        return int(gone)

    def drop(self, run_ids: set[str]) -> int:
        """Leave these runs out of the arc from now on (they were purged); return how many."""
        with self.db.transaction() as conn:
            marks = ",".join("?" * len(run_ids))
            sql = f"DELETE FROM arc WHERE scope = ? AND run_id IN ({marks})"
            gone = conn.execute(sql, (self.scope, *run_ids)).rowcount if run_ids else 0
        if self._runs is not None:
            self._runs = [r for r in self._runs if r.run_id not in run_ids]
        return int(gone)

    def view(self, goal: str) -> ArcView:
        """What the next run's planner sees: the newest runs and the facts that bear on ``goal``."""
        runs = self.runs()
        shown = runs[-self.show :] if self.show else []
        facts = self.facts.search(goal, limit=self._max_facts) if self._max_facts else []
        return ArcView(
            runs=tuple(shown),
            earlier=len(runs) - len(shown),
            facts=tuple(ArcFact(id=f.id, text=f.text, topic=f.topic) for f in facts),
        )

    # ----------------------------------------------------------------- runs

    def follow(self, run: Run) -> None:
        """Record ``run`` in the arc when it finishes (Router.start does this)."""

        def finished() -> None:
            try:
                learned = [f.text for f in self.facts.all() if f.run_id == run.id]
                roles = {agent.name: roles_of(agent) for agent in run.agents}
                self.record(entry_of(run.state, learned, roles))
            except Exception:  # the memory must never break the end of a run
                log.exception("notebook_router: could not add run %s to the arc", run.id)

        run.on_finish(finished)


def entry_of(
    state: RunState,
    facts: list[str] | None = None,
    roles: Mapping[str, frozenset[str]] | None = None,
) -> ArcRun:
    """The arc's entry for a finished run (``facts``: those it learned; ``roles``: the
    roles of its agents, by name).

    A follow-up is kept as what it did ("Load the sales table for the South
    region, then ..."), not as typed ("now do the same for South"): the next
    follow-up swaps its words in turn.
    """
    described = state.data
    followed = follow_up(
        state.goal,
        state.arc,
        column_terms(described),
        column_values(described),
        flag_columns(described),
    )
    # A "why is that?" recalled an answer: its plan is not work a later follow-up redoes.
    why = followed is not None and followed.kind == "why"
    tasks = [
        ArcTask(
            id=t.id,
            description=t.description,
            agent=t.agent,
            depends_on=t.depends_on,
            table=t.id in state.results and is_table(state.results[t.id].data),
            answered=t.status in ("fulfilled", "partial"),
            roles=(roles or {}).get(t.agent, frozenset()),
        )
        for t in state.tasks
        if t.status not in ("cancelled", "skipped") and not why
    ]
    data = [] if state.data is None else [t.name for t in state.data.tables]
    references = state.context.get("references")
    if isinstance(references, list):
        data += [str(r) for r in references]
    return ArcRun.brief(
        run_id=state.run_id,
        goal=state.goal if followed is None or why else followed.goal,
        answer=state.answer or "",
        status=state.stop_reason or "completed",
        tasks=tasks,
        data=data,
        facts=facts,
        followed=None if followed is None else followed.source.run_id,
    )
