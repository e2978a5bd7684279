"""The session store: runs, events, tasks, results and context persisted in SQLite.

Core code (no IPython): the notebook layer opens one store per kernel in
``.notebook_router/`` next to the notebook; scripts pass one to
``Router(..., store=SessionStore(PATH))``.
"""

from __future__ import annotations

from notebook_router.store.database import FILENAME, FOLDER, MEMORY, resolve_location
from notebook_router.store.durations import parse_duration
from notebook_router.store.models import RunInfo, StoredRun
from notebook_router.store.schema import SCHEMA_VERSION
from notebook_router.store.store import DEFAULT_EXPIRY, SessionStore

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
