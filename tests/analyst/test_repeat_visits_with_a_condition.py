""" "How many patients visited clinic N more than once?" counts repeats within clinic N.

A bound on how many rows each thing has, said with a condition on the rows that names its
column before its value ("clinic N"), was read as a count of distinct things with the
bound dropped, marked complete. The column said before its own value is a condition, not a
measure, so the bound is kept. Each expected figure is plain pandas.

Guard (right before this reading too): the bound with no condition.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router


def _visits() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "patient": ["p1", "p2", "p1", "p3", "p2", "p1", "p4", "p3", "p3"],
            "clinic": ["N", "S", "N", "S", "N", "S", "N", "S", "S"],
        }
    )


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "customer": ["ann", "bob", "ann", "cid", "bob", "ann", "cid", "bob"],
            "store": ["east", "west", "east", "east", "west", "west", "east", "east"],
        }
    )


@pytest.mark.parametrize(
    ("name", "make", "question", "column", "rows", "more_than"),
    [
        ("visits", _visits, "How many patients visited clinic N more than once?", "patient",
         lambda f: f.clinic == "N", 1),
        ("visits", _visits, "how many patients visited clinic S more than twice?", "patient",
         lambda f: f.clinic == "S", 2),
        ("orders", _orders, "how many customers ordered from store east more than once?",
         "customer", lambda f: f.store == "east", 1),
        # guard
        ("visits", _visits, "how many patients visited more than once?", "patient",
         lambda f: f.clinic.notna(), 1),
    ],
)  # fmt: skip
def test_a_bound_on_repeats_keeps_the_condition_on_the_rows(
    name: str, make: object, question: str, column: str, rows: object, more_than: int
) -> None:
    frame = make()  # type: ignore[operator]
    kept = frame[rows(frame)]  # type: ignore[operator]
    expected = int((kept[column].value_counts() > more_than).sum())
    result = Router(data={name: frame}).run_sync(question)
    assert result.completed, result.answer
    task = result.tasks[0]
    assert task.status == "fulfilled", result.answer
    assert result.results[task.id].value == expected, result.answer
