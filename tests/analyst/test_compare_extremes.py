"""A comparison said with an extreme ("the lowest salary in Sales versus HR") compares
each side's extreme: a comparison ranks nothing, so the word is its statistic."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse


@pytest.mark.parametrize(
    ("question", "statistic"),
    [
        ("lowest salary in Sales versus HR", "min"),
        ("highest salary in Sales vs HR", "max"),
        ("Lowest salary compared to HR in Sales", "min"),
    ],
)
def test_a_comparison_of_extremes_compares_each_sides_extreme(
    question: str, statistic: str
) -> None:
    staff = pd.DataFrame(
        {"department": ["Sales"] * 3 + ["HR"] * 3, "salary": [10, 20, 90, 30, 40, 200]}
    )
    answer = analyse(question, {"s": staff})
    by = getattr(staff.groupby("department").salary, statistic)()
    value = answer.value
    assert isinstance(value, dict), answer.text
    assert (value["Sales"], value["HR"]) == (by["Sales"], by["HR"]), answer.text
