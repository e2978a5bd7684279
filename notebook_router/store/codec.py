"""How values and events become database rows, with secrets kept out.

Events are stored as their pydantic JSON (the schema the panel and exports
share). Values (task results, context entries) are stored as JSON when they
are plain data, else pickled so a resumed run gets its DataFrames back, else
as a text preview that says it cannot be restored. Everything passes a
secret check first: JSON and previews are redacted; a pickle that contains
anything shaped like a key is not stored at all (its preview is).

The recorder calls these on the loop's thread, between steps, once per batch.
"""

from __future__ import annotations

import json
import pickle
import sqlite3
import zlib
from typing import Any, Literal

from pydantic import ValidationError

from notebook_router.planner import events as ev
from notebook_router.text.preview import preview
from notebook_router.text.secrets import Scanner as Scanner  # the store's name for it

Format = Literal["json", "pickle", "preview"]
MAX_VALUE_BYTES = 16 * 1024 * 1024
"""Values bigger than this (pickled) are kept as a preview only."""

_PLAIN_SCALARS = (str, int, float, bool, type(None))
_MAX_PLAIN_ITEMS = 10_000


def decode_event(data: dict[str, Any]) -> ev.Event | None:
    """The event stored as ``data``; None for a kind this version does not know."""
    try:
        return ev.event_from_dict(data)
    except (ValidationError, ValueError):
        return None


def decode_events(data: str | bytes) -> list[ev.Event]:
    """The events of a stored batch (a JSON array, packed or not), skipping kinds this
    version does not know."""
    return [e for item in json.loads(events_text(data)) if (e := decode_event(item)) is not None]


PACK_ABOVE = 512
"""Batches of events longer than this (bytes of JSON) are stored deflated.

Event JSON deflates to about a third; a run of a few steps writes a batch of
3-4 KB, and a 16 KB page holds four such rows where it holds a dozen packed.
"""


class PackedEvents:
    """A batch's JSON text, deflated when it is bound to a statement (on the writer's thread).

    Old batches (and short ones) stay text; :func:`events_text` reads both.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def bind(self) -> str | bytes:
        """What the ``data`` column holds: the text itself when short, else zlib of it."""
        data = self.text.encode()
        if len(data) <= PACK_ABOVE:
            return self.text
        return zlib.compress(data, 1)  # level 1: as small within a few percent, at half the CPU


sqlite3.register_adapter(PackedEvents, PackedEvents.bind)


def events_text(data: str | bytes) -> str:
    """A stored batch's JSON text, whether it was stored as text or deflated.

    The SQL function ``events_text`` (which the ``event_log`` view reads through)
    calls it: see :func:`notebook_router.store.database.Database`.
    """
    if isinstance(data, bytes):
        return zlib.decompress(data).decode()
    return data


def may_hold_secret(text: str) -> bool:
    """A cheap test that is True whenever :func:`redact` would change ``text``."""
    return Scanner().may_hold(text)


def clean(text: str | None) -> str | None:
    """One string with secrets removed."""
    return Scanner().clean(text)


def encode_value(
    value: Any, *, max_bytes: int = MAX_VALUE_BYTES, scanner: Scanner | None = None
) -> tuple[Format, bytes]:
    """``(format, payload)`` for a result's data or a context value."""
    kind = type(value)
    if kind is int or kind is bool or value is None:  # the common small results, cheaply
        return "json", json.dumps(value).encode()
    scanner = scanner or Scanner()
    try:
        plain = _is_plain(value, [0])
    except RecursionError:  # nested deeper than JSON (or pickle) can go: a preview below
        plain = False
    if plain:
        try:
            text = json.dumps(value, ensure_ascii=False, allow_nan=True)
        except (TypeError, ValueError):
            pass
        else:
            try:
                return "json", (scanner.clean(text) or "").encode()
            except UnicodeEncodeError:  # a lone surrogate: as an escape, it reads back the same
                return "json", (scanner.clean(json.dumps(value)) or "").encode()
    try:
        blob = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # unpicklable (open files, sockets, lambdas...): keep a preview
        blob = None
    if blob is not None and len(blob) <= max_bytes and not _pickle_may_hold(blob, scanner):
        return "pickle", blob
    return "preview", (scanner.clean(preview(value, 500)) or "").encode()


def _pickle_may_hold(blob: bytes, scanner: Scanner) -> bool:
    """Could this pickle hold a secret? Text in it may be UTF-8, or UTF-16/32 (NumPy).

    NumPy string arrays keep their text as UTF-32 (``s\\0\\0\\0k\\0\\0\\0``...):
    without the NUL bytes, ASCII text in any of these encodings reads as is.
    """
    return scanner.may_hold(blob.decode("latin-1")) or scanner.may_hold(
        blob.replace(b"\x00", b"").decode("latin-1")
    )


