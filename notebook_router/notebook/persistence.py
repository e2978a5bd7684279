"""The kernel's session store: where it is, opened on first use, optional.

By default runs are stored in ``.notebook_router/sessions.db`` next to the
notebook (a kernel starts in its notebook's folder). ``NOTEBOOK_ROUTER_STORE``
names another file or folder, ``:memory:``, or ``off``;
``NOTEBOOK_ROUTER_STORE_EXPIRY`` sets how old a run may get before a kernel
opening the store purges it (``30d``, ``12h``, ``never``). ``%route store``
shows and changes both. A store that cannot be opened never stops a run: the
kernel says why once and runs without one.

Opening a database is mostly SQLite's work (the file, its schema, a purge), which
releases the interpreter: :meth:`Persistence.open_soon` does it on a thread of its own
while the caller goes on (a ``%%route`` cell shows its panel and reads its task meanwhile),
and :meth:`Persistence.get` waits for that thread when the store is needed.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from datetime import timedelta
from typing import TYPE_CHECKING

from notebook_router.errors import ConfigError, StoreError
from notebook_router.store.durations import DEFAULT_EXPIRY, describe, parse_duration

if TYPE_CHECKING:  # the database (sqlite3 and the store) is imported when it is first opened
    from notebook_router.store import SessionStore

log = logging.getLogger("notebook_router")

OFF = ("off", "none", "no", "0", "false")
NEVER = ("never", "none", "off", "0")


class Persistence:
    """Opens, configures and closes the kernel's :class:`SessionStore`."""

    def __init__(self) -> None:
        location = os.environ.get("NOTEBOOK_ROUTER_STORE", "").strip()
        self.enabled = location.lower() not in OFF
        self.location: str | None = location or None
        self.expiry = _expiry(os.environ.get("NOTEBOOK_ROUTER_STORE_EXPIRY"))
        self.notebook = os.environ.get("JPY_SESSION_NAME", "")
        self.problem: str | None = None
        self._store: SessionStore | None = None
        self._lock = threading.RLock()
        """Held while the store is opened or closed (a control message's thread may ask too)."""
        self._opening: threading.Thread | None = None
        self._untold: str | None = None
        """Why the store could not be opened, not said yet (said on the thread that asks)."""

    def open_soon(self) -> None:
        """Start opening the store on a thread of its own, if it is on and not open yet
        (:meth:`get` waits for it)."""
        with self._lock:
            if self._store is not None or not self.enabled or self._opening is not None:
                return
            self._opening = threading.Thread(
                target=self._open, name="notebook_router store opening", daemon=True
            )
            self._opening.start()

    def get(self) -> SessionStore | None:
        """The open store, opening it on first use; None when off or unusable."""
        opening = self._opening
        if opening is not None and opening is not threading.current_thread():
            opening.join()
        with self._lock:
            self._opening = None
            if self._store is None and self.enabled:
                self._open()
            untold, self._untold = self._untold, None
        if untold is not None:
            print(f"notebook_router: runs will not be saved: {untold}", file=sys.stderr)
        return self._store

    def _open(self) -> None:
        with self._lock:
            if self._store is not None or not self.enabled:
                return
            from notebook_router.store import SessionStore

            try:
                self._store = SessionStore(
                    self.location, expiry=self.expiry, notebook=self.notebook
                )
            except StoreError as exc:
                self.enabled = False
                self.problem = self._untold = str(exc)
            except Exception as exc:  # a bug on the opening thread: say it where asked
                log.exception("notebook_router: opening the session database failed")
                self.enabled = False
                self.problem = self._untold = f"{type(exc).__name__}: {exc}"

    def require(self) -> SessionStore:
        """The store, or a :class:`ConfigError` that says how to turn it on."""
        store = self.get()
        if store is None:
            why = f" ({self.problem})" if self.problem else ""
            raise ConfigError(
                f"The session database is off{why}. Turn it on with `%route store on` "
                "(or `%route store PATH`)."
            )
        return store

    def configure(self, location: str | None, expiry: str | None = None) -> None:
        """Point the store elsewhere (``off``/``on`` switch it); later runs use it."""
        if expiry is not None:
            self.expiry = _expiry(expiry)
        if location is None:
            if expiry is not None and self._store is not None:
                self._store.expiry = self.expiry
            return
        self.close()
        self.problem = None
        if location.lower() in OFF:
            self.enabled = False
            return
        self.enabled = True
        self.location = None if location.lower() in ("on", "default") else location
        self.get()

    def describe(self) -> str:
        """One line: where runs go, how big the database is, and the expiry."""
        store = self.get()
        if store is None:
            return "Session database: off (runs are kept in this kernel only)."
        size = human_size(store.size_bytes())
        keep = f"runs older than {describe(self.expiry)} are purged" if self.expiry else "kept"
        return f"Session database: {store.path} ({size}, {store.count()} runs; {keep})."

    def close(self) -> None:
        """Write what is queued and close the store (one being opened is opened first)."""
        opening = self._opening
        if opening is not None and opening is not threading.current_thread():
            opening.join()
        with self._lock:
            self._opening = None
            if self._store is not None:
                try:
                    self._store.close()
                except Exception:
                    log.exception("notebook_router: closing the session database failed")
                self._store = None


def _expiry(value: str | None) -> timedelta | None:
    if value is None or not value.strip():
        return DEFAULT_EXPIRY
    if value.strip().lower() in NEVER:
        return None
    return parse_duration(value)


def human_size(n: int) -> str:
    """``1.2 MB`` and friends."""
    size = float(n)
    for unit in ("B", "kB", "MB", "GB"):
        if size < 1000 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    return f"{size:.1f} GB"
