"""What a recorded model call is matched on: its request, made canonical.

A notebook re-run from its recording asks its models the same questions, but
not byte for byte: a run has a new random id, a file sits in another folder,
a time or a duration differs, and a kernel whose session database holds more
history shows the model more earlier runs. Replay matches on the request with
those parts normalised, so that it finds the recorded reply wherever and
whenever the notebook runs again:

* run ids (12 hexadecimal characters, the form :func:`new_run_id` gives) become
  ``<run>``; a ``run_id`` field of a JSON document in a message is left out;
* the current folder, the home folder and temporary folders become ``<folder>``,
  ``~`` and ``<tmp>``;
* date-times become ``<time>`` and durations (``1.25 s``, ``300 ms``) ``<duration>``;
* JSON documents in a message (```` ```json ```` blocks) are compared as data,
  keys sorted.

:func:`loose_key` goes one step further, for a second try: it leaves out what
earlier runs left in the session database (the ``arc`` a planner is shown), so
a notebook replays in its own folder, where the database holds the recorded
runs too, as it does in a fresh one.

>>> canonical_text("run 3f2a9c0d1b7e took 1.25 s")
'run <run> took <duration>'
"""

from __future__ import annotations

import json
import re
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

VOLATILE_FIELDS = frozenset({"run_id", "followed"})
"""Fields of a JSON document in a message that name a run by its random id."""
MEMORY_FIELDS = frozenset({"arc"})
"""Fields of a JSON document in a message that hold what earlier runs left in the session
database (the planner's view of earlier runs and facts): left out by :func:`loose_key`."""

_RUN_ID = re.compile(r"\b(?=[0-9a-f]{0,11}[a-f])(?=[0-9a-f]{0,11}[0-9])[0-9a-f]{12}\b")
_TIME = re.compile(
    r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?"
)
_DURATION = re.compile(r"\b\d+(?:\.\d+)? ?(?:ms|s)\b")
_JSON_BLOCK = re.compile(r"```json\n(.*?)\n```", re.DOTALL)


def canonical_text(text: str, *, memory: bool = True) -> str:
    """``text`` with its volatile parts normalised (``memory=False``: and earlier runs
    left out of the JSON documents it holds)."""
    text = _JSON_BLOCK.sub(lambda m: _canonical_block(m.group(1), memory), text)
    for folder, name in _folders():
        text = text.replace(folder, name)
    text = _RUN_ID.sub("<run>", text)
    text = _TIME.sub("<time>", text)
    return _DURATION.sub("<duration>", text)


def canonical_key(key: dict[str, Any], *, memory: bool = True) -> dict[str, Any]:
    """A request key (see :func:`~notebook_router.providers.recording.request_key`) with every
    message's text made canonical."""
    out = dict(key)
    out["messages"] = [
        {**m, "content": canonical_text(m["content"], memory=memory)} for m in key["messages"]
    ]
    return out


def loose_key(key: dict[str, Any]) -> dict[str, Any] | None:
    """The canonical key without earlier runs' memory, or None when the request holds none."""
    strict = canonical_key(key)
    loose = canonical_key(key, memory=False)
    return None if loose == strict else loose


def _canonical_block(body: str, memory: bool) -> str:
    try:
        document = json.loads(body)
    except ValueError:
        return "```json\n" + body + "\n```"
    cleaned = _without(document, VOLATILE_FIELDS if memory else VOLATILE_FIELDS | MEMORY_FIELDS)
    return "```json\n" + json.dumps(cleaned, sort_keys=True, ensure_ascii=False) + "\n```"


def _without(value: Any, fields: frozenset[str]) -> Any:
    if isinstance(value, dict):
        return {k: _without(v, fields) for k, v in value.items() if k not in fields}
    if isinstance(value, list):
        return [_without(v, fields) for v in value]
    return value


@lru_cache(maxsize=4)
def _folders_of(cwd: str, home: str, tmp: str) -> tuple[tuple[str, str], ...]:
    # Longest first: the notebook's folder usually sits inside the home folder.
    pairs = [(cwd, "<folder>"), (home, "~"), (tmp, "<tmp>")]
    return tuple(sorted(((f, n) for f, n in pairs if len(f) > 1), key=lambda p: -len(p[0])))


def _folders() -> tuple[tuple[str, str], ...]:
    """The folders a path in a request is made relative to, at the time of the call."""
    try:
        cwd = str(Path.cwd())
    except OSError:  # the folder was deleted under the kernel
        cwd = ""
    return _folders_of(cwd, str(Path.home()), tempfile.gettempdir())
