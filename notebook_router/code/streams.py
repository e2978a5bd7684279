"""Capturing what one thread prints, while every other thread prints as before.

``sys.stdout`` and ``sys.stderr`` are process-wide, so a plain redirect would
also swallow what the event loop, other agents and the kernel print during a
run. Instead a routing proxy sits in front of the real stream for as long as
any capture is active: writes from a captured thread go to its buffer, all
others to the stream that was there before. The proxy is taken out when the
last capture ends, and only if nothing replaced it in the meantime (if
something wrapped it, it stays and passes every write through).

Only text writes are routed: bytes written to ``sys.stdout.buffer`` or to
file descriptor 1 bypass Python's stream objects and reach the real output.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO, cast

STREAM_CHARS = 100_000
"""Characters kept per stream and run; the rest is counted, not kept."""

_install_lock = threading.Lock()


class CappedBuffer:
    """Text up to ``limit`` characters, then only a count of what was left out."""

    def __init__(self, limit: int = STREAM_CHARS) -> None:
        self._limit = limit
        self._parts: list[str] = []
        self._kept = 0
        self._dropped = 0
        self._lock = threading.Lock()  # the code's own threads may write too

    def write(self, text: str) -> int:
        with self._lock:
            room = self._limit - self._kept
            if room > 0:
                self._parts.append(text[:room])
                self._kept += min(room, len(text))
            self._dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def text(self) -> str:
        """What was written, with a ``… (N more characters)`` line if some was left out."""
        with self._lock:
            kept = "".join(self._parts)
            dropped = self._dropped
        return f"{kept}\n… ({dropped} more characters)" if dropped else kept


class _Router:
    """Stands in for a stream: captured threads write to their buffer, the rest pass through."""

    def __init__(self, target: Any) -> None:
        self.target = target
        self.buffers: dict[int, CappedBuffer] = {}

    def write(self, text: str) -> int:
        buffer = self.buffers.get(threading.get_ident())
        if buffer is not None:
            return buffer.write(text)
        return 0 if self.target is None else int(self.target.write(text))

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if threading.get_ident() not in self.buffers and self.target is not None:
            self.target.flush()

    def __getattr__(self, name: str) -> Any:
        # encoding, isatty, fileno, ...: whatever the stream underneath answers.
        return getattr(self.target, name)


@contextmanager
def captured(stdout: CappedBuffer, stderr: CappedBuffer) -> Iterator[None]:
    """Route this thread's ``print`` and ``sys.stderr`` writes into the two buffers."""
    thread = threading.get_ident()
    with _install_lock:
        routers = [_install("stdout"), _install("stderr")]
        for router, buffer in zip(routers, (stdout, stderr), strict=True):
            router.buffers[thread] = buffer
    try:
        yield
    finally:
        with _install_lock:
            for name, router in zip(("stdout", "stderr"), routers, strict=True):
                router.buffers.pop(thread, None)
                if not router.buffers and getattr(sys, name) is router:
                    setattr(sys, name, router.target)


def _install(name: str) -> _Router:
    current = getattr(sys, name)
    if isinstance(current, _Router):
        return current  # another run's capture (an abandoned thread) is still active
    router = _Router(current)
    setattr(sys, name, cast(TextIO, router))
    return router
