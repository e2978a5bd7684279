"""Schema linking by how much of a column's name the question says: a column whose words
are all said beats one sharing a stem with one word ("active ... months" is
``months_active``, not ``monthly_price_usd``); a short consonant form of a said word
links ("manufacturers" of ``mfr``); the words of a several-word synonym ("brand_name")
never link alone ("manufacturers" is no ``name`` column)."""

from __future__ import annotations

import asyncio

import numpy as np
import pandas as pd

from notebook_router import Router
from tests.trust_eval.harness import RunOutcome, outcome_of


def _ask(question: str, frames: dict[str, pd.DataFrame]) -> RunOutcome:
    return outcome_of(asyncio.run(Router(data=frames, memory=True).run(question)))


def _customers() -> pd.DataFrame:
    rng = np.random.default_rng(3)
    n = 40
    return pd.DataFrame(
        {
            "customer_id": range(n),
            "months_active": rng.integers(1, 30, n),
            "monthly_price_usd": rng.integers(5, 40, n),
        }
    )


def _stores() -> pd.DataFrame:
    rng = np.random.default_rng(5)
    n = 30
    return pd.DataFrame(
        {
            "weeks_open": rng.integers(1, 30, n),
            "weekly_sales": rng.integers(5, 40, n),
        }
    )


def test_a_column_whose_words_are_all_said_is_the_one_bounded() -> None:
    df = _customers()
    out = _ask("how many customers have been active for more than twelve months?", {"c": df})
    assert out.status == "fulfilled"
    assert int((df.months_active > 12).sum()) in out.values


def test_all_words_said_on_another_table() -> None:
    df = _stores()
    out = _ask("how many stores have been open for more than 10 weeks?", {"stores": df})
    assert out.status == "fulfilled"
    assert int((df.weeks_open > 10).sum()) in out.values


def _cereals() -> pd.DataFrame:
    rng = np.random.default_rng(3)
    return pd.DataFrame(
        {
            "name": [f"Cereal {i}" for i in range(30)],
            "mfr": rng.choice(list("GKNPQR"), 30),
            "fibre": rng.random(30) * 10,
        }
    )


def _orders() -> pd.DataFrame:
    rng = np.random.default_rng(9)
    return pd.DataFrame(
        {
            "name": [f"Order {i}" for i in range(40)],
            "dept": rng.choice(["toys", "books", "garden", "food"], 40),
            "qty": rng.integers(1, 50, 40),
        }
    )


def test_a_consonant_short_form_of_a_plural_links() -> None:
    df = _cereals()
    out = _ask("which 3 manufacturers have the highest average fibre?", {"cereals": df})
    top = df.groupby("mfr").fibre.mean().nlargest(3)
    assert out.status == "fulfilled"
    assert any(isinstance(v, list) and v == list(top.index) for v in out.values), out.values


def test_short_forms_of_department_and_quantity_link() -> None:
    df = _orders()
    out = _ask("which 2 departments have the highest total quantity?", {"orders": df})
    top = df.groupby("dept").qty.sum().nlargest(2)
    assert any(isinstance(v, list) and v == list(top.index) for v in out.values), out.values


def test_a_word_of_a_several_word_synonym_links_no_column_alone() -> None:
    from notebook_router.analyst.linking import partial_column
    from notebook_router.analyst.schema import schema_of

    schema = schema_of("cereals", _cereals().drop(columns="mfr"))
    assert partial_column("manufacturers", schema) is None
    assert partial_column("makers", schema) is None
