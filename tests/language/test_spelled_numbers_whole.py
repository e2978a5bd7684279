"""A number said in words is read whole: "one hundred and eighty" is 180, never the 100
of its first two words; "twenty-five", "a thousand", "two and a half" likewise. "and"
joins only after a scale word or before "a half": "between four and six" stays two
numbers. Positions keep, so spans found in the digit text line up with the words.
"""

from __future__ import annotations

import re

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from notebook_router.language.numbers import number, spell_digits, spelled_value

_CUE = re.compile(r"\b(?:than|over|under|between|and|least)\s+$")


@pytest.mark.parametrize(
    ("words", "value"),
    [
        ("one hundred and eighty", 180.0),
        ("twenty-five", 25.0),
        ("a thousand", 1000.0),
        ("two and a half", 2.5),
        ("one thousand two hundred and five", 1205.0),
        ("a hundred and ten", 110.0),
    ],
)
def test_spelled_numbers_have_their_whole_value(words: str, value: float) -> None:
    assert spelled_value(words) == value


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("taller than one hundred and eighty cm", "taller than 180 cm"),
        ("older than twenty-five", "older than 25"),
        ("over two and a half", "over 2.5"),
        ("between four and six", "between 4    and 6"),
        ("between one hundred and two hundred", "between 100         and 200"),
        ("over a million", "over 1 million"),
        ("more than one", "more than one"),
    ],
)
def test_spelled_numbers_are_written_as_digits_in_place(text: str, digits: str) -> None:
    written = spell_digits(text, _CUE)
    assert len(written) == len(text)
    assert re.sub(r"\s+", " ", written).strip() == re.sub(r"\s+", " ", digits)


def test_number_reads_a_compound() -> None:
    assert number("twenty-five") == 25.0
    assert number("Five") == 5.0


def _people() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "name": list("abcdefgh"),
            "height_cm": [150, 170, 178, 182, 190, 181, 165, 200],
            "age": [20, 26, 30, 24, 40, 25, 33, 19],
        }
    )


def _products() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "sku": list("abcdef"),
            "price": [500, 1200, 999, 1500, 2600, 80],
            "stock": [3, 30, 2, 26, 10, 0],
        }
    )


def test_a_bound_in_words_on_people() -> None:
    d = _people()
    a = analyse("how many people are taller than one hundred and eighty cm", {"people": d})
    assert a.value == int((d.height_cm > 180).sum())
    a = analyse("average height of people older than twenty-five", {"people": d})
    assert a.value == pytest.approx(float(d[d.age > 25].height_cm.mean()))


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how many products cost more than a thousand", lambda d: (d.price > 1000).sum()),
        (
            "how many products cost more than one thousand two hundred",
            lambda d: (d.price > 1200).sum(),
        ),
        ("how many products have stock under two and a half", lambda d: (d.stock < 2.5).sum()),
    ],
)
def test_a_bound_in_words_on_products(question: str, expected: object) -> None:
    d = _products()
    a = analyse(question, {"products": d})
    assert a.value == int(expected(d))  # type: ignore[operator]
