"""The session store: runs, events, tasks, results and context persisted in SQLite.

Core code (no IPython): the notebook layer opens one store per kernel in
``.notebook_router/`` next to the notebook; scripts pass one to
``Router(..., store=SessionStore(PATH))``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notebook_router.lazy import lazy_exports

if TYPE_CHECKING:
    from notebook_router.store.database import FILENAME, FOLDER, MEMORY, resolve_location
    from notebook_router.store.durations import DEFAULT_EXPIRY, parse_duration
    from notebook_router.store.models import RunInfo, StoredRun
    from notebook_router.store.schema import SCHEMA_VERSION
    from notebook_router.store.store import SessionStore

if not TYPE_CHECKING:  # imported on first use: a submodule (durations) must not open sqlite3
    __getattr__ = lazy_exports(
        __name__,
        {
            "DEFAULT_EXPIRY": "notebook_router.store.durations",
            "FILENAME": "notebook_router.store.database",
            "FOLDER": "notebook_router.store.database",
            "MEMORY": "notebook_router.store.database",
            "RunInfo": "notebook_router.store.models",
            "SCHEMA_VERSION": "notebook_router.store.schema",
            "SessionStore": "notebook_router.store.store",
            "StoredRun": "notebook_router.store.models",
            "parse_duration": "notebook_router.store.durations",
            "resolve_location": "notebook_router.store.database",
        },
    )

__all__ = [
    "DEFAULT_EXPIRY",
    "FILENAME",
    "FOLDER",
    "MEMORY",
    "SCHEMA_VERSION",
    "RunInfo",
    "SessionStore",
    "StoredRun",
    "parse_duration",
    "resolve_location",
]
