"""What text is an amount ("$1,234.50", "€80", "1,200.00 USD", "(45.00)") and what text
only holds digits (an id, a phone number, a version, a postcode, a percentage, a decimal
comma), read by the language layer for the analyst's schema."""

from __future__ import annotations

import pytest

from notebook_router.language.amounts import Amount, amount_texts, read_amount


@pytest.mark.parametrize(
    ("text", "value", "currency"),
    [
        ("$1,234.50", 1234.5, "USD"),
        ("€80", 80.0, "EUR"),
        ("80 €", 80.0, "EUR"),
        ("1,200.00 USD", 1200.0, "USD"),
        ("GBP 3,000", 3000.0, "GBP"),
        ("(45.00)", -45.0, ""),
        ("($45.00)", -45.0, "USD"),
        ("-$45.00", -45.0, "USD"),
        ("$-45", -45.0, "USD"),
        ("US$12", 12.0, "USD"),
        ("12,000", 12000.0, ""),
        ("0.5", 0.5, ""),
    ],
)
def test_an_amount_is_read_with_its_sign_and_currency(
    text: str, value: float, currency: str
) -> None:
    amount = read_amount(text)
    assert isinstance(amount, Amount)
    assert (amount.value, amount.currency) == (value, currency)


@pytest.mark.parametrize(
    "text",
    ["A-1,234", "555-0134", "(555) 013-4000", "1.2.3", "02139", "02139-4307", "12%",
     "1.234,50", "1,23", "$1,2345", "(-45)", "usd 5", "$80 USD", "2024-01-05", "12 apples", ""],
)  # fmt: skip
def test_text_that_only_holds_digits_is_no_amount(text: str) -> None:
    assert read_amount(text) is None


def test_a_column_is_amounts_only_when_every_value_is_one_and_some_are_marked() -> None:
    assert amount_texts(["$1,200.00", "$80", "(45.00)"]) is not None
    assert amount_texts(["$1,200.00", "n/a"]) is None  # mixed text is not money
    assert amount_texts(["120", "80"]) is None  # bare digits as text: a code's
    assert amount_texts([]) is None


def test_the_currencies_of_a_column_are_named_and_several_are_mixed() -> None:
    one = amount_texts(["€1,200.00", "€80", "95"])
    assert one is not None and one.currencies == ("EUR",) and one.unit == "€" and not one.mixed
    several = amount_texts(["$10.00", "€20.00", "£7.00"])
    assert several is not None and several.mixed
    assert several.currencies == ("USD", "EUR", "GBP")
