"""A bound that landed on an identifier column the question never named.

"how many patients aged between 30 and 50?", "patients who stayed at most 3 days": the
noun "patients" links to ``patient_id`` (it names the rows), and the rules that read a
bound after a column's word put the number on the id. A row's id is never what a
question measures unless the user says the id itself ("patient id over 1005"), so such
a bound is taken back and named as not applied: the answer is partial, never the count
of ids over 30.
"""

from __future__ import annotations

from notebook_router.analyst.number_owners import is_identifier
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut

_BOUNDS = frozenset({">", ">=", "<", "<=", "between"})
_NAMED = frozenset({"name", "words"})
"""How a mention says the column itself ("patient_id", "patient id"), not its rows."""


def unsaid_id_bounds(r: Reading, filters: list[Filter]) -> list[Filter]:
    """``filters`` without bounds on an id column the question did not name; each one
    taken back is added to ``r.unapplied``."""
    kept: list[Filter] = []
    for f in filters:
        if f.op in _BOUNDS and is_identifier(f.column) and not _named(r, f.column):
            said = _said(f)
            why = (
                f"not a bound on {f.column}, which identifies the rows; "
                "name the column it applies to"
            )
            r.unapplied.append(LeftOut(said, why))
            continue
        kept.append(f)
    return kept


def bounds_on_flags(r: Reading, filters: list[Filter]) -> list[Filter]:
    """``filters`` without a bound past 0 and 1 on a yes/no column ("finished under 4
    hours" is no bound on ``finished``): each one taken back is named in ``r.unapplied``."""
    kept: list[Filter] = []
    for f in filters:
        values = f.value if isinstance(f.value, tuple) else (f.value,)
        past = any(isinstance(v, (int, float)) and v not in (0, 1) for v in values)
        if f.op in _BOUNDS and r.kind(f.column) == "binary" and past:
            why = f"not a bound on {f.column}, which holds yes or no; name the column it applies to"
            r.unapplied.append(LeftOut(_said(f), why))
            continue
        kept.append(f)
    return kept


def _named(r: Reading, column: str) -> bool:
    return any(m.column == column and m.how in _NAMED for m in r.mentions)


def _said(f: Filter) -> str:
    if f.op == "between" and isinstance(f.value, tuple) and len(f.value) == 2:
        return f"between {_figure(f.value[0])} and {_figure(f.value[1])}"
    return f"{f.op} {_figure(f.value)}"


def _figure(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
