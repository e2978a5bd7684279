"""Keeping API keys out of everything we write or show.

Keys live only inside provider clients. Anything that leaves them (reprs,
log lines, events, recordings, the session database, exports, notebook
outputs, and every text sent to a model: a message and its text media, file
contents quoted in a prompt included) passes through :func:`redact` (or
:class:`Scanner`, the same check made once per batch, or :func:`redact_all`,
the same for a MIME bundle or a widget state), which removes the values of
the known keys and anything shaped like a provider key. Known keys are those
in the environment variables providers read, plus any key given to a provider
in code (:func:`remember`).
"""

from __future__ import annotations

import os
import re
from typing import TypeVar

KEY_VARIABLES = ("OPENAI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY")
# Not preceded by a word character or a dash: a word like "task-…" holds no key.
_SHAPES = re.compile(r"(?<![\w\-])(?:sk-[A-Za-z0-9_\-]{16,}|AIza[0-9A-Za-z_\-]{30,})")
_SHAPE_MARKERS = ("sk-", "AIza")
_MARKER_ANCHORS = {"sk-": 2, "AIza": 2}
"""Where a marker's least common character is ('-', 'z'): the scan of a long text looks for it."""
_LONG_TEXT = 4096
_MIN_KEY = 8
"""Shorter values are not treated as keys (they would blank out ordinary words)."""
REDACTED = "[redacted]"

_given: set[str] = set()

T = TypeVar("T")


def remember(key: str | None) -> None:
    """Treat ``key`` as a secret too (a key passed to a provider in code, not by variable)."""
    if key and len(key) >= _MIN_KEY:
        _given.add(key)


def known_keys() -> tuple[str, ...]:
    """The values of the key variables now set, and the keys given in code."""
    values = (os.environ.get(name, "") for name in KEY_VARIABLES)
    return (*(v for v in values if len(v) >= _MIN_KEY), *_given)


def redact(text: str, extra: tuple[str, ...] = ()) -> str:
    """``text`` with every known key value and key-shaped string replaced."""
    for value in (*known_keys(), *extra):
        if value and len(value) >= _MIN_KEY:
            text = text.replace(value, REDACTED)
    return _SHAPES.sub(REDACTED, text)


class Scanner:
    """Finds and removes secrets; reads the known keys once (make one per batch)."""

    __slots__ = ("_needles",)

    def __init__(self) -> None:
        self._needles = (*_SHAPE_MARKERS, *known_keys())

    def may_hold(self, text: str) -> bool:
        """True whenever :func:`redact` would change ``text`` (and rarely otherwise)."""
        if len(text) < _LONG_TEXT:
            return any(needle in text for needle in self._needles)
        return any(_contains(text, needle) for needle in self._needles)

    def clean(self, text: str | None) -> str | None:
        """``text`` with secrets removed."""
        if text is None or not self.may_hold(text):
            return text
        return redact(text)

    def clean_all(self, texts: list[str]) -> list[str]:
        """``texts`` with secrets removed; one scan of the whole batch in the usual case."""
        if not texts or not self.may_hold("\x00".join(texts)):
            return texts
        return [redact(t) if self.may_hold(t) else t for t in texts]

    def clean_data(self, value: T) -> T:
        """``value`` with every string in it (through dicts, lists, tuples) cleaned."""
        if isinstance(value, str):
            return self.clean(value)  # type: ignore[return-value]
        if isinstance(value, dict):
            return {k: self.clean_data(v) for k, v in value.items()}  # type: ignore[return-value]
        if isinstance(value, list):
            return [self.clean_data(v) for v in value]  # type: ignore[return-value]
        if isinstance(value, tuple):
            return tuple(self.clean_data(v) for v in value)  # type: ignore[return-value]
        return value


def _contains(text: str, needle: str) -> bool:
    """``needle in text``, for a long text (a batch of events is megabytes).

    ``in`` compares a short needle such as ``sk-`` at every position (about
    a millisecond a megabyte); finding a single character is a ``memchr``,
    fifty times faster. So the search jumps between occurrences of the
    marker's rarest character and compares there, and falls back to ``in``
    where that character is common (hyphenated prose) so it never costs
    more than ``in`` by more than a few jumps. Long needles (a key's value)
    are fast with ``in`` already.
    """
    at = _MARKER_ANCHORS.get(needle)
    if at is None:
        return needle in text
    anchor, find = needle[at], text.find
    i = find(anchor, at)
    for _ in range(16):
        if i < 0:
            return False
        if text.startswith(needle, i - at):
            return True
        i = find(anchor, i + 1)
    return i >= 0 and find(needle, i - at) >= 0


def redact_all(value: T) -> T:
    """``value`` (a string, a MIME bundle, a widget state...) with every string in it redacted.

    The one check everything the router shows in a notebook passes: display
    data, printed lines, the panel's synced state.

    >>> redact_all({"text/plain": "key sk-" + "0123456789abcdefXYZ"})
    {'text/plain': 'key [redacted]'}
    """
    return Scanner().clean_data(value)


def mask(present: bool) -> str:
    """How a key may appear in a repr: never more than whether there is one."""
    return "set" if present else "unset"


__all__ = [
    "KEY_VARIABLES",
    "REDACTED",
    "Scanner",
    "known_keys",
    "mask",
    "redact",
    "redact_all",
    "remember",
]


def settled(text: str) -> int:
    """How much of a text still being streamed may be shown: up to its last whitespace.

    A key contains none, so one that is still arriving is never shown in part,
    where the masking, which needs the whole key, could not recognise it.
    """
    return max(text.rfind(" "), text.rfind("\n"), text.rfind("\t")) + 1
