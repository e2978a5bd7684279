"""Code for a group's or the whole table's amount per the unit a column holds ("fare
per km by city" with a ``distance_km`` column): the ratio of the totals.

Total amount / total divisor over the rows where the ratio is defined
(:mod:`.codegen_kept`), never the mean of each row's ratio, which a few short rows would
swing. Written once for pandas and Dask (:mod:`.engine_code`).
"""

from __future__ import annotations

from dataclasses import replace

from notebook_router.analyst.codegen import Builder, Program
from notebook_router.analyst.codegen_kept import kept_rows
from notebook_router.analyst.codegen_ops import keys, ranked
from notebook_router.analyst.engine_code import PANDAS, Engine
from notebook_router.analyst.zero_groups import asked_values


def ratio_of_totals(b: Builder, e: Engine = PANDAS) -> Program:
    """Total amount / total divisor over the kept rows: of each group (ranked when
    asked), or of them all (with the mean of the rows' own ratios beside it, which an
    "average" may have meant and which the answer names when it differs)."""
    s = b.spec
    amount, divisor = s.columns[:2]
    rows = kept_rows(b, e, amount, divisor)
    pair = f"[{[amount, divisor]!r}]"
    outputs = {"counts": "counts"}
    if s.group_by:
        summed = f"{rows}.groupby({keys(s.group_by)}){pair}.sum({e.args()})"
        b.add(f"totals = {e.computed(summed)}", f"ratio = totals[{amount!r}] / totals[{divisor!r}]")
        asked = asked_values(s)
        if asked:  # the sides compared, in the order said (one with no ratio shown as NaN)
            b.add(f"ratio = ratio.reindex({asked!r})")
        if len(s.group_by) > 1 and s.variant in ("", "sorted"):
            b.add("result = ratio.unstack()")  # one row per first group, a column per second
            program = b.program("frame")
        else:
            program = ranked(b, "ratio")  # (a pair of groups ranked as a pair)
        return replace(program, outputs={**program.outputs, **outputs})
    b.add(
        f"totals = {e.computed(f'{rows}{pair}.sum()')}",
        f"result = totals[{amount!r}] / totals[{divisor!r}]",
    )
    if "mean" in s.aggs:  # "the average fare per km": the other reading, named if it differs
        each = f"({b.col(amount, rows)} / {b.col(divisor, rows)})"
        b.add(f"row_mean = {e.computed(f'{each}.mean()')}")
        outputs["row_mean"] = "row_mean"
    return b.program("scalar", outputs)


GENERATORS = {"ratio_of_totals": ratio_of_totals}
