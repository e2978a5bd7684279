"""What a planner remembers about each run it serves, for the runs still likely to call.

One planner serves every run of its router, some at the same time, so what
it remembers of a run (the media it was sent, the agents it was shown) is
kept by run id, for the most recent runs only: a run resumed after it was
forgotten starts again from nothing, which costs tokens, never correctness.
It is the planner's own memory, not run state (nothing here is folded from
events or stored).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

RUNS = 64
"""Runs remembered at once; a router rarely has more than a few in flight."""


class PerRun(Generic[T]):
    """A value per run id, made on first use, for the ``most`` most recently used runs.

    >>> seen = PerRun(set)
    >>> seen.get("r1").add("x")
    >>> seen.get("r1")
    {'x'}
    """

    def __init__(self, make: Callable[[], T], most: int = RUNS) -> None:
        self._make = make
        self._most = most
        self._values: OrderedDict[str, T] = OrderedDict()

    def get(self, run_id: str) -> T:
        """The value for ``run_id`` (made now if this run has none yet)."""
        values = self._values
        value = values.get(run_id)
        if value is None:
            value = values[run_id] = self._make()
            if len(values) > self._most:
                values.popitem(last=False)
        else:
            values.move_to_end(run_id)
        return value
