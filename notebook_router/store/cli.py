"""The store's command-line subcommands: ``runs``, ``export``, ``purge``."""

from __future__ import annotations

import argparse
from pathlib import Path

from notebook_router.errors import StoreError
from notebook_router.store.database import resolve_location
from notebook_router.store.export import write_export
from notebook_router.store.store import SessionStore


def store_command(args: argparse.Namespace) -> int:
    """Run ``runs``, ``export`` or ``purge``; return the exit status."""
    path = resolve_location(args.store)
    if path != ":memory:" and not Path(path).exists():
        raise StoreError(
            f"No session database at {path}. Run this next to the notebook (its runs are in "
            ".notebook_router/), or pass --store PATH."
        )
    # Listing and exporting must not purge anything: no expiry on this open.
    with SessionStore(path, expiry=None) as store:
        if args.command == "runs":
            return _runs(store, args.limit, args.json)
        if args.command == "export":
            target = write_export(store, args.run, args.to)
            print(f"Exported run {store.run(args.run).id} to {target}")
            return 0
        removed = store.purge(args.older_than)
        print(f"Deleted {removed} run{'s' if removed != 1 else ''} older than {args.older_than}.")
        return 0


def _runs(store: SessionStore, limit: int, as_json: bool) -> int:
    runs = store.runs(limit=limit)
    if as_json:
        for info in runs:
            print(info.model_dump_json())
        return 0
    for info in runs:
        when = info.started_at.astimezone().strftime("%Y-%m-%d %H:%M")
        goal = info.goal if len(info.goal) <= 60 else info.goal[:59] + "…"
        status = info.label + (" (resumable)" if info.resumable else "")
        print(f"{info.id}  {when}  {status:<24} {info.tasks_done}/{info.tasks:<4} {goal}")
    size = store.size_bytes() / 1000
    print(f"— {store.count()} runs in {store.path} ({size:,.1f} kB)")
    return 0


__all__ = ["store_command"]
