"""Counting the things an id column names: "how many patients are there?" over visits
(``patient_id`` repeating) is the number of distinct patients, not of visits; the rows'
own noun ("how many visits") still counts rows."""

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


def _visits() -> pd.DataFrame:
    rng = np.random.default_rng(3)
    return pd.DataFrame({"patient_id": rng.integers(1, 25, 60), "clinic": rng.integers(1, 4, 60)})


def _orders() -> pd.DataFrame:
    rng = np.random.default_rng(8)
    return pd.DataFrame({"customer_id": rng.integers(100, 140, 90), "amount": rng.random(90) * 40})


def test_patients_counted_once_each() -> None:
    df = _visits()
    out = _ask("how many patients are there?", {"visits": df})
    assert out.status == "fulfilled"
    assert _numbers(out) == [float(df.patient_id.nunique())]


def test_customers_counted_once_each() -> None:
    df = _orders()
    out = _ask("how many customers are there?", {"orders": df})
    assert out.status == "fulfilled"
    assert _numbers(out) == [float(df.customer_id.nunique())]


def test_the_rows_own_noun_counts_rows() -> None:
    df = _visits()
    out = _ask("how many visits are there?", {"visits": df})
    assert _numbers(out) == [float(len(df))]


def test_an_id_with_one_row_each_counts_the_rows_as_sure() -> None:
    # loan_id holds one value per row: the rows are the loans, and the count is sure
    loans = pd.DataFrame(
        {
            "loan_id": range(5001, 5013),
            "returned": [True, False] * 6,
            "genre": ["KIDS", "SCI", "ART"] * 4,
        }
    )
    out = _ask("how many loans have not been returned yet?", {"loans": loans})
    assert out.status == "fulfilled", out.text
    assert _numbers(out) == [6.0]
    out = _ask("how many loans were not KIDS books?", {"loans": loans})
    assert out.status == "fulfilled", out.text
    assert _numbers(out) == [8.0]
