"""Keeping API keys out of everything we write or show.

Keys live only inside provider clients. Anything that leaves them (reprs,
log lines, events, recordings, notebook outputs) passes through
:func:`redact`, which removes the values of the known key variables and
anything shaped like a provider key.
"""

from __future__ import annotations

import os
import re

KEY_VARIABLES = ("OPENAI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY")
_SHAPES = re.compile(r"sk-[A-Za-z0-9_\-]{16,}|AIza[0-9A-Za-z_\-]{30,}")
REDACTED = "[redacted]"


def redact(text: str, extra: tuple[str, ...] = ()) -> str:
    """``text`` with every known key value and key-shaped string replaced."""
    for value in (*(os.environ.get(v, "") for v in KEY_VARIABLES), *extra):
        if value and len(value) >= 8:
            text = text.replace(value, REDACTED)
    return _SHAPES.sub(REDACTED, text)


def mask(present: bool) -> str:
    """How a key may appear in a repr: never more than whether there is one."""
    return "set" if present else "unset"
