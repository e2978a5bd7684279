""" "which store sold the most units?" on a table with a ``unit`` column of labels (kg,
ea) and a ``qty`` column: "units" is an amount, the quantity, never the count of
distinct unit labels (which it was, as a complete answer). Said as the column's own
name ("by unit", "each unit") it is still that column
(:func:`notebook_router.analyst.per_one_names.label_of_units`).
"""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse
from notebook_router.analyst.per_one_names import label_of_units
from notebook_router.analyst.schema import schema_of

STOCK = pd.DataFrame(
    {
        "store": ["A", "B", "A", "C", "B", "C"],
        "qty": [10, 50, 20, 5, 30, 40],
        "unit_cost": [2.0, 9.0, 3.0, 4.0, 5.0, 1.0],
        "unit": ["ea", "ea", "kg", "kg", "ea", "kg"],
    }
)
PANTRY = pd.DataFrame(
    {
        "shelf": ["top", "low", "top", "mid", "low", "mid", "top"],
        "quantity": [3, 9, 4, 1, 2, 8, 1],
        "unit": ["box", "jar", "box", "can", "jar", "can", "box"],
    }
)


@pytest.mark.parametrize(
    ("frame", "question", "by", "amount"),
    [
        (STOCK, "which store sold the most units?", "store", "qty"),
        (STOCK, "which store has the most units in total?", "store", "qty"),
        (PANTRY, "which shelf holds the most units?", "shelf", "quantity"),
    ],
)
def test_units_is_the_quantity_not_the_unit_labels(
    frame: pd.DataFrame, question: str, by: str, amount: str
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status == "answered", answer.text
    assert answer.value == frame.groupby(by)[amount].sum().idxmax(), answer.text


@pytest.mark.parametrize(
    ("question", "truth"),
    [("total qty by unit", {"ea": 90, "kg": 65}), ("count of each unit", {"ea": 3, "kg": 3})],
)
def test_the_unit_column_said_by_its_name_is_still_grouped_by(
    question: str, truth: dict[str, int]
) -> None:
    answer = analyse(question, {"stock": STOCK})
    assert answer.status == "answered", answer.text
    assert isinstance(answer.value, dict), answer.text
    assert answer.value == truth, answer.text


@pytest.mark.parametrize(
    ("frame", "column", "written", "labels"),
    [
        (STOCK, "unit", ["unit"], True),
        (PANTRY, "unit", ["unit"], True),
        (STOCK, "store", ["store"], False),
        (PANTRY, "quantity", ["quantity"], False),
    ],
)
def test_a_column_named_only_unit_labels_units_in_a_table_with_numbers(
    frame: pd.DataFrame, column: str, written: list[str], labels: bool
) -> None:
    schema = schema_of("t", frame)
    assert label_of_units(schema.column(column), schema, written) is labels


def test_a_unit_column_with_no_numbers_beside_it_is_no_label_of_units() -> None:
    schema = schema_of("t", PANTRY.drop(columns="quantity"))
    assert not label_of_units(schema.column("unit"), schema, ["unit"])
