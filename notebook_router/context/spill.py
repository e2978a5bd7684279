"""Where context values live when they are not held in memory: a spill folder, a shelf.

* :class:`Spill`: values over the context's memory limits, written to a folder of the
  kernel's own (a temporary one by default, removed with the context) and read back
  when asked for. It is the kernel's swap, not a store: it does not outlive the kernel.
* :class:`Shelf`: the entries written with the ``persistent`` lifetime, kept in a folder
  (beside the notebook's session database) so that a restarted kernel reads them again.
  What it writes is checked for keys first: a value that looks like it holds one is
  refused, never written to disk.

Both write one pickle per value, atomically (a temporary file renamed into place), so a
kernel killed mid-write leaves the old value or none, never half of one.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import tempfile
import threading
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from notebook_router.errors import ContextLimitError
from notebook_router.text.secrets import Scanner


class Spill:
    """A folder of values too big to hold in memory, each in a file of its own."""

    def __init__(self, folder: str | Path | None = None) -> None:
        """``folder``: where to write (None: a new temporary folder, removed with this object)."""
        if folder is None:
            self.folder = Path(tempfile.mkdtemp(prefix="notebook-router-context-"))
            self._cleanup = weakref.finalize(self, shutil.rmtree, self.folder, True)
        else:
            self.folder = Path(folder).expanduser()
            self.folder.mkdir(parents=True, exist_ok=True)
        self._count = 0
        self._lock = threading.Lock()

    def put(self, key: str, value: Any) -> Path:
        """Write ``value`` (spilled from under ``key``); the file it is in."""
        with self._lock:
            self._count += 1
            path = self.folder / f"{self._count:06d}-{_safe(key)}.pickle"
        try:
            _write(path, value)
        except Exception as exc:  # unpicklable: an open file, a lambda, a live connection
            raise ContextLimitError(
                f"{key!r} is over the shared context's memory limit and cannot be written to "
                f"its spill folder ({type(exc).__name__}: {exc}). Keep it in a variable and "
                "put a smaller summary in the context, or raise the limit: "
                "SharedContext(limits=ContextLimits(entry_bytes=...))."
            ) from None
        return path

    def load(self, path: Path) -> Any:
        """The value written to ``path``."""
        with path.open("rb") as file:
            return pickle.load(file)

    def remove(self, path: Path) -> None:
        """Forget the value in ``path`` (its last key was deleted or rewritten)."""
        path.unlink(missing_ok=True)


class Shelf:
    """The persistent entries of a shared context, one file each, in ``folder``."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder).expanduser()
        self.folder.mkdir(parents=True, exist_ok=True)

    def save(self, key: str, value: Any, source: str) -> None:
        """Keep ``value`` under ``key`` across kernels; refused when it may hold a key."""
        blob = pickle.dumps((key, source, value), protocol=pickle.HIGHEST_PROTOCOL)
        scanner = Scanner()
        if scanner.may_hold(blob.decode("latin-1")) or scanner.may_hold(
            blob.replace(b"\x00", b"").decode("latin-1")
        ):
            raise ContextLimitError(
                f"{key!r} looks like it holds an API key or a password, and a persistent "
                "entry is written to disk: it was not kept. Store it with "
                "lifetime='notebook' (this kernel only), or leave the key out of it."
            )
        _atomic(self._path(key), blob)

    def delete(self, key: str) -> None:
        """Forget ``key``."""
        self._path(key).unlink(missing_ok=True)

    def entries(self) -> Iterator[tuple[str, str, Any]]:
        """Every kept ``(key, source, value)``, oldest written first; unreadable files skipped."""
        files = sorted(self.folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime_ns)
        for path in files:
            try:
                with path.open("rb") as file:
                    key, source, value = pickle.load(file)
            except Exception:  # a class that no longer exists, a file cut short
                continue
            yield str(key), str(source), value

    def _path(self, key: str) -> Path:
        return self.folder / f"{hashlib.sha256(key.encode()).hexdigest()[:24]}.pickle"


def _write(path: Path, value: Any) -> None:
    _atomic(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def _atomic(path: Path, blob: bytes) -> None:
    partial = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.part")
    partial.write_bytes(blob)
    os.replace(partial, path)


def _safe(key: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in key)[:40]
