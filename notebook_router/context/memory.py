"""What an agent may ask of a notebook's memory: its earlier runs and its knowledge base.

The memory itself lives in the session database (:mod:`notebook_router.store.memory`);
agents reach it only through the protocols here and :func:`current_memory`, so the
agents (and anything below the store) never import the store.

>>> current_memory() is None   # outside a run that has a memory
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol

from pydantic import BaseModel, ConfigDict

from notebook_router.context.arc import ArcRun


class Fact(BaseModel):
    """One fact of the knowledge base."""

    model_config = ConfigDict(frozen=True)

    id: int
    scope: str = ""
    """The notebook the fact belongs to ("" when the kernel does not know its name)."""
    topic: str
    text: str
    source: str
    run_id: str | None
    confidence: float
    created_at: float


class FactBase(Protocol):
    """The knowledge base of one notebook: facts kept across runs."""

    def add(
        self,
        text: str,
        *,
        topic: str = "",
        source: str = "",
        run_id: str | None = None,
        confidence: float = 1.0,
    ) -> int:
        """Keep ``text``; return its id (the existing one for a duplicate)."""
        ...

    def all(self, topic: str | None = None) -> Sequence[Fact]:
        """Every fact (of one topic), oldest first."""
        ...

    def search(self, query: str, *, limit: int = 5, topic: str | None = None) -> Sequence[Fact]:
        """Facts that bear on ``query``, best first."""
        ...

    def delete(self, fact_id: int) -> bool:
        """Remove a fact; False if there was none with that id."""
        ...

    def clear(self) -> int:
        """Remove every fact; return how many there were."""
        ...


class Memory(Protocol):
    """A notebook's memory: the arc of its earlier runs and its knowledge base."""

    @property
    def facts(self) -> FactBase:
        """The knowledge base."""
        ...

    def runs(self) -> Sequence[ArcRun]:
        """Every run of the arc, oldest first."""
        ...


_CURRENT: ContextVar[Memory | None] = ContextVar("notebook_router_memory", default=None)


def current_memory() -> Memory | None:
    """The memory of the run this code runs in (an agent's), or None if it has none.

    Agents reach the knowledge base through it: ``current_memory().facts``.
    """
    return _CURRENT.get()


@contextmanager
def bound(memory: Memory | None) -> Iterator[None]:
    """Make ``memory`` the current one for tasks started inside (a run's task copies it)."""
    token = _CURRENT.set(memory)
    try:
        yield
    finally:
        _CURRENT.reset(token)
