"""An index of recorded model calls.

Recordings are JSON Lines files next to the notebook (see
:mod:`notebook_router.providers.recording`). The index keeps one row per
recorded call (request hash, model, purpose, tokens, cost, latency, file and
line, and the run that made it when known), so "which calls did this run
make" and "where is the reply for this request" are queries rather than
file scans. Indexing is incremental: lines already indexed are skipped.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from notebook_router.store.database import Database


class RecordedCall(BaseModel):
    """One recorded model call."""

    model_config = ConfigDict(frozen=True)

    hash: str
    provider: str
    model: str
    purpose: str
    recording: str
    line: int
    run_id: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    latency_s: float = 0.0
    recorded_at: str = ""


class RecordingIndex:
    """Recorded calls in the session database's ``model_calls`` table."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def index(self, path: str | os.PathLike[str], *, run_id: str | None = None) -> int:
        """Index the lines of ``path`` not indexed yet (tagged with ``run_id``); return how many."""
        file = str(Path(path).resolve())
        row = self.db.one("SELECT MAX(line) FROM model_calls WHERE recording = ?", (file,))
        done = int(row[0]) if row and row[0] is not None else 0
        rows = []
        try:
            with open(file, encoding="utf-8") as fh:
                for number, line in enumerate(fh, 1):
                    if number <= done or not line.strip():
                        continue
                    try:
                        entry = json.loads(line)
                    except json.JSONDecodeError:
                        continue  # a line being written right now; the next pass gets it
                    usage = entry.get("usage", {})
                    rows.append(
                        (
                            run_id,
                            entry.get("hash", ""),
                            entry.get("provider", ""),
                            entry.get("model", ""),
                            entry.get("purpose", ""),
                            file,
                            number,
                            int(usage.get("input_tokens", 0)),
                            int(usage.get("output_tokens", 0)),
                            float(usage.get("cost_usd", 0.0)),
                            float(entry.get("latency_s", 0.0)),
                            entry.get("recorded_at", ""),
                        )
                    )
        except FileNotFoundError:
            return 0
        if rows:
            with self.db.transaction() as conn:
                conn.executemany(
                    "INSERT OR IGNORE INTO model_calls (run_id, hash, provider, model, purpose, "
                    "recording, line, input_tokens, output_tokens, cost_usd, latency_s, "
                    "recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    rows,
                )
        return len(rows)

    def find(self, request_hash: str) -> list[RecordedCall]:
        """Every recorded reply to the request with this hash (a prefix works)."""
        return self._calls("WHERE hash LIKE ? ORDER BY recording, line", (request_hash + "%",))

    def for_run(self, run_id: str) -> list[RecordedCall]:
        """The recorded calls a run made, in order."""
        return self._calls("WHERE run_id = ? ORDER BY recording, line", (run_id,))

    def _calls(self, where: str, params: tuple[str, ...]) -> list[RecordedCall]:
        rows = self.db.query(f"SELECT * FROM model_calls {where}", params)
        return [
            RecordedCall(**{k: r[k] for k in r.keys() if k != "id"})  # noqa: SIM118
            for r in rows
        ]
