"""A value in a script with no capitals is read as a name, and never dropped in silence.

Before, "average salary in 東京" averaged every row and said it was done: the value was
too short to link (two characters), and the check for unread names looked only for
capitalised words.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

STAFF = pd.DataFrame(
    {"city": ["東京", "大阪", "東京", "札幌"] * 3, "salary": [1.0, 2.0, 4.0, 8.0] * 3}
)


@pytest.mark.parametrize("city", ["東京", "大阪"])
def test_a_value_in_a_script_without_capitals_is_a_filter(city: str) -> None:
    answer = analyse(f"average salary in {city}", {"staff": STAFF.copy()})
    assert answer.status == "answered", answer.left_out
    assert answer.value == pytest.approx(STAFF[STAFF.city == city].salary.mean())


@pytest.mark.parametrize("question", ["average salary in 名古屋", "total salary for القاهرة"])
def test_a_name_no_column_holds_is_named_as_not_used(question: str) -> None:
    answer = analyse(question, {"staff": STAFF.copy()})
    assert answer.status == "partial"
    assert any(question.split()[-1] in g for g in answer.left_out), answer.left_out
