"""What is read from a DataFrame once, kept while the frame is unchanged.

A question reads a table's schema and the index of its values; on a frame of a million
rows each costs a pass over the columns. Read once per frame and kept while the frame's
:func:`~notebook_router.data.pandas_data.frame_signal` holds, they cost nothing on the
next question. An entry goes when its frame is collected.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from notebook_router.data.pandas_data import frame_signal

T = TypeVar("T")


class PerFrame(Generic[T]):
    """A cache of one thing read from each DataFrame (and a key, such as its name)."""

    def __init__(self) -> None:
        self._entries: dict[tuple[int, Hashable], tuple[weakref.ref[Any], Hashable, T]] = {}
        self._lock = threading.Lock()

    def get(self, frame: Any, build: Callable[[], T], key: Hashable = None) -> T:
        """What ``build`` reads from ``frame``: read now, or kept from the last time."""
        entry, signal = (id(frame), key), frame_signal(frame)
        with self._lock:
            cached = self._entries.get(entry)
            if cached is not None and cached[0]() is frame and cached[1] == signal:
                return cached[2]
        built = build()

        def forget(_: object) -> None:  # the frame is gone: so is what was read from it
            with self._lock:
                self._entries.pop(entry, None)

        with self._lock:
            self._entries[entry] = (weakref.ref(frame, forget), signal, built)
        return built

    def __len__(self) -> int:
        return len(self._entries)
