"""Text safe to print on a terminal: no escape sequences, no control characters.

A task, an agent's result or a model's answer may hold terminal escape
sequences (``ESC[2J`` clears the screen, ``ESC]0;...`` retitles the window,
``ESC]52`` writes the clipboard) or bidirectional overrides that reorder
what is read. The command line prints every line through :func:`printable`.
"""

from __future__ import annotations

import re

# CSI (ESC [ or the one-byte 0x9B) and OSC (ESC ], to BEL or ESC \) sequences,
# then the two-character escapes (ESC and one more).
_SEQUENCES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -~]?"
)
# C0 (but tab and newline), DEL, C1, and the bidirectional formatting characters.
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """``text`` without terminal escape sequences or control characters (tabs and newlines stay).

    >>> printable("done \\x1b[31mred\\x1b[0m\\x07")
    'done red'
    """
    if text.isprintable() or not _CONTROLS.search(text):
        return text
    return _CONTROLS.sub("", _SEQUENCES.sub("", text))
