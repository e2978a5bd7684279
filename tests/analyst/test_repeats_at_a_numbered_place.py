"""A bound on rows per thing at a place named by a number: "how many patients had more than
one visit to clinic 2?" counts the patients with two rows or more where clinic == 2. A
number column's figures are no value mentions, so the column before its figure is read as
the condition it is, never as a measure that drops the bound."""

from __future__ import annotations

import asyncio

import numpy as np
import pandas as pd

from notebook_router import Router
from tests.trust_eval.harness import RunOutcome, outcome_of


def _ask(question: str, frames: dict[str, pd.DataFrame]) -> RunOutcome:
    return outcome_of(asyncio.run(Router(data=frames, memory=True).run(question)))


def _numbers(out: RunOutcome) -> list[float]:
    return [float(v) for v in out.values if isinstance(v, (int, float, np.number))]


def _repeaters(df: pd.DataFrame, who: str, where: str, value: int) -> int:
    counts = df[df[where] == value][who].value_counts()
    return int((counts > 1).sum())


def test_patients_with_more_than_one_visit_to_a_numbered_clinic() -> None:
    rng = np.random.default_rng(3)
    df = pd.DataFrame(
        {
            "visit_id": range(60),
            "patient_id": rng.integers(1, 25, 60),
            "clinic": rng.integers(1, 4, 60),
        }
    )
    out = _ask("how many patients had more than one visit to clinic 2?", {"visits": df})
    assert out.status == "fulfilled"
    assert _repeaters(df, "patient_id", "clinic", 2) in _numbers(out)
    assert int((df.clinic == 2).sum()) not in _numbers(out)


def test_customers_with_more_than_one_order_at_a_numbered_store() -> None:
    rng = np.random.default_rng(11)
    df = pd.DataFrame(
        {
            "order_id": range(80),
            "customer_id": rng.integers(1, 30, 80),
            "store": rng.integers(1, 5, 80),
            "amount": rng.random(80) * 50,
        }
    )
    out = _ask("how many customers had more than one order at store 3?", {"orders": df})
    assert out.status == "fulfilled"
    assert _repeaters(df, "customer_id", "store", 3) in _numbers(out)
