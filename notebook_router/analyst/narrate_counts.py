"""The answers of :mod:`.codegen_counts`, each naming how it counted: which things, by
which column, against which bound, and how ties were taken."""

from __future__ import annotations

from typing import Any

from notebook_router.analyst.narrate import where
from notebook_router.analyst.nth_ranks import ordinal
from notebook_router.analyst.spec import Spec
from notebook_router.analyst.values import fmt

_BOUND_WORDS = {">": "more than", ">=": "at least", "<": "fewer than", "<=": "at most"}
_SHOWN = 10


def tell_entity_counts(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    """ "2 name values stand on more than 1 row each: Ann (3 rows), Bob (2 rows)"."""
    column, w = spec.columns[0], where(spec.filters)
    bound = f"{_BOUND_WORDS.get(spec.method, 'exactly')} {fmt(spec.threshold)}"
    rows = "row" if spec.threshold == 1 else "rows"
    pairs = _pairs(outputs.get("table"))
    definition = (
        f"each {column} value counted once, by its number of rows{w} ({bound}); "
        f"{fmt(outputs.get('counts'))} {column} values in all"
    )
    if spec.variant == "count":
        listed = f": {pairs}" if pairs else ""
        values = "value has" if value == 1 else "values have"
        return f"{fmt(value)} {column} {values} {bound} {rows} each{listed} ({definition})."
    if not value:
        return f"No {column} value has {bound} {rows}{w} ({definition})."
    return f"The {column} values with {bound} {rows} each: {pairs} ({definition})."


def _pairs(table: Any) -> str:
    if table is None or not hasattr(table, "items"):
        return ""
    items = list(table.items())
    shown = ", ".join(f"{k} ({fmt(v)} {'row' if v == 1 else 'rows'})" for k, v in items[:_SHOWN])
    return shown + (", ..." if len(items) > _SHOWN else "")


def tell_nth(spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    """The n-th value, most common value or group, with how ties were taken."""
    place, order = ordinal(spec.n or 1), "lowest" if spec.ascending else "highest"
    w, size = where(spec.filters), outputs.get("size")
    if spec.variant == "group":
        subject = _grouped_subject(spec)
        if value is None:
            return f"There is no {place} {spec.group_by[0]}: only {fmt(size)} groups{w}."
        return (
            f"{value} has the {place} {order} {subject}{w}: {fmt(outputs.get('best'), spec.rounding)}"
            f"{_tie(value, outputs)} (the full ranking is in the table)."
        )
    column = spec.columns[0]
    if spec.variant == "mode":
        common = "least common" if spec.ascending else "most common"
        if value is None:
            return f"There is no {place} {common} {column}: only {fmt(size)} values{w}."
        held = outputs.get("best")
        return (
            f"The {place} {common} {column}{w} is {value}, on {fmt(held)} "
            f"{'row' if held == 1 else 'rows'}"
            f"{_tie(value, outputs)} (the full counts are in the table)."
        )
    if value is None:
        return f"There is no {place} {order} {column}: only {fmt(size)} distinct values{w}."
    before = ", ".join(fmt(v, spec.rounding) for v in outputs.get("above") or [])
    side = "below" if spec.ascending else "above"
    return (
        f"The {place} {order} distinct value of {column}{w} is {fmt(value, spec.rounding)} "
        f"(each value counted once however many rows hold it; {side} it: {before})."
    )


def _tie(value: Any, outputs: dict[str, Any]) -> str:
    """A note when the n-th figure is shared with a neighbour, so the place is a tie."""
    table, best = outputs.get("table"), outputs.get("best")
    if table is None or best is None or not hasattr(table, "tolist"):
        return ""
    tied = [str(k) for k, v in table.items() if v == best and k != value]
    return f" (tied with {', '.join(tied)}; a tie is placed in the table's order)" if tied else ""


def _grouped_subject(spec: Spec) -> str:
    agg = spec.aggs[0] if spec.aggs else "size"
    if agg in ("size", "count") and not spec.columns:
        return "number of rows"
    return f"{agg} of {spec.columns[0]}" if spec.columns else f"{agg}"
