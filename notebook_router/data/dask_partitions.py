"""What a Dask worker does to describe a partition: its length and an even sample of it.

Shipped to the workers by value (see :mod:`notebook_router.shipping`): it imports
nothing of notebook_router, and works on the pandas partition it is given. The rows
are every k-th, with k a prime (as :mod:`notebook_router.data.sampling` explains: a
round stride aliases with periodic data).
"""

from __future__ import annotations

from typing import Any


def sample_partition(partition: Any, rows: int, head: int) -> tuple[int, Any, Any]:
    """``(len(partition), about rows of it evenly spread, its first head rows)``."""
    length = len(partition)
    first = partition.iloc[:head]
    if length <= rows:
        return length, partition, first
    step = _prime_at_least(-(-length // rows))
    return length, partition.iloc[::step], first


def _prime_at_least(n: int) -> int:
    n = max(n, 2)
    while any(n % d == 0 for d in range(2, int(n**0.5) + 1)):
        n += 1
    return n
