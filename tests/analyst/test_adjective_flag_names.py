"""An adjective names a yes/no column only when the column's name says nothing but it (a
one-word name, or one word and a flag mark: is_X, X_flag, has_X). "employed" does not name
``self_employed``, nor "returned" ``return_requested``: their other words change what the
column says. Such an adjective is named as not used, never applied as that column.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _loans() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "id": [1, 2, 3, 4],
            "self_employed": ["Yes", "No", "No", "No"],
            "applicant_income": [10, 20, 30, 40],
        }
    )


def _items() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "sku": list("abcd"),
            "price": [10, 20, 30, 40],
            "return_requested": ["yes", "no", "no", "yes"],
        }
    )


@pytest.mark.parametrize(
    ("question", "frame", "word"),
    [
        ("average income of employed applicants", "loans", "employed"),
        ("average price of returned items", "items", "returned"),
    ],
)
def test_adjective_of_part_of_a_name_is_left_out(question: str, frame: str, word: str) -> None:
    d = _loans() if frame == "loans" else _items()
    a = analyse(question, {frame: d})
    assert a.status == "partial", a.text
    assert any(word in part for part in a.left_out), a.left_out


@pytest.mark.parametrize(
    ("question", "column", "expected"),
    [
        ("average price of returned items", "is_returned", 25.0),
        ("average price of discounted items", "discount_flag", 30.0),
    ],
)
def test_adjective_of_a_flag_shaped_name_is_applied(
    question: str, column: str, expected: float
) -> None:
    d = pd.DataFrame({"sku": list("abcd"), "price": [10, 20, 30, 40],
                      column: ["yes", "no", "no", "yes"] if column == "is_returned"
                      else ["no", "yes", "no", "yes"]})  # fmt: skip
    a = analyse(question, {"items": d})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(expected)
