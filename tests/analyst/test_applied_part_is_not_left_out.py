"""A clause joined by "and" whose condition the answer already applies is no part left
out: "how many employees are older than 30 and make over $90,000 a year?" counts the rows
with both bounds, and is complete.

Before, the second clause could not be read on its own, and since it names no column the
answer was called partial, naming "make over $90,000 a year?" as not answered, although
its bound (salary > 90000) was applied. The table is a small stand-in built here; every
expected figure is plain pandas.
"""

from __future__ import annotations

import pytest

from notebook_router.analyst import analyse
from tests.analyst.tables import ages_and_salaries


@pytest.mark.parametrize(
    "question",
    [
        "how many employees are older than 30 and make over $90,000 a year?",
        "how many employees are over 30 and make over $90,000?",
    ],
)
def test_a_clause_whose_bound_is_applied_is_answered(question: str) -> None:
    df = ages_and_salaries()
    a = analyse(question, {"employees": df})
    assert a.status == "answered", a.left_out
    assert a.value == len(df[(df["age"] > 30) & (df["salary"] > 90000)])
