"""The rows where an amount per a unit is defined, and those dropped, counted.

"fare per km" is defined where the fare is present and the divisor's condition (the
spec's ``measure``: ``distance_km > 0``) holds: a zero or missing distance has no ratio,
never an inf or a NaN ranked first or summed. :func:`kept_rows` keeps those rows and
counts, in the same computation, the rows it drops and why (``counts``), so the answer
can say how many were left out.
"""

from __future__ import annotations

from notebook_router.analyst.codegen import Builder, mask, wrap
from notebook_router.analyst.engine_code import Engine

COUNTED = ("kept", "no_divisor", "divisor_not_above_0", "no_amount")
"""What ``counts`` holds: the rows kept, and those dropped for each reason."""


def kept_rows(b: Builder, e: Engine, amount: str, divisor: str) -> str:
    """Lines that count the rows of ``b.rows`` by whether ``amount`` / ``divisor`` is
    defined there (in ``counts``) and keep those where it is; the kept rows' variable."""
    d = b.rows
    held = mask(b, b.spec.measure, d)
    present = f"{b.col(amount, d)}.{'notnull' if e.lazy else 'notna'}()"  # Dask's spelling
    counted = {
        "kept": "has_ratio",
        "no_divisor": f"{b.col(divisor, d)}.isna()",
        "divisor_not_above_0": f"{b.col(divisor, d)} <= 0",
        "no_amount": f"{b.col(amount, d)}.isna() & {wrap(held)}",
    }
    items = ", ".join(f"{k!r}: {wrap(v)}.sum()" for k, v in counted.items())
    b.add(f"has_ratio = {present} & {wrap(held)}", f"counts = {e.gathered(items)}")
    b.add(f"kept = {d}[has_ratio]")
    return "kept"


def tied_rows(b: Builder, e: Engine, column: str) -> None:
    """A line that lists in ``tied`` the other kept rows whose ``column`` equals the
    picked ``row``'s (to a float's rounding): "which ride has the highest fare per km"
    with two equal ratios has two answers, and the answer names both."""
    s = b.spec
    near = f"({b.col(column)} - row[{column!r}]).abs() <= 1e-9 * abs(row[{column!r}])"
    named = f"{b.rows}[{near}]" + (f"[{s.label_column!r}]" if s.label_column else ".index")
    b.add(f"tied = [t for t in {e.computed(named)}.tolist() if t != result]")
