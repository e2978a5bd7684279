"""Amounts held as text (a CSV's "$1,234.50", "€80", "1,200.00 EUR", "(45.00)") are read
as numbers: the schema calls the column a number, the code parses it once first, so a
total, a mean, a top N and a bound ("over $500") are figures of numbers, and the answer
says the column was read from text. Amounts in several currencies are never added up.
Text that only holds digits (ids, phone numbers, versions, postcodes, percentages) is
never read as an amount. Each table is a small stand-in built here.
"""

from __future__ import annotations

import asyncio
import warnings

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from notebook_router.analyst import analyse
from notebook_router.analyst.schema import schema_of
from tests.trust_eval.harness import outcome_of


def _claims() -> pd.DataFrame:
    """Dollars with a sign, thousands separators and a negative in parentheses."""
    return pd.DataFrame({
        "claim_id": [f"EC-{i}" for i in range(1, 9)],
        "employee": ["Ann", "Bob", "Ann", "Cy", "Bob", "Dee", "Cy", "Ann"],
        "category": ["Travel", "Meals", "Travel", "Travel", "Meals", "Office", "Meals", "Office"],
        "amount": ["$1,477.53", "$68.49", "$2,191.80", "$616.62", "($45.00)", "$205.93",
                   "$890.44", None],
    })  # fmt: skip


def _invoices() -> pd.DataFrame:
    """Euros written with a code after the figure, a minus before it."""
    return pd.DataFrame({
        "client": ["Acme", "Bolt", "Acme", "Core", "Bolt", "Core", "Acme"],
        "total": ["1,200.00 EUR", "80 EUR", "2,500.50 EUR", "-45.00 EUR", "310.25 EUR",
                  "12,000 EUR", "99.99 EUR"],
        "paid": ["yes", "no", "yes", "yes", "no", "yes", "no"],
    })  # fmt: skip


def _numbers(text: pd.Series) -> pd.Series:
    """The amounts as a person would read them."""
    stripped = text.str.replace(r"[$,A-Z ]", "", regex=True)
    return pd.to_numeric(stripped.str.replace(r"^\((.*)\)$", r"-\1", regex=True))


def test_a_text_column_of_amounts_is_a_number_with_its_currency() -> None:
    claims = schema_of("t", _claims()).column("amount")
    assert claims.kind == "number" and claims.amounts is not None
    assert claims.amounts.currencies == ("USD",)
    invoices = schema_of("t", _invoices()).column("total")
    assert invoices.kind == "number" and invoices.amounts is not None
    assert invoices.amounts.unit == "EUR"


@pytest.mark.parametrize(
    ("column", "values"),
    [
        ("ref", ["A-1,234", "A-1,235", "B-2,001", "B-2,002"]),
        ("phone", ["555-0134", "555-0199", "555-0101", "555-0142"]),
        ("version", ["1.2.3", "1.2.10", "2.0.1", "2.1.0"]),
        ("postcode", ["02139", "10001", "94105", "02139"]),
        ("rate", ["12%", "7.5%", "30%", "12%"]),
        ("note", ["$1,200.00", "pending", "$80", "n/a"]),
        ("price", ["1.234,50 €", "80,00 €", "2.500,50 €", "9,99 €"]),
    ],
)
def test_text_that_is_no_amount_is_not_read_as_one(column: str, values: list[str]) -> None:
    frame = pd.DataFrame({column: values, "n": range(len(values))})
    described = schema_of("t", frame).column(column)
    assert described.kind != "number" and described.amounts is None
    answer = analyse(f"total {column}", {"t": frame})
    assert "read from text" not in answer.text
    assert "to_numeric" not in answer.code


@pytest.mark.parametrize(
    ("frame", "question", "expected"),
    [
        (_claims, "total amount", lambda f: _numbers(f.amount).sum()),
        (_claims, "average Travel amount", lambda f: _numbers(f.amount)[f.category == "Travel"].mean()),
        (_claims, "how many claims have amount over $500?", lambda f: int((_numbers(f.amount) > 500).sum())),
        (_claims, "lowest amount", lambda f: _numbers(f.amount).min()),
        (_invoices, "sum of total", lambda f: _numbers(f.total).sum()),
        (_invoices, "average total of paid rows", lambda f: _numbers(f.total)[f.paid == "yes"].mean()),
        (_invoices, "how many rows have total above 1,000?", lambda f: int((_numbers(f.total) > 1000).sum())),
    ],
)  # fmt: skip
def test_amounts_of_text_are_added_averaged_and_bounded_as_numbers(
    frame: object, question: str, expected: object
) -> None:
    table = frame()  # type: ignore[operator]
    a = analyse(question, {"t": table})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(expected(table)), (a.text, a.code)  # type: ignore[operator]
    assert "was read from text as numbers" in a.text
    assert "pd.to_numeric(" in a.code.splitlines()[0]


def test_the_top_groups_by_a_total_of_amounts_of_text() -> None:
    table = _claims()
    totals = _numbers(table.amount).groupby(table.employee).sum().nlargest(2)
    a = analyse("top 2 employees by total amount", {"t": table})
    assert a.status == "answered", a.text
    assert a.value == totals.index.tolist()
    invoices = _invoices()
    best = _numbers(invoices.total).groupby(invoices.client).sum().idxmax()
    b = analyse("which client has the highest total total?", {"t": invoices})
    assert b.value == best, b.text


def test_the_answer_names_the_currency_of_the_amounts() -> None:
    assert "in $" in analyse("total amount", {"t": _claims()}).text
    assert "in EUR" in analyse("sum of total", {"t": _invoices()}).text


def test_amounts_in_several_currencies_are_never_added_up() -> None:
    frame = pd.DataFrame(
        {"shop": ["N", "S", "N", "E"], "price": ["$10.00", "€20.00", "$5.50", "£7.00"]}
    )
    assert schema_of("t", frame).column("price").kind != "number"
    for question in ("total price", "total price by shop", "which shop has the highest price"):
        a = analyse(question, {"t": frame})
        assert a.status == "declined", a.text
        assert "USD, EUR, GBP" in a.text and "currencies" in a.text


def test_a_ranking_of_groups_with_no_column_measured_is_declined_not_a_crash() -> None:
    """A statistic of no named number column is a table per group, which no top N
    orders: the question is declined, never code that fails."""
    frame = pd.DataFrame({"employee": list("abcab"), "note": ["x y", "y z", "z", "q", "w"]})
    for question in ("top 3 employees by total note", "which employee has the highest total note"):
        a = analyse(question, {"t": frame})
        assert a.status == "declined", a.text
        assert "failed" not in a.text


def test_an_offline_router_answers_from_amounts_of_text() -> None:
    router = Router(data={"claims": _claims()}, memory=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = asyncio.run(router.run("top 2 employees by total amount claimed"))
    outcome = outcome_of(result)
    assert outcome.status == "fulfilled", outcome.text
    assert "Ann" in outcome.text and "Cy" in outcome.text
    assert "amount was read from text as numbers" in outcome.text
