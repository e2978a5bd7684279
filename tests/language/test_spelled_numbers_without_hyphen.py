"""A tens word then a units word is one number with or without the hyphen: "thirty five"
is 35 as surely as "thirty-five", never the 30 of its first word. Any other pair of
number words stays two numbers: "thirty or forty", "between four and six".
"""

from __future__ import annotations

import re

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from notebook_router.language.numbers import number, spell_digits

_CUE = re.compile(r"\b(?:than|over|under|between|and|or|least)\s+$")


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("taller than thirty five cm", "taller than 35 cm"),
        ("older than forty two", "older than 42"),
        ("over ninety nine thousand", "over 99 thousand"),
        ("more than one hundred twenty five", "more than 125"),
        ("between four and six", "between 4 and 6"),
        ("under thirty or forty", "under 30 or 40"),
        ("at least twenty, five of them", "at least 20 , five of them"),
    ],
)
def test_a_compound_without_hyphen_is_written_whole(text: str, digits: str) -> None:
    written = spell_digits(text, _CUE)
    assert len(written) == len(text)
    assert re.sub(r"\s+", " ", written).strip() == digits


def test_number_reads_a_compound_without_hyphen() -> None:
    assert number("forty two") == 42.0
    assert number("Thirty Five") == 35.0


def _people() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "name": list("abcdefg"),
            "height_cm": [30.0, 36.0, 40.0, 34.0, 35.5, 50.0, 31.0],
            "age": [30, 41, 43, 42, 50, 20, 44],
        }
    )


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {"order": list("abcdef"), "weight_kg": [20, 22, 25, 21, 29, 30], "qty": [1, 2, 3, 4, 5, 6]}
    )


def test_bounds_said_without_hyphen_on_people() -> None:
    d = _people()
    a = analyse("how many people are taller than thirty five cm?", {"people": d})
    assert a.value == int((d.height_cm > 35).sum())
    assert "35" in a.text
    a = analyse("how many people are older than forty two?", {"people": d})
    assert a.value == int((d.age > 42).sum())


def test_bounds_said_without_hyphen_on_orders() -> None:
    d = _orders()
    a = analyse("how many orders weigh more than twenty one kg?", {"orders": d})
    assert a.value == int((d.weight_kg > 21).sum())
    a = analyse("average qty of orders with weight_kg under twenty five", {"orders": d})
    assert a.value == pytest.approx(float(d[d.weight_kg < 25].qty.mean()))
