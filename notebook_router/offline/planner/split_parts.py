"""What a part split from a longer request was not given of the part before it.

"how many orders in 2023 from Acme and the average amount in 2024?" is split into two
tasks; "from Acme", said after the first part's year, may be the first part's alone, so
the planner does not give it to the second (see
:mod:`notebook_router.offline.planner.carried_filters`). The second answer is then
partial and says "Acme" was not applied: a reader who meant it for both is told.
"""

from __future__ import annotations

from typing import Any

from notebook_router.offline.planner.carried_filters import not_carried
from notebook_router.planner.followup_values import ColumnValues

MAX_VALUES = 200
"""The most distinct values of a text column looked at (a name column holds thousands)."""


def frame_values(tables: dict[str, Any]) -> ColumnValues:
    """Each text column of ``tables`` (pandas frames) with its values, when it has few."""
    out: list[tuple[str, tuple[str, ...], bool]] = []
    for frame in tables.values():
        dtypes = getattr(frame, "dtypes", None)
        if dtypes is None or not hasattr(frame, "columns"):
            continue
        for column in frame.columns:
            if dtypes[column].kind not in "OSU" and str(dtypes[column]) not in (
                "category",
                "string",
            ):
                continue
            try:
                found = frame[column].dropna().unique()
            except Exception:  # a column of unhashable cells holds no values to name
                continue
            if len(found) <= MAX_VALUES:
                out.append((str(column), tuple(str(v) for v in found), True))
    return tuple(out)


def split_gaps(goal: str, part: str, tables: dict[str, Any]) -> tuple[str, ...]:
    """What of ``goal``'s earlier part ``part`` was not given, as the answer says it."""
    if not goal or goal.strip() == part.strip():
        return ()
    try:
        values = frame_values(tables)
    except Exception:  # Dask or other frames: their values are not read here
        return ()
    return tuple(
        f"“{v}” (said for the part before; not applied to this part)"
        for v in not_carried(goal, part, values)
    )
