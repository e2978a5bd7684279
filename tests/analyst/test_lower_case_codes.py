"""A short upper-case code said in lower case ("hr" for the department HR, "ca" for the
state CA) is read only as written; the answer never drops it unsaid: it names the value it
did not apply. Written as the table holds it, the code is a condition as before.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.analyst.tables import department_salaries


def _stores() -> pd.DataFrame:
    return pd.DataFrame({"state": ["CA", "CA", "NY", "TX"], "revenue": [5, 7, 11, 13]})


@pytest.mark.parametrize(
    ("question", "frame", "word"),
    [
        ("average salary for eng and for hr", "staff", "hr"),
        ("average salary for hr", "staff", "hr"),
        ("total revenue of stores in ny", "stores", "ny"),
    ],
)
def test_code_said_in_lower_case_is_never_dropped_unsaid(
    question: str, frame: str, word: str
) -> None:
    d = department_salaries() if frame == "staff" else _stores()
    a = analyse(question, {frame: d})
    assert a.status == "partial", a.text
    assert any(f"“{word}”" in part for part in a.left_out), a.left_out


def test_code_written_as_held_is_applied() -> None:
    a = analyse("total revenue of stores in NY", {"stores": _stores()})
    assert a.status == "answered", a.text
    assert a.value == 11
