"""A later count said with no noun at all counts the same rows, in its own place.

"how many Electronics SKUs in Newark and how many in Reno?" was answered as two counts,
the second of every Reno row: "Electronics" was dropped. A later part that opens a count
straight into a preposition ("how many in Reno", "how many at Reno") names nothing to
count: it counts what the part before it counted, in another place. When the later part
sets a column the earlier part set (Reno for Newark, or "that are not Toys" for Toys),
that condition replaces the earlier one and every other condition of the earlier part
carries to it; a later part that only adds a condition of its own ("and how many with a
price above 10?") says no place of the earlier count's and carries nothing. The answer
text names each count's conditions, so the carried ones are said.
"""

from __future__ import annotations

from dataclasses import replace

from notebook_router.analyst.spec import Spec
from notebook_router.language.counts import count_with_no_noun


def elliptic_count(earlier: Spec, part: str, spec: Spec) -> Spec | None:
    """``spec`` (of ``part``) with the conditions of ``earlier`` it does not set itself,
    when ``part`` is a count with no noun of its own ("and how many in Reno"); None when
    it is not such a count."""
    if earlier.frame != spec.frame or earlier.op != "count" or spec.op != "count":
        return None
    if not count_with_no_noun(part):
        return None  # "how many Tools items ...", "how many were ..." (a noun, or a verb)
    own = {f.column for f in (*spec.filters, *spec.measure)}
    # a count's counted condition ("how many survived in class 1") is a condition on its
    # rows as much as a filter is: "and how many in class 3" counts survivors there too
    conditions = (*earlier.filters, *earlier.measure)
    if not own & {f.column for f in conditions}:
        return None  # "... and how many with a price above 10?": no place of its own
    carried = tuple(f for f in conditions if f.column not in own)
    if not carried:
        return None
    return replace(spec, filters=(*carried, *spec.filters))
