"""Everything a session database folder holds, as bytes a test can search for a secret."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from notebook_router.store.codec import events_text


def all_bytes(folder: Path) -> bytes:
    """The folder's files, and the text of every batch of events stored deflated in them.

    A key in a deflated batch would not show in the file's bytes: the batches are
    inflated, so a byte search still finds one.
    """
    raw = b"".join(p.read_bytes() for p in folder.iterdir() if p.is_file())
    database = folder / "sessions.db"
    if not database.exists():
        return raw
    conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        batches = [events_text(row[0]).encode() for row in conn.execute("SELECT data FROM events")]
    finally:
        conn.close()
    return raw + b"".join(batches)
