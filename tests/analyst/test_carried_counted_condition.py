"""A later part that refers back to a count ("...; of those, what is the average
age?") keeps the count's counted condition as a condition on its rows, and a count with
no noun of its own ("and how many in class 3?") counts the same condition elsewhere."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

TITANIC = pd.DataFrame(
    {
        "Survived": [0, 1, 1, 0, 1, 0, 1, 0],
        "Sex": ["male", "female", "female", "male", "male", "male", "female", "female"],
        "Age": [22, 38, 26, 35, 4, 54, 27, 14],
        "Pclass": [3, 1, 3, 1, 3, 1, 2, 3],
    }
)


def test_of_those_after_a_count_by_a_verb() -> None:
    found = analyse("how many passengers survived; of those, what is the average age?",
                    {"t": TITANIC})  # fmt: skip
    assert found.value == (4, pytest.approx(23.75))
    assert "Survived = 1" in found.text.split("mean")[-1]


def test_their_count_after_a_count_by_a_verb() -> None:
    found = analyse("how many passengers survived; of those, how many were female?",
                    {"t": TITANIC})  # fmt: skip
    assert found.value == (4, 3)


def test_an_elliptic_count_keeps_the_counted_condition() -> None:
    found = analyse("how many passengers survived in class 1 and how many in class 3?",
                    {"t": TITANIC})  # fmt: skip
    assert found.value == (1, 2)
    assert found.text.count("Survived = 1") == 2
