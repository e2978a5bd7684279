"""The supervisor's plan: a todo list kept across the turns of a session.

While a plan is open, every turn continues it. ``write_todos`` replaces the
list (ids are kept or assigned) and may set ``plan_complete``; the first
write of the turn after that starts a fresh plan. The plan stays open, and
``plan_complete`` is refused, while the critic still wants more from an
agent whose todo is not closed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, Field

TodoStatus = Literal["pending", "in_progress", "done", "cancelled"]
OPEN: frozenset[str] = frozenset({"pending", "in_progress"})


class Todo(BaseModel):
    """One step of the plan."""

    id: str | None = Field(default=None, description="Keep ids from earlier writes; omit for new.")
    content: str = Field(min_length=1, max_length=500, description="What this step does.")
    status: TodoStatus = "pending"
    agent: str | None = Field(default=None, description="The agent meant to do it, if known.")
    note: str | None = Field(
        default=None, description="Why it is not done yet (set by the critic)."
    )


class PlanBook:
    """The active plan of one supervisor session."""

    def __init__(self) -> None:
        self.todos: list[Todo] = []
        self.plan_complete = False
        self.plans_started = 0
        self._next_id = 1
        self._fresh_next_write = True

    def begin_turn(self) -> None:
        """A new user message: a completed plan makes way for a fresh one."""
        if self.plan_complete:
            self._fresh_next_write = True

    def write(self, todos: Iterable[Todo], plan_complete: bool) -> bool:
        """Replace the list; returns True when this write started a fresh plan."""
        fresh = self._fresh_next_write
        if fresh:
            self.plans_started += 1
            self.plan_complete = False
            self._fresh_next_write = False
        known = {t.id: t for t in self.todos if t.id}
        written = []
        for todo in todos:
            if todo.id is None or (fresh and todo.id not in known):
                todo = todo.model_copy(update={"id": f"s{self._next_id}"})
                self._next_id += 1
            elif not fresh and todo.note is None and todo.id in known:
                # The model rarely repeats the critic's note: keep it while the step is open.
                previous = known[todo.id]
                if todo.status in OPEN and previous.note:
                    todo = todo.model_copy(update={"note": previous.note})
            written.append(todo)
        self.todos = written
        self.plan_complete = plan_complete
        return fresh

    def open_todos(self) -> list[Todo]:
        """Steps still pending or in progress."""
        return [t for t in self.todos if t.status in OPEN]

    def mark_agent(self, agent: str, *, ok: bool, note: str | None) -> Todo | None:
        """Update the open step meant for ``agent`` after a call: done, or kept open with a note."""
        for i, todo in enumerate(self.todos):
            if todo.agent == agent and todo.status in OPEN:
                status: TodoStatus = "done" if ok else "in_progress"
                updated = todo.model_copy(update={"status": status, "note": None if ok else note})
                self.todos[i] = updated
                return updated
        return None