def decode_value(fmt: str, payload: bytes | None) -> tuple[Any, bool]:
    """``(value, restored)``; ``restored`` is False when only a preview was kept."""
    if payload is None:
        return None, False
    if fmt == "json":
        return json.loads(payload.decode()), True
    if fmt == "pickle":
        try:
            return pickle.loads(payload), True
        except Exception:  # a class that no longer exists, a changed module...
            return "(a stored value that can no longer be unpickled)", False
    return payload.decode(errors="replace"), False


def encode_snapshot(
    entries: list[tuple[str, Any, str]], scanner: Scanner | None = None
) -> tuple[str, bytes]:
    """A whole context as one payload: ``(key, value, source)`` triples, in order.

    One pickle for the lot is fastest (a run may start with thousands of
    entries); if that fails, each entry is encoded on its own so one odd
    value costs only itself.
    """
    scanner = scanner or Scanner()
    fmt, payload = encode_value(entries, scanner=scanner)
    if fmt != "preview":
        return fmt, payload
    each = [(key, *encode_value(value, scanner=scanner), source) for key, value, source in entries]
    return "entries", pickle.dumps(each, protocol=pickle.HIGHEST_PROTOCOL)


def decode_snapshot(fmt: str, payload: bytes) -> dict[str, tuple[Any, str, bool]]:
    """``key -> (value, source, restored)`` for a payload from :func:`encode_snapshot`."""
    if fmt == "entries":
        out = {}
        for key, value_fmt, value_payload, source in pickle.loads(payload):
            value, restored = decode_value(value_fmt, value_payload)
            out[key] = (value, source, restored)
        return out
    entries, restored = decode_value(fmt, payload)
    if not restored:
        return {}
    return {key: (value, source, True) for key, value, source in entries}


ContextChange = tuple[int, str, str, int, Any]
"""``(seq, key, source, version, value)`` of one context write."""


def encode_batch(
    results: dict[str, Any],
    context: list[ContextChange],
    scanner: Scanner,
    media: dict[str, list[dict[str, Any]]] | None = None,
) -> tuple[str, bytes]:
    """One payload for a batch's task results and context writes.

    The whole batch in one go (JSON if it is all plain data, else one
    pickle) is what keeps the store cheap per loop step; only when that
    fails is each value encoded on its own, so one odd value costs only itself.
    """
    media = media or {}
    # Context first: its entries are tuples, which JSON cannot keep, so when
    # the batch wrote the context the walk for plain data stops at once
    # instead of visiting every result before it.
    fmt, payload = encode_value(
        {"context": context, "results": results, "media": media}, scanner=scanner
    )
    if fmt != "preview":
        return fmt, payload
    each = {
        "results": {k: encode_value(v, scanner=scanner) for k, v in results.items()},
        "context": [(*c[:4], *encode_value(c[4], scanner=scanner)) for c in context],
        "media": media,
    }
    return "each", pickle.dumps(each, protocol=pickle.HIGHEST_PROTOCOL)


class DecodedBatch:
    """A batch's values: ``results[task_id] = (value, restored)``, context writes, media refs."""

    def __init__(
        self,
        results: dict[str, tuple[Any, bool]],
        context: list[tuple[Any, ...]],
        media: dict[str, list[dict[str, Any]]],
    ) -> None:
        self.results = results
        self.context = context
        """``(seq, key, source, version, value, restored)`` in order."""
        self.media = media


def decode_batch(fmt: str, payload: bytes) -> DecodedBatch:
    """The values of a payload from :func:`encode_batch`."""
    if fmt == "each":
        each = pickle.loads(payload)
        results = {k: decode_value(f, p) for k, (f, p) in each["results"].items()}
        context = [(*c[:4], *decode_value(c[4], c[5])) for c in each["context"]]
        return DecodedBatch(results, context, each.get("media", {}))
    data, restored = decode_value(fmt, payload)
    if not restored or not isinstance(data, dict):
        return DecodedBatch({}, [], {})
    return DecodedBatch(
        {k: (v, True) for k, v in data["results"].items()},
        [(*c[:5], True) for c in data["context"]],
        data.get("media", {}),
    )


def _is_plain(value: Any, budget: list[int]) -> bool:
    """True for JSON-native data (str keys, lists not tuples) up to a size."""
    budget[0] += 1
    if budget[0] > _MAX_PLAIN_ITEMS:
        return False
    kind = type(value)
    if kind in _PLAIN_SCALARS:
        return True
    if kind is list:
        return all(_is_plain(v, budget) for v in value)
    if kind is dict:
        return all(type(k) is str and _is_plain(v, budget) for k, v in value.items())
    return False
