"""The same statistic said twice, joined by "and": one answer per part, never one pooled.

"total gas kwh and total electric kwh" and "total gold in 2016 and total gold in 2020"
ask two figures: the same statistic of the same column, each part with a value of its
own. Read as one question they became one pooled figure (``meter_type in [gas,
electric]``) or none at all (``year == 2016 & year == 2020``, no row can be both).
:func:`same_statistic_parts` splits such a question where each part reads as the same
operation on the same columns with conditions on the same columns; the analyst then
answers each part. Parts that measure different things ("the mean mag and the mean
depth of quakes ...") or whose conditions are on different columns (a qualifier said
once may be meant for every part) are left to the whole question's reading, and
:func:`pooled_parts` flags a pooled or impossible reading of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from notebook_router.analyst.asked_about_again import asked_about_again
from notebook_router.analyst.each_value import each_value, pooled_said
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.schema import Schema
from notebook_router.analyst.spec import ColumnRef, Filter, LeftOut, Scalar, Spec
from notebook_router.language.clauses import (
    opening_statistic,
    shared_scope,
    statistic_parts,
    with_shared_scope,
)


def same_statistic_parts(
    question: str, frames: Mapping[str, Schema], default: str | None
) -> list[str] | None:
    """The parts of ``question`` when it asks the same statistic of the same columns in
    each, with its own values; None when it is one question."""
    from notebook_router.analyst.understand import understand  # understand imports this

    parts = _said_twice(question)
    if len(parts) < 2:
        return None
    parts = _shared_scope(parts, frames, default)
    specs = [understand(part, frames, default) for part in parts]
    readings = [s for s in specs if isinstance(s, Spec)]
    if len(readings) != len(specs):
        return None
    first = readings[0]
    alike = all(
        (s.op, s.frame, s.columns, s.aggs, s.group_by, s.derived)
        == (first.op, first.frame, first.columns, first.aggs, first.group_by, first.derived)
        and _condition_columns(s) == _condition_columns(first)
        for s in readings[1:]
    )
    distinct = len({(s.filters, s.measure) for s in readings}) == len(readings)
    return parts if alike and distinct and _condition_columns(first) else None


def different_statistic_parts(
    question: str, frames: Mapping[str, Schema], default: str | None
) -> list[str] | None:
    """The parts of ``question`` when each asks a different statistic of a column of its
    own ("the lowest wheat price and the highest wages"), which one reading pools into one
    statistic of both columns and leaves the other out; None when it is one question.

    Only when the whole question's reading leaves something out, and either no part has
    a condition of its own (a qualifier said once may be meant for every part) or every
    part has ("the heaviest Chinstrap body mass and the lightest Gentoo body mass")."""
    from notebook_router.analyst.understand import understand  # understand imports this

    parts = statistic_parts(question)
    opened = [opening_statistic(part) for part in parts]
    if len(parts) < 2 or None in opened or len(set(opened)) == 1:
        return None
    parts = _shared_scope(parts, frames, default)  # "..., for penguins on Biscoe"
    whole = understand(question, frames, default)
    if not isinstance(whole, Spec):
        return None
    specs = [understand(part, frames, default) for part in parts]
    own = [f for s in specs if isinstance(s, Spec) for f in s.filters]
    if not whole.left_out and not (own and all(isinstance(s, Spec) and s.filters for s in specs)):
        return None  # one reading of all parts, unless each part picks rows of its own
    if not all(
        isinstance(s, Spec)
        and s.op == "statistic"
        and len(s.columns) == 1
        and not (s.group_by or s.measure or s.left_out)
        for s in specs
    ):
        return None
    conditioned = [isinstance(s, Spec) and bool(s.filters) for s in specs]
    if not any(conditioned):
        return parts
    # each part its own rows, on the same columns: "the heaviest Chinstrap ... and the
    # lightest Gentoo ..."; a condition only one part has may be said once for all (at
    # the end with no comma: "... and the lightest Gentoo body mass on Biscoe"), which a
    # split would give to the last part alone
    columns = {frozenset(f.column for f in s.filters) for s in specs if isinstance(s, Spec)}
    if not all(conditioned):
        return None
    readings = [s for s in specs if isinstance(s, Spec)]
    return parts if len(columns) == 1 or said_for_the_last_only(readings) else None


def said_for_the_last_only(specs: list[Spec]) -> tuple[Filter, ...]:
    """The conditions only the last of several parts has, on columns no other part's
    conditions use, when every part picks its rows on the same columns otherwise: "the
    heaviest Chinstrap body mass and the lightest Gentoo body mass *on Biscoe*" may mean
    Biscoe for both. A split answers each part as said, and the answer names the doubt;
    one reading of the whole would pool the two species into one figure of each."""
    if len(specs) < 2 or not all(s.filters for s in specs):
        return ()
    earlier = {frozenset(f.column for f in s.filters) for s in specs[:-1]}
    if len(earlier) != 1:
        return ()
    shared = next(iter(earlier))
    last = specs[-1].filters
    extra = tuple(f for f in last if f.column not in shared)
    return extra if extra and shared <= {f.column for f in last} else ()


def _shared_scope(parts: list[str], frames: Mapping[str, Schema], default: str | None) -> list[str]:
    """``parts`` each with the scope said once after a comma at the end, unless that would
    change a condition a part said itself ("the total sales in the North and the average
    price, for the South": the South is the second part's, never North and South pooled
    in the first)."""
    from notebook_router.analyst.understand import understand  # understand imports this

    found = shared_scope(parts)
    if found is None:
        return parts
    bare, _ = found
    scoped = with_shared_scope(parts)
    for was, now in zip(
        (understand(p, frames, default) for p in bare),
        (understand(p, frames, default) for p in scoped),
        strict=True,
    ):
        if not isinstance(was, Spec) or not isinstance(now, Spec):
            return parts
        added = [f for f in now.filters if f not in was.filters]
        if any(f not in now.filters for f in was.filters):
            return parts
        if {f.column for f in was.filters} & {f.column for f in added}:
            return parts  # a second condition on a column the part picked its rows by
    return scoped


def _said_twice(question: str) -> list[str]:
    """The parts of ``question`` when each opens with the same statistic ("total ... and
    total ..."), else the question alone."""
    parts = statistic_parts(question)
    opened = {opening_statistic(part) for part in parts}
    return parts if len(opened) == 1 and None not in opened else [question]


def _condition_columns(spec: Spec) -> frozenset[str]:
    return frozenset(f.column for f in (*spec.filters, *spec.measure))


def pooled_parts(r: Reading, spec: Spec) -> Spec:
    """``spec`` answering each value where it asked rows to hold two values of one column
    at once ("total gold in 2016 and in 2020"), or with a note where it is one figure for
    a question that said its statistic more than once."""
    parts = _said_twice(r.question)
    per_value = each_value(r, spec) if len(parts) == 1 else None
    per_value = per_value or asked_about_again(r, spec)  # "in Newark, and what about Reno?"
    if per_value is not None:  # "for Albion and for Town": a figure each
        return per_value
    notes: list[LeftOut] = []
    impossible = _impossible(spec.filters)
    if impossible and pooled_said(r.text):
        # "overall average income of men and women": one figure over both, as asked
        column, values = impossible
        others = tuple(f for f in spec.filters if not (f.column == column and f.op == "=="))
        kept = tuple(g for g in spec.left_out if not g.said.startswith(f"{column} = "))
        return replace(spec, filters=(Filter(column, "isin", values), *others), left_out=kept)
    if impossible and spec.op == "statistic" and not spec.group_by and not spec.measure:
        # "total gold in 2016 and in 2020": one figure per value, as the parts ask
        column, values = impossible
        others = tuple(f for f in spec.filters if not (f.column == column and f.op == "=="))
        either = Filter(column, "isin", values)
        # each value its own group now: no row need hold both
        kept = tuple(g for g in spec.left_out if not g.said.startswith(f"{column} = "))
        return replace(spec, op="groupby", variant="", group_by=(column,),
                       filters=(either, *others), left_out=kept)  # fmt: skip
    if impossible:
        column, values = impossible
        said = " and ".join(str(v) for v in values)
        notes.append(LeftOut(said, f"no row has two values of {column}; each is a part of its own"))
    elif len(parts) > 1 and not spec.group_by and len(spec.columns) <= 1:
        # "average kwh for gas and average kwh for the Gym" read as one figure: the parts'
        # conditions pooled (in either) or joined (in both), whichever the reading took
        notes.extend(
            LeftOut(part, "asked as a part of its own, but the answer is one figure for all parts")
            for part in parts[1:]
        )
    if not notes:
        return spec
    return replace(spec, left_out=(*spec.left_out, *notes))


def _impossible(filters: tuple[Filter, ...]) -> tuple[str, tuple[Scalar, ...]] | None:
    """A column two equality conditions ask to hold two different values at once."""
    seen: dict[str, list[Scalar]] = {}
    for f in filters:
        if f.op == "==" and f.value is not None and not isinstance(f.value, (tuple, ColumnRef)):
            seen.setdefault(f.column, []).append(f.value)
    for column, values in seen.items():
        if len(set(map(str, values))) > 1:
            return column, tuple(dict.fromkeys(values))
    return None
