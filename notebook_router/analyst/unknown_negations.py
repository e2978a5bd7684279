""" "how many runners are not from Kenya or the US?": a negated value keeps the rows whose
value is known to be another one, and the answer says how many rows had none.

pandas' ``~country.isin([...])`` and ``country != 'Kenya'`` are true where the country
is missing, so those rows were counted as "not from Kenya" although nothing says where
they are from. A careful analyst counts the rows with a known other country: the code
keeps ``country.notna()`` with such a condition (:func:`~.codegen.condition`), and the
answer names the rows left out this way, so the reading is never silent.
"""

from __future__ import annotations

from typing import Any

from notebook_router.analyst.spec import Spec

_NEGATED = ("!=", "notin")


def unknown_note(spec: Spec, frame: Any) -> str:
    """A sentence naming the rows a negated condition left out because its column is
    missing there ('' when none is, or for a frame that is not pandas)."""
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        return ""
    said = []
    for f in (*spec.filters, *spec.measure):
        if f.op not in _NEGATED or f.column not in frame.columns:
            continue
        missing = int(frame[f.column].isna().sum())
        if missing:
            values = f.value if isinstance(f.value, tuple) else (f.value,)
            listed = " or ".join(str(v) for v in values)
            rows = "row has" if missing == 1 else "rows have"
            said.append(
                f"{missing} {rows} no {f.column} and are not counted as other than {listed}"
            )
    if not said:
        return ""
    return f"({'; '.join(dict.fromkeys(said))}.)"
