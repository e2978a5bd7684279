"""What the running kernel and frontend can do, so we can say which Stop paths work.

* ipykernel >= 7.4 handles widget and comm messages while a cell awaits, so
  the panel's Stop button (and the control comm) reach an awaiting ``%%route``.
* Older kernels queue those messages until the cell ends: there, Stop works
  for ``--background`` runs, and the kernel interrupt (■) works everywhere.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from importlib import metadata

FULL_SUPPORT = (7, 4)


@dataclass(frozen=True, slots=True)
class KernelCapabilities:
    """Facts about the kernel this notebook runs in."""

    ipykernel: str | None
    comms_while_awaiting: bool
    frontend: str

    def stop_paths(self) -> str:
        """One sentence on which Stop paths work here."""
        interrupt = "the kernel interrupt (■) stops a run gracefully everywhere"
        if self.comms_while_awaiting:
            return (
                f"Stop works from the panel while a %%route cell runs, `%route stop` works for "
                f"--background runs, and {interrupt}."
            )
        kernel = f"ipykernel {self.ipykernel}" if self.ipykernel else "this kernel"
        return (
            f"On {kernel} widget clicks wait until the running cell ends, so the panel's Stop "
            f"reaches --background runs only; {interrupt}. ipykernel >= 7.4 lifts this."
        )


def detect() -> KernelCapabilities:
    """Inspect the installed kernel and guess the frontend."""
    try:
        version: str | None = metadata.version("ipykernel")
    except metadata.PackageNotFoundError:
        version = None
    return KernelCapabilities(
        ipykernel=version,
        comms_while_awaiting=version is not None and _at_least(version, FULL_SUPPORT),
        frontend=_frontend(),
    )


def _at_least(version: str, wanted: tuple[int, int]) -> bool:
    parts = []
    for piece in version.split(".")[:2]:
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits or 0))
    return tuple(parts) >= wanted


def _frontend() -> str:
    if "google.colab" in sys.modules:
        return "colab"
    if "VSCODE_PID" in os.environ or "VSCODE_CWD" in os.environ:
        return "vscode"
    return "jupyter"
