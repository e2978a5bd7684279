""" "how many runners are not from Kenya or the US?": a negated value keeps the rows whose
value is known to be another one, and the answer is partial, saying how many had none.

pandas' ``~country.isin([...])`` and ``country != 'Kenya'`` are true where the country
is missing, so those rows were counted as "not from Kenya" although nothing says where
they are from. A careful analyst counts the rows with a known other country: the code
keeps ``country.notna()`` with such a condition (:func:`~.codegen.condition`). Whether
the question meant those rows is not said, so the answer is partial and names how many
were left out: under either reading it is never silent.
"""

from __future__ import annotations

from typing import Any

from notebook_router.analyst.spec import LeftOut, Spec

_NEGATED = ("!=", "notin")


def unknown_gaps(spec: Spec, frame: Any) -> tuple[LeftOut, ...]:
    """A gap for each negated condition whose column is missing on some rows: those rows
    are left out ("not from Kenya" says nothing of a runner with no country), and as the
    question does not say whether it meant them, the answer is partial and says how many
    they are (none for a frame that is not pandas)."""
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        return ()
    gaps: dict[str, LeftOut] = {}
    for f in (*spec.filters, *spec.measure):
        if f.op not in _NEGATED or f.column not in frame.columns:
            continue
        missing = int(frame[f.column].isna().sum())
        if missing:
            values = f.value if isinstance(f.value, tuple) else (f.value,)
            listed = " or ".join(str(v) for v in values)
            rows = "row has" if missing == 1 else "rows have"
            why = f"{missing} {rows} no {f.column}: left out, as they may hold {listed}"
            gaps.setdefault(listed, LeftOut(f"other than {listed}", why))
    return tuple(gaps.values())
