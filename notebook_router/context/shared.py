"""The shared context: what agents of one run know in common.

Schema (what agents may read and write):

* keys are short strings; by convention ``"<topic>"`` for facts agents share
  (``"region"``, ``"sales_table"``); task results live in the run state, not
  here;
* values are any Python object; plain data is deduplicated by content;
* ``"references"`` is where the notebook layer lists the variables and
  outputs that fed a run (shown with the run);
* every entry records its ``source`` (``"agent:task_id"``, ``"user"``,
  ``"notebook"``) and a ``version`` so later readers know where it came from.

The context keeps insertion order (a re-written key moves to the end), so
``recent(n)`` is what a planner prompt shows, at O(n) cost whatever the size.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any

from notebook_router.context.digest import RunningDigest, value_digest


@dataclass(slots=True)
class ContextEntry:
    """One value in the shared context, with where it came from (read-only)."""

    key: str
    value: Any
    source: str
    version: int
    digest: int


ChangeListener = Callable[[ContextEntry], None]


class SharedContext:
    """A keyed store with provenance, content dedup and an O(1) running digest."""

    def __init__(self, initial: dict[str, Any] | None = None, *, source: str = "user") -> None:
        self._entries: dict[str, ContextEntry] = {}
        self._digest = RunningDigest()
        self._listeners: list[ChangeListener] = []
        # Sync function agents run in worker threads and may write here.
        self._lock = threading.Lock()
        self.version = 0
        for key, value in (initial or {}).items():
            self.set(key, value, source=source)

    def set(self, key: str, value: Any, *, source: str = "user") -> bool:
        """Store ``value`` under ``key``; return False if it was already there, unchanged."""
        digest = value_digest(value)
        with self._lock:
            if not self._digest.put(key, digest):
                return False
            self.version += 1
            entry = ContextEntry(key, value, source, self.version, digest)
            self._entries.pop(key, None)  # re-insert so the key moves to the end
            self._entries[key] = entry
        for listener in self._listeners:
            listener(entry)
        return True

    def get(self, key: str, default: Any = None) -> Any:
        """The value under ``key``, or ``default``."""
        entry = self._entries.get(key)
        return default if entry is None else entry.value

    def entry(self, key: str) -> ContextEntry | None:
        """The full entry (value, source, version) under ``key``."""
        return self._entries.get(key)

    def delete(self, key: str) -> None:
        """Remove ``key`` if present."""
        with self._lock:
            if self._entries.pop(key, None) is not None:
                self._digest.discard(key)
                self.version += 1

    def recent(self, n: int) -> list[ContextEntry]:
        """The ``n`` most recently written entries, newest last."""
        if n <= 0:
            return []
        newest_first = list(islice(reversed(self._entries.values()), n))
        return newest_first[::-1]

    def listen(self, listener: ChangeListener) -> Callable[[], None]:
        """Call ``listener`` on every change; returns a function that stops it.

        Listeners run on the writer's thread; the run hands them to its loop.
        """
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    @property
    def digest(self) -> int:
        """Order-independent content digest, maintained incrementally."""
        return self._digest.value

    def __getitem__(self, key: str) -> Any:
        return self._entries[key].value

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"SharedContext({len(self)} entries)"
