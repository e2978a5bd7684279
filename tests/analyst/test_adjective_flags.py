"""A yes/no column said as an adjective of the rows is a condition: "average fare of
delayed trips" keeps the trips whose ``delayed`` says yes, "non-disputed invoices" those
whose ``dispute_flag`` says no, and an adjective whose stem begins with the column's name
word ("disputed" of ``dispute_flag``) names it too. Never the statistic of every row.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _invoices() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "amount_due": [100.0, 250.0, 40.0, 900.0, 60.0],
            "dispute_flag": ["No", "Yes", "No", "Yes", "No"],
            "is_overdue": [True, False, True, True, False],
            "client": ["Acme", "Acme", "Bolt", "Bolt", "Bolt"],
        }
    )


def _trips() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "fare": [12.0, 30.0, 8.0, 55.0, 20.0, 14.0],
            "delayed": ["Y", "N", "N", "Y", "Y", "N"],
            "refunded": [0, 1, 0, 0, 1, 0],
        }
    )


@pytest.mark.parametrize(
    ("question", "column", "value", "agg"),
    [
        ("average amount due of disputed invoices", "dispute_flag", "Yes", "mean"),
        ("total amount due for non-disputed invoices", "dispute_flag", "No", "sum"),
        ("total amount due of overdue invoices", "is_overdue", True, "sum"),
        ("mean amount due of invoices that were not overdue", "is_overdue", False, "mean"),
    ],
)
def test_an_adjective_naming_a_yes_no_column_keeps_its_rows(
    question: str, column: str, value: object, agg: str
) -> None:
    d = _invoices()
    a = analyse(question, {"invoices": d})
    assert a.status == "answered"
    assert a.value == pytest.approx(float(d[d[column] == value].amount_due.agg(agg)))


@pytest.mark.parametrize(
    ("question", "column", "value", "agg"),
    [
        ("average fare of delayed trips", "delayed", "Y", "mean"),
        ("total fare of refunded trips", "refunded", 1, "sum"),
        ("median fare among trips that were delayed", "delayed", "Y", "median"),
    ],
)
def test_on_another_table(question: str, column: str, value: object, agg: str) -> None:
    d = _trips()
    a = analyse(question, {"trips": d})
    assert a.value == pytest.approx(float(d[d[column] == value].fare.agg(agg)))


def test_the_adjective_holds_within_groups() -> None:
    d = _invoices()
    a = analyse("average amount due of disputed invoices by client", {"invoices": d})
    assert a.value == d[d.dispute_flag == "Yes"].groupby("client").amount_due.mean().to_dict()


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("average amount due of suspicious invoices", "suspicious"),
        ("total fare of cheap trips", "cheap"),
    ],
)
def test_an_adjective_naming_no_column_is_reported_not_dropped(question: str, word: str) -> None:
    frames = {"invoices": _invoices()} if "invoices" in question else {"trips": _trips()}
    a = analyse(question, frames)
    assert a.status == "partial"
    assert any(word in said for said in a.left_out)


@pytest.mark.parametrize(
    "question", ["average amount due of invoices", "average amount due of invoices by client"]
)
def test_the_rows_noun_is_no_adjective(question: str) -> None:
    assert analyse(question, {"invoices": _invoices()}).status == "answered"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("average amount due for Bolt invoices excluding USD", 50.0),
        ("total amount due of Acme invoices", 350.0),
    ],
)
def test_words_after_a_read_value_are_no_adjective(question: str, expected: float) -> None:
    d = _invoices().assign(currency=["EUR", "USD", "EUR", "USD", "GBP"])
    a = analyse(question, {"invoices": d})
    assert a.status == "answered"
    assert a.value == pytest.approx(expected)
