"""A later part that asks something else in another place: the earlier rows are named.

"how many Toys items in Newark and what is the average price in Reno?" asks a second,
different thing of Reno. Whether "Toys" still holds there is the asker's to say: it may
(the same items, another place) or not (every item in Reno). Neither is guessed. The
second figure is over what its own part says, and the answer names each condition of the
earlier part it did not apply ("Toys"), so the asker sees which reading was taken. Only
where the parts are parallel: the later part sets its own value of a column the earlier
part set (Reno for Newark) and leaves another of the earlier conditions unsaid.
"""

from __future__ import annotations

from dataclasses import replace

from notebook_router.analyst.code_check import describe
from notebook_router.analyst.spec import Filter, LeftOut, Spec


def unshared_conditions(earlier: Spec, spec: Spec) -> Spec:
    """``spec`` with a note naming each condition of ``earlier`` it did not apply, where
    it replaced another of ``earlier``'s conditions with one of its own."""
    if earlier.frame != spec.frame:
        return spec
    own = {f.column for f in (*spec.filters, *spec.measure)}
    replaced = [f for f in spec.filters if _replaces(f, earlier.filters)]
    unsaid = [f for f in earlier.filters if f.column not in own]
    if not replaced or not unsaid:
        return spec
    notes = tuple(
        LeftOut(
            _said(f),
            f"a condition of the earlier part ({describe(f)}), not applied to this part: "
            "say it again here if it holds",
        )
        for f in unsaid
    )
    return replace(spec, left_out=(*spec.left_out, *notes))


def _replaces(f: Filter, earlier: tuple[Filter, ...]) -> bool:
    """``f`` sets another value of a column an earlier equality set (Reno for Newark)."""
    return f.op == "==" and any(
        e.column == f.column and e.op == "==" and e.value != f.value for e in earlier
    )


def _said(f: Filter) -> str:
    return str(f.value) if f.op == "==" and not isinstance(f.value, tuple) else f.column
