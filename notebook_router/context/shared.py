"""The shared context: what agents of one run (and of one notebook) know in common.

Schema (what agents may read and write):

* keys are short strings; by convention ``"<topic>"`` for facts agents share
  (``"region"``, ``"sales_table"``); task results live in the run state, not
  here;
* values are any Python object; a value is held once however many keys hold it
  (equal text, numbers and plain data by content, other objects by identity);
* ``"references"`` is where the notebook layer lists the variables and
  outputs that fed a run (shown with the run);
* every entry records its ``source`` (``"agent:task_id"``, ``"user"``,
  ``"notebook"``), a ``version``, its ``lifetime`` and its size, so later readers
  know where it came from and how long it lasts.

Lifetimes: ``run`` (the default: gone with the run), ``notebook`` (kept by the
notebook's context for every later run of the kernel) and ``persistent`` (kept on
disk beside the session database: a restarted kernel reads it again). A run's
context is a :meth:`~SharedContext.child` of the notebook's: it starts with the
notebook's entries, and what it writes with a longer lifetime is written there too.

Limits (:class:`ContextLimits`): a value over ``entry_bytes``, or one that would take
the context over ``total_bytes``, is spilled to disk (read back when asked for) or,
with ``overflow="error"``, refused with :class:`~notebook_router.errors.ContextLimitError`.
Either way nothing is lost silently: a spilled entry says so in its ``note``.

Big values reach a model planner compressed (:meth:`~SharedContext.compressed`, see
:mod:`notebook_router.context.compress`); :meth:`~SharedContext.expand` gives the
original back.

The context keeps insertion order (a re-written key moves to the end), so
``recent(n)`` is what a planner prompt shows, at O(n) cost whatever the size.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, get_args

from notebook_router.context.digest import RunningDigest, value_digest
from notebook_router.context.size import human_size, size_of
from notebook_router.errors import ContextLimitError

if TYPE_CHECKING:
    from notebook_router.context.compress import Compressed
    from notebook_router.context.spill import Shelf, Spill

log = logging.getLogger("notebook_router")

Lifetime = Literal["run", "notebook", "persistent"]
LIFETIMES: tuple[Lifetime, ...] = get_args(Lifetime)
Overflow = Literal["spill", "error"]


@dataclass(frozen=True, slots=True)
class ContextLimits:
    """How much a shared context holds in memory, and what happens past that.

    >>> ContextLimits(entry_bytes=1_000_000, overflow="error").total_bytes
    64000000
    """

    entry_bytes: int | None = 8_000_000
    """Most bytes one value may take in memory (None: no limit)."""
    total_bytes: int | None = 64_000_000
    """Most bytes all values together may take in memory (None: no limit)."""
    overflow: Overflow = "spill"
    """Past a limit: ``spill`` the value to disk, or refuse it with an ``error``."""
    spill_folder: str | Path | None = None
    """Where spilled values go (None: a temporary folder, removed with the context)."""

    def __post_init__(self) -> None:
        if self.overflow not in ("spill", "error"):
            raise ContextLimitError(
                f"overflow={self.overflow!r}: use 'spill' (write big values to disk) or "
                "'error' (refuse them)."
            )
        for name in ("entry_bytes", "total_bytes"):
            limit = getattr(self, name)
            if limit is not None and limit <= 0:
                raise ContextLimitError(f"{name}={limit}: give a size in bytes above 0, or None.")


class _Stored:
    """One value, held once whatever the number of keys that hold it."""

    __slots__ = ("__weakref__", "_value", "compressed", "digest", "path", "size", "spill")

    def __init__(self, value: Any, digest: int, size: int) -> None:
        self._value = value
        self.digest = digest
        self.size = size
        self.path: Path | None = None
        self.spill: Spill | None = None
        self.compressed: dict[int, Compressed] = {}
        """Compressed forms already made, by token budget."""

    @property
    def value(self) -> Any:
        if self.spill is not None and self.path is not None:
            return self.spill.load(self.path)
        return self._value

    def spill_to(self, spill: Spill, key: str) -> None:
        self.path = spill.put(key, self._value)
        self.spill = spill
        self._value = None
        weakref.finalize(self, spill.remove, self.path)

    def same(self, value: Any) -> bool:
        """Whether ``value`` is the value held (equal digests, checked where cheap)."""
        if self.spill is not None:
            return size_of(value) == self.size  # the digest matched; no reload to compare
        held = self._value
        if held is value:
            return True
        if type(held) is not type(value) or type(value) not in _BY_CONTENT:
            return False
        try:
            return bool(held == value)
        except Exception:
            return False


_BY_CONTENT = (str, bytes, int, float, bool, tuple, list, dict, frozenset, type(None))
"""Types whose equal digests mean equal values (others are digested by identity)."""


@dataclass(slots=True)
class ContextEntry:
    """One value in the shared context, with where it came from (read-only)."""

    key: str
    source: str
    version: int
    digest: int
    lifetime: Lifetime
    stored: _Stored = field(repr=False)
    note: str = ""
    """Anything a reader should know: that the value was spilled to disk, and why."""

    @property
    def value(self) -> Any:
        """The value (read back from disk when it was spilled)."""
        return self.stored.value

    @property
    def size(self) -> int:
        """About how many bytes the value takes (see :mod:`notebook_router.context.size`)."""
        return self.stored.size

    @property
    def spilled(self) -> bool:
        """Whether the value lives on disk rather than in memory."""
        return self.stored.spill is not None

    def kept(self) -> Any:
        """The value when it is in memory, or a line saying where it is when it was spilled
        (what a store or a preview may take without reading it back)."""
        stored = self.stored  # read here, not through the properties: a preview of every
        if stored.spill is not None:  # change the run publishes calls this
            return f"({human_size(stored.size)} {self.note or 'spilled to disk'})"
        return stored._value


ChangeListener = Callable[[ContextEntry], None]


class SharedContext:
    """A keyed store with provenance, lifetimes, limits, dedup and an O(1) running digest."""

    def __init__(
        self,
        initial: dict[str, Any] | None = None,
        *,
        source: str = "user",
        limits: ContextLimits | None = None,
        shelf: Shelf | None = None,
    ) -> None:
        """``initial``: entries to start with (lifetime ``run``); ``shelf``: where
        ``persistent`` entries are kept (they are read from it now)."""
        self.limits = limits or ContextLimits()
        self._entries: dict[str, ContextEntry] = {}
        self._held: dict[int, tuple[_Stored, int]] = {}
        """Values by digest, with how many keys hold each (dedup)."""
        self._bytes = 0
        """Bytes of the values held in memory (spilled ones not counted)."""
        self._digest = RunningDigest()
        self._listeners: list[ChangeListener] = []
        self._parent: SharedContext | None = None
        self._shelf = shelf
        self._spill: Spill | None = None
        # Sync function agents run in worker threads and may write here.
        self._lock = threading.Lock()
        self.version = 0
        if shelf is not None:
            for key, kept_source, value in shelf.entries():
                self._put(key, value, kept_source, "persistent")
        for key, value in (initial or {}).items():
            self.set(key, value, source=source)

    def child(
        self, initial: dict[str, Any] | None = None, *, source: str = "user"
    ) -> SharedContext:
        """A run's context over this one: it starts with this context's entries (the same
        values, not copies), and what it writes with lifetime ``notebook`` or
        ``persistent`` is written here too. Entries of lifetime ``run`` stay in the child.

        >>> notebook = SharedContext()
        >>> run = notebook.child()
        >>> _ = run.set("unit", "EUR", lifetime="notebook")
        >>> _ = run.set("scratch", 1)
        >>> "unit" in notebook.child(), "scratch" in notebook.child()
        (True, False)
        """
        run = SharedContext(limits=self.limits)
        run._parent = self
        run._spill = self._spill
        with self._lock:
            entries = list(self._entries.values())
            run.version = self.version
        for entry in entries:
            run._adopt(entry)
        for key, value in (initial or {}).items():
            run.set(key, value, source=source)
        return run

    def set(
        self,
        key: str,
        value: Any,
        *,
        source: str = "user",
        lifetime: Lifetime | None = None,
    ) -> bool:
        """Store ``value`` under ``key``; return False if it was already there, unchanged.

        ``lifetime``: ``run``, ``notebook`` or ``persistent`` (None: the key's current
        lifetime, ``run`` for a new key). Raises
        :class:`~notebook_router.errors.ContextLimitError` for a value over the limits
        when :attr:`ContextLimits.overflow` is ``"error"`` (or it cannot be spilled).
        """
        if lifetime is not None and lifetime not in LIFETIMES:
            raise ContextLimitError(
                f"lifetime={lifetime!r}: use 'run' (this run only), 'notebook' (every later "
                "run of this kernel) or 'persistent' (kept on disk across kernels)."
            )
        entry = self._put(key, value, source, lifetime)
        if entry is None:
            return False
        if entry.lifetime != "run":
            self._keep(entry)
        for listener in self._listeners:
            listener(entry)
        return True

    def get(self, key: str, default: Any = None) -> Any:
        """The value under ``key``, or ``default``."""
        entry = self._entries.get(key)
        return default if entry is None else entry.value

    def expand(self, key: str) -> Any:
        """The original value under ``key``, whole, however it reached a planner
        (compressed, or spilled to disk). Raises ``KeyError`` naming the keys held."""
        entry = self._entries.get(key)
        if entry is None:
            held = ", ".join(list(self._entries)[-10:]) or "none"
            raise KeyError(f"No context entry {key!r}; the newest keys: {held}.")
        return entry.value

    def compressed(self, key: str, budget: int) -> Compressed:
        """The value under ``key`` in at most ``budget`` tokens, at the least compressing
        level that fits (see :mod:`notebook_router.context.compress`); made once per
        value and budget. :meth:`expand` gives the original."""
        entry = self._entries[key]
        return compressed_value(entry, budget)

    def entry(self, key: str) -> ContextEntry | None:
        """The full entry (value, source, version, lifetime, size) under ``key``."""
        return self._entries.get(key)

    def delete(self, key: str) -> None:
        """Remove ``key`` if present (from the notebook's context and its shelf too, when
        the entry outlives the run)."""
        with self._lock:
            entry = self._entries.pop(key, None)
            if entry is None:
                return
            self._release(entry.stored)
            self._digest.discard(key)
            self.version += 1
        if entry.lifetime != "run":
            if self._parent is not None:
                self._parent.delete(key)
            if self._shelf is not None and entry.lifetime == "persistent":
                self._shelf.delete(key)

    def recent(self, n: int) -> list[ContextEntry]:
        """The ``n`` most recently written entries, newest last."""
        if n <= 0:
            return []
        newest_first = list(islice(reversed(self._entries.values()), n))
        return newest_first[::-1]

    def listen(self, listener: ChangeListener) -> Callable[[], None]:
        """Call ``listener`` on every change; returns a function that stops it.

        Listeners run on the writer's thread; the run hands them to its loop.
        """
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    @property
    def digest(self) -> int:
        """Order-independent content digest, maintained incrementally."""
        return self._digest.value

    @property
    def memory_bytes(self) -> int:
        """About how many bytes the values held in memory take (each counted once)."""
        return self._bytes

    def stats(self) -> dict[str, int]:
        """Entries, distinct values, bytes in memory and on disk, and bytes dedup saved."""
        with self._lock:
            values = [stored for stored, _ in self._held.values()]
            keys = sum(uses for _, uses in self._held.values())
            shared = sum(stored.size * (uses - 1) for stored, uses in self._held.values())
        return {
            "entries": keys,
            "values": len(values),
            "memory_bytes": sum(s.size for s in values if s.spill is None),
            "spilled_bytes": sum(s.size for s in values if s.spill is not None),
            "deduplicated_bytes": shared,
        }

    # ------------------------------------------------------------------ inside

    def _put(
        self, key: str, value: Any, source: str, lifetime: Lifetime | None
    ) -> ContextEntry | None:
        digest = value_digest(value)
        with self._lock:
            old = self._entries.get(key)
            life: Lifetime = lifetime or (old.lifetime if old is not None else "run")
            unchanged = old is not None and old.digest == digest and old.lifetime == life
            if unchanged and old is not None and old.stored.same(value):
                return None
            stored, note = self._hold(key, value, digest)
            self._digest.put(key, digest)
            self.version += 1
            entry = ContextEntry(key, source, self.version, digest, life, stored, note)
            self._entries.pop(key, None)  # re-insert so the key moves to the end
            self._entries[key] = entry
            if old is not None:
                self._release(old.stored)
        if note:
            log.warning("notebook_router: context entry %r %s", key, note)
        return entry

    def _adopt(self, entry: ContextEntry) -> None:
        """Hold ``entry`` (from the parent) as it is: same value, source and version."""
        with self._lock:
            self._digest.put(entry.key, entry.digest)
            self._count(entry.stored)
            self._entries[entry.key] = ContextEntry(
                entry.key,
                entry.source,
                entry.version,
                entry.digest,
                entry.lifetime,
                entry.stored,
                entry.note,
            )

    def _keep(self, entry: ContextEntry) -> None:
        """Write an entry that outlives the run to the notebook's context and the shelf."""
        if self._parent is not None:
            self._parent._adopt_written(entry)
        elif self._shelf is not None and entry.lifetime == "persistent":
            self._shelf.save(entry.key, entry.value, entry.source)

    def _adopt_written(self, entry: ContextEntry) -> None:
        with self._lock:
            old = self._entries.pop(entry.key, None)
            if old is not None:
                self._release(old.stored)
            self.version += 1
            self._digest.put(entry.key, entry.digest)
            self._count(entry.stored)
            self._entries[entry.key] = ContextEntry(
                entry.key,
                entry.source,
                self.version,
                entry.digest,
                entry.lifetime,
                entry.stored,
                entry.note,
            )
        self._keep(self._entries[entry.key])

    def _hold(self, key: str, value: Any, digest: int) -> tuple[_Stored, str]:
        """The stored form of ``value``: one already held when equal, else a new one (spilled
        when over a limit). Called with the lock held."""
        held = self._held.get(digest)
        if held is not None and held[0].same(value):
            self._held[digest] = (held[0], held[1] + 1)
            return held[0], _spilled_note(held[0]) if held[0].spill is not None else ""
        stored = _Stored(value, digest, size_of(value))
        note = self._fit(key, stored)
        self._held[digest] = (stored, 1)
        if stored.spill is None:
            self._bytes += stored.size
        return stored, note

    def _fit(self, key: str, stored: _Stored) -> str:
        """Spill ``stored`` (or refuse it) when it is over a limit; what to tell the reader."""
        limits = self.limits
        over = ""
        if limits.entry_bytes is not None and stored.size > limits.entry_bytes:
            over = f"over the {human_size(limits.entry_bytes)} one value may hold in memory"
        elif limits.total_bytes is not None and self._bytes + stored.size > limits.total_bytes:
            over = (
                f"over the {human_size(limits.total_bytes)} the context may hold in memory "
                f"({human_size(self._bytes)} held)"
            )
        if not over:
            return ""
        if limits.overflow == "error":
            raise ContextLimitError(
                f"{key!r} is {human_size(stored.size)}, {over}. Keep it in a variable and put "
                "a smaller summary in the context, raise the limit "
                "(SharedContext(limits=ContextLimits(entry_bytes=..., total_bytes=...))), or "
                "let big values spill to disk (ContextLimits(overflow='spill'))."
            )
        if self._spill is None:
            from notebook_router.context.spill import Spill

            self._spill = Spill(limits.spill_folder)
        stored.spill_to(self._spill, key)
        return f"spilled to disk: {human_size(stored.size)}, {over} (read back when asked for)"

    def _count(self, stored: _Stored) -> None:
        held = self._held.get(stored.digest)
        if held is not None and held[0] is stored:
            self._held[stored.digest] = (stored, held[1] + 1)
            return
        self._held[stored.digest] = (stored, 1)
        if stored.spill is None:
            self._bytes += stored.size

    def _release(self, stored: _Stored) -> None:
        held = self._held.get(stored.digest)
        if held is None or held[0] is not stored:
            return
        if held[1] > 1:
            self._held[stored.digest] = (stored, held[1] - 1)
            return
        del self._held[stored.digest]
        if stored.spill is None:
            self._bytes -= stored.size

    def __getitem__(self, key: str) -> Any:
        return self._entries[key].value

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"SharedContext({len(self)} entries)"


def compressed_value(entry: ContextEntry, budget: int) -> Compressed:
    """``entry``'s value compressed to ``budget`` tokens, made once per value and budget."""
    cache = entry.stored.compressed
    found = cache.get(budget)
    if found is None:
        from notebook_router.context.compress import compress

        found = cache[budget] = compress(entry.value, budget)
    return found


def _spilled_note(stored: _Stored) -> str:
    return f"spilled to disk: {human_size(stored.size)} (read back when asked for)"
