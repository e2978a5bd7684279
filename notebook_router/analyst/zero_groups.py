"""Which groups a count per group shows with a 0: the groups none of whose rows were counted.

A condition splits in two kinds. One picks the rows *counted* in each group ("for each
firm, in how many years was invest above 130?"): a firm with no such year is a 0, and
"which firm had the fewest" must see it. The other picks the *population* the groups are
drawn from ("count of samples per area within Southern Italy", "items per country, only
blue ones"): a group with no row in it is not part of the answer, as pandas' own
``groupby`` of the filtered rows gives it. Thresholds, ranges and "recorded"/"missing"
count; a value named (``==``, ``isin``, dates, text) draws the population.

Two cases show every group with its 0 unless the groups nest in the value's column (every
group's rows hold one value of it, over the whole table: areas in a region, stores that
are online or not): a ranking fewest first ("which city has the fewest cancelled
orders?": a city with none is the answer) and a side of a yes/no column ("how many
smokers per clinician?"). Nested, only the groups drawn are shown.
"""

from __future__ import annotations

from notebook_router.analyst.spec import Filter, Scalar, Spec
from notebook_router.language.tables import table

_COUNTED_OPS = frozenset({">", ">=", "<", "<=", "between", "outside", "present", "absent"})
_YES_NO = frozenset(w for side in ("yes", "no") for w in table("analysis")["conditions"][side])


def counted_yes_no(s: Spec, f: Filter) -> bool:
    """Whether ``f`` picks the side of a yes/no column (True/False, 0/1, "yes"/"no") that
    is what is counted ("how many *smokers* per clinician", :attr:`.Spec.counted`): a 0
    for each group with none, unless the groups nest in it (``online`` stores)."""
    if f.column not in s.counted:
        return False
    value = f.value
    if f.op not in ("==", "!=") or isinstance(value, tuple):
        return False
    if isinstance(value, bool) or (isinstance(value, int | float) and value in (0, 1)):
        return True
    return isinstance(value, str) and value.strip().lower() in _YES_NO


def _counts_per_group(s: Spec) -> bool:
    return bool(s.filters) and len(s.group_by) == 1 and s.aggs[:1] in (("size",), ("count",))


def fewest_first(s: Spec) -> bool:
    """Whether the groups are ranked fewest first, where a 0 can be the answer."""
    return s.variant in ("which", "top") and s.ascending


def population(s: Spec) -> tuple[Filter, ...]:
    """The conditions, off the grouped column, that draw the rows the groups come from."""
    key = s.group_by[0]
    return tuple(f for f in s.filters if f.column != key and f.op not in _COUNTED_OPS)


def asked_values(s: Spec) -> list[Scalar]:
    """The values of the one group-by column an isin condition asked for, else none."""
    if len(s.group_by) != 1:
        return []
    for f in s.filters:
        if f.column == s.group_by[0] and f.op == "isin" and isinstance(f.value, tuple):
            return list(f.value)
    return []


def shows_zero_groups(s: Spec) -> bool:
    """Whether a count per group adds a 0 for each group none of whose rows were counted
    (each group named, "for A and for B", gets its 0)."""
    if not _counts_per_group(s) or (s.variant in ("which", "top") and not s.ascending):
        return False
    if asked_values(s):
        return True
    key = s.group_by[0]
    if any(f.column == key for f in s.filters):  # "per year since 2015": the others not asked
        return False
    counted = any(f.column != key and f.op in _COUNTED_OPS for f in s.filters)
    return counted or fewest_first(s) or any(counted_yes_no(s, f) for f in population(s))


def keeps_whole(s: Spec) -> bool:
    """Whether the code keeps the rows before the conditions, to find the groups of the
    population that none of the counted rows fall in."""
    return shows_zero_groups(s) and not asked_values(s) and bool(population(s))
