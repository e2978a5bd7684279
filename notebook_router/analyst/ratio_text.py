"""How an answer about an amount per a unit says what it computed ("fare per km").

The definition is always named (the ratio of the totals for a group or for every row,
each row's own ratio for a picked row), and so are the rows it is over: how many had a
ratio, and how many were left out for a missing or non-positive divisor or a missing
amount (``counts``, from :mod:`.codegen_kept`). An "average" is answered by the ratio of
the totals, the usual definition, and says so, with the mean of the rows' own ratios
beside it when that differs.
"""

from __future__ import annotations

import math
from typing import Any

from notebook_router.analyst.spec import Spec
from notebook_router.analyst.values import fmt, listing

_SAME = 1e-9
"""How close the mean of the rows' ratios may be to the ratio of totals to go unsaid."""


def defined_over(amount: str, divisor: str, counts: Any) -> str:
    """``over 4 rows with distance_km above 0; 2 rows were left out (1 with no
    distance_km, 1 with distance_km of 0 or below)``."""
    if not isinstance(counts, dict):
        return f"over the rows with {divisor} above 0"
    kept = int(counts.get("kept", 0))
    reasons = [
        (int(counts.get("no_divisor", 0)), f"no {divisor}"),
        (int(counts.get("divisor_not_above_0", 0)), f"{divisor} of 0 or below"),
        (int(counts.get("no_amount", 0)), f"no {amount}"),
    ]
    dropped = sum(n for n, _ in reasons)
    text = f"over {_rows(kept)} with {divisor} above 0"
    if not dropped:
        return text + " (no row left out)"
    why = ", ".join(f"{n} with {reason}" for n, reason in reasons if n)
    verb = "was" if dropped == 1 else "were"
    return f"{text}; {_rows(dropped)} {verb} left out ({why})"


def _rows(n: int) -> str:
    return f"{fmt(n)} row" if n == 1 else f"{fmt(n)} rows"


def picked_basis(spec: Spec, outputs: dict[str, Any]) -> str:
    """What a row picked by its ratio was ranked by, and over which rows ('' if no ratio)."""
    dv = spec.derived
    if dv is None or dv.kind != "ratio" or "counts" not in outputs:
        return ""
    over = defined_over(dv.left, dv.right, outputs["counts"])
    return f" Each row's {dv.name} is its {dv.left} / {dv.right}, {over}."


def tied(outputs: dict[str, Any]) -> str:
    """`` (tied with r2)`` when rows other than the one picked have the same ratio."""
    others = outputs.get("tied")
    if not isinstance(others, list) or not others:
        return ""
    return f" (tied with {', '.join(map(str, others))})"


def of_totals(spec: Spec, value: Any, outputs: dict[str, Any], where: str, tied: list[Any]) -> str:
    """The answer to a ratio of totals: for each group (ranked when asked), or overall."""
    amount, divisor = spec.columns[:2]
    d = spec.rounding
    over = defined_over(amount, divisor, outputs.get("counts"))
    name = f"{amount} per {divisor}"
    if not spec.group_by:
        text = (
            f"The {name}{where} is {fmt(value, d)}: total {amount} / total {divisor} "
            f"(the ratio of the totals), {over}."
        )
        return text + _average(spec, value, outputs)
    by = " and ".join(spec.group_by)
    each = f"total {amount} / total {divisor} of each {by}"
    if spec.variant == "which":
        order = "lowest" if spec.ascending else "highest"
        also = f" (tied with {', '.join(map(str, tied))})" if tied else ""
        best = fmt(outputs.get("best"), d)
        named = ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else value
        return (
            f"{named}{also} has the {order} {name}{where}: {best} ({each}; the full "
            f"ranking is in the table), {over}."
        )
    if spec.variant == "top" and isinstance(value, list):
        table = outputs.get("table")
        pairs = [f"{k} ({fmt(v, d)})" for k, v in (table.items() if table is not None else [])]
        order = "Bottom" if spec.ascending else "Top"
        return f"{order} {len(value)} {by} by {name}{where}: {', '.join(pairs)} ({each}), {over}."
    if isinstance(value, dict) and any(isinstance(v, dict) for v in value.values()):
        shown = "in the table"  # by two groupings: a row per first, a column per second
    else:
        shown = listing(value, d) if isinstance(value, dict) else fmt(value, d)
    return f"For each {by}{where}, {name} is total {amount} / total {divisor} of its rows: {shown}; {over}."


def _average(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    """An "average" answered by the ratio of totals, said as such (module docstring)."""
    if "mean" not in spec.aggs:
        return ""
    amount, divisor = spec.columns[:2]
    said = (
        f" As the average {amount} per {divisor} I give the ratio of the totals (the usual "
        "definition: each row weighs by its "
        f"{divisor})"
    )
    row_mean = outputs.get("row_mean")
    if not isinstance(row_mean, (int, float)) or not isinstance(value, (int, float)):
        return said + "."
    if math.isclose(row_mean, value, rel_tol=_SAME, abs_tol=_SAME):
        return said + f"; the mean of each row's {amount} / {divisor} is the same."
    return said + (
        f"; the mean of each row's {amount} / {divisor}, which weighs every row alike, "
        f"is {fmt(row_mean, spec.rounding)}."
    )
