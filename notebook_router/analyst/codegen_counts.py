"""Code for the counting readings that rank or bound what is counted: the things whose
number of rows meets a bound (``entity_counts``), and the n-th of a ranking (``nth``).

The n-th largest value is the n-th of the distinct values (ties counted once: the second
highest of 70, 70, 60 is 60), as "the second highest salary" asks; the n-th group or the
n-th most common value is the n-th of their ranking, and the narration names any tie.
"""

from __future__ import annotations

from notebook_router.analyst.codegen import Builder, Generator, Program
from notebook_router.analyst.codegen_ops import grouped_expr

_COMPARISONS = frozenset({">", ">=", "<", "<=", "=="})


def entity_counts(b: Builder) -> Program:
    s = b.spec
    column, op = s.columns[0], s.method if s.method in _COMPARISONS else ">"
    bound = int(s.threshold or 0)
    b.add(
        f"counts = {b.rows}.groupby({column!r}).size()",
        f"picked = counts[counts {op} {bound}].sort_values(ascending=False)",
    )
    if s.variant == "count":
        b.add("result = int(len(picked))")
        return b.program("int", {"table": "picked", "counts": "len(counts)"})
    b.add("result = picked.index.tolist()")
    return b.program("values", {"table": "picked", "counts": "len(counts)"})


def nth(b: Builder) -> Program:
    s = b.spec
    place = (s.n or 1) - 1
    if s.variant == "group":
        expr = grouped_expr(b, f"{b.rows}.groupby({s.group_by[0]!r})")
        b.add(f"ranked = {expr}.sort_values(ascending={s.ascending})")
        b.add(f"result = ranked.index[{place}] if len(ranked) > {place} else None")
        best = f"ranked.iloc[{place}] if len(ranked) > {place} else None"
        return b.program("label", {"table": "ranked", "best": best, "size": "len(ranked)"})
    if s.variant == "mode":
        b.add(f"ranked = {b.col(s.columns[0])}.value_counts(ascending={s.ascending})")
        b.add(f"result = ranked.index[{place}] if len(ranked) > {place} else None")
        best = f"ranked.iloc[{place}] if len(ranked) > {place} else None"
        return b.program("label", {"table": "ranked", "best": best, "size": "len(ranked)"})
    distinct = f"{b.col(s.columns[0])}.dropna().drop_duplicates()"
    b.add(f"ranked = {distinct}.sort_values(ascending={s.ascending})")
    b.add(f"result = ranked.iloc[{place}] if len(ranked) > {place} else None")
    return b.program("label", {"above": f"ranked.iloc[:{place}].tolist()", "size": "len(ranked)"})


GENERATORS: dict[str, Generator] = {"entity_counts": entity_counts, "nth": nth}
