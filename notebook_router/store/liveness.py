"""Is the kernel that owned a run still alive? A run a dead one left "running" was interrupted."""

from __future__ import annotations

import os


def pid_alive(pid: int) -> bool:
    """Is process ``pid`` (on this machine) still running?"""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists, it is just not ours
    except OSError:
        return False
    return _not_zombie(pid)


def _not_zombie(pid: int) -> bool:
    # A killed child that its parent has not reaped yet still answers kill(0).
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().split(") ", 1)[1][:1] != "Z"
    except (OSError, IndexError):
        return True
