"""Cheap, incremental fingerprints of run state, for stall detection.

Stall detection asks "did anything change since the last decision?" after
every step. Rehashing the whole state each time would make a step cost grow
with the state (10,000 context entries would mean 10,000 hashes a step), so
every collection keeps a running digest instead: the sum, modulo 2**64, of one
hash per entry. Replacing an entry subtracts its old hash and adds the new one.

Digests use Python's ``hash`` and are only meaningful inside one process,
which is all stall detection needs.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

MASK = (1 << 64) - 1
_MAX_ITEMS = 1_000
_MAX_DEPTH = 4


def value_digest(value: Any, _depth: int = 0) -> int:
    """A content hash for plain data; an identity hash for opaque objects.

    Strings, numbers, and lists, tuples and dicts of them (up to a size) are
    hashed by content, so an agent that writes the same answer twice does not
    count as progress. Big or opaque objects (DataFrames, figures) hash by
    identity: a new object counts as a change, which errs on the side of
    letting the run go on (the iteration limit still bounds it).
    """
    if value is None or isinstance(value, (str, bytes, int, float, bool)):
        return hash(value)
    if _depth < _MAX_DEPTH:
        if isinstance(value, (list, tuple)) and len(value) <= _MAX_ITEMS:
            return hash((type(value).__name__, *(value_digest(v, _depth + 1) for v in value)))
        if isinstance(value, dict) and len(value) <= _MAX_ITEMS:
            return hash(
                tuple(
                    (value_digest(k, _depth + 1), value_digest(v, _depth + 1))
                    for k, v in value.items()
                )
            )
    if isinstance(value, Hashable) and type(value).__hash__ is not object.__hash__:
        try:
            return hash(value)
        except TypeError:
            pass
    return id(value)


def entry_hash(key: Hashable, digest: int) -> int:
    """The contribution of one (key, value digest) pair to a running digest."""
    return hash((key, digest)) & MASK


class RunningDigest:
    """An order-independent digest of a keyed collection, updated in O(1)."""

    __slots__ = ("_parts", "value")

    def __init__(self) -> None:
        self._parts: dict[Hashable, int] = {}
        self.value = 0

    def put(self, key: Hashable, digest: int) -> bool:
        """Set ``key``'s content digest; return whether the collection changed."""
        new = hash((key, digest)) & MASK  # entry_hash, inlined: this runs several times a step
        old = self._parts.get(key)
        if old == new:
            return False
        self._parts[key] = new
        self.value = (self.value - (old or 0) + new) & MASK
        return True

    def discard(self, key: Hashable) -> None:
        """Remove ``key``'s contribution, if any."""
        old = self._parts.pop(key, None)
        if old is not None:
            self.value = (self.value - old) & MASK
