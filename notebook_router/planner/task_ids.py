"""Task ids a planner may give new tasks itself (to know which task answers which call)."""

from __future__ import annotations

from collections.abc import Container


def fresh_task_ids(taken: Container[str], count: int) -> list[str]:
    """``count`` ids of the form ``t<n>`` that ``taken`` does not hold, lowest first.

    >>> fresh_task_ids({"t1", "t3"}, 3)
    ['t2', 't4', 't5']
    """
    ids: list[str] = []
    n = 0
    while len(ids) < count:
        n += 1
        if f"t{n}" not in taken:
            ids.append(f"t{n}")
    return ids
