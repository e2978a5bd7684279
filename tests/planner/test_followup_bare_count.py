""" "and how many are there?" after a question about some rows counts those rows.

Said with no noun, the rows that "exist" are the rows the answer before chose. This was
read as a new question and answered with the row count of the whole table, shown as
complete. A count that names rows of its own ("how many shops are there?") stays a new
question (see test_followup_adds_or_refers.py).
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from tests.planner.conversation import RIDES, asked

ANIMALS = pd.DataFrame(
    {
        "animal": ["cow", "horse", "mouse", "elephant", "rat", "giraffe", "dog"],
        "body": [465.0, 521.0, 0.02, 6654.0, 0.28, 529.0, 10.0],
        "brain": [423.0, 655.0, 0.4, 5712.0, 1.9, 680.0, 70.0],
    }
)


@pytest.mark.parametrize(
    "follow", ["and how many are there?", "how many were there?", "And how many is there?"]
)
def test_a_bare_count_counts_the_rows_of_the_answer_before(follow: str) -> None:
    answer = asked("animals", ANIMALS, "average brain of animals with a body over 500?", follow)
    assert answer.numbers[-1] == int((ANIMALS["body"] > 500).sum())  # 3, not 7
    assert "body > 500" in answer.text


def test_a_bare_count_keeps_a_value_said_before() -> None:
    answer = asked("rides", RIDES, "average tip in Seattle", "and how many are there?")
    assert answer.numbers[-1] == int((RIDES["city"] == "Seattle").sum())
    assert "Seattle" in answer.text
