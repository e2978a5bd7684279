""" "How much did wages rise between 1700 and 1800?" asks for a change from one end to
the other. The analyst does not compute such a change; it listed the rows of the span,
shown as complete. The change word is now named as left out.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

WAGES = pd.DataFrame(
    {"year": list(range(2000, 2010)), "wages": [5.0, 6, 7, 8, 9, 10, 11, 12, 13, 14.5]}
)
SALES = pd.DataFrame(
    {
        "date": pd.to_datetime([f"2020-{m:02d}-01" for m in range(1, 9)]),
        "sales": [10, 12, 9, 14, 20, 18, 25, 30],
    }
)


@pytest.mark.parametrize(
    ("frame", "question", "word"),
    [
        (WAGES, "how much did wages rise between 2001 and 2008?", "rise"),
        (WAGES, "what was the increase in wages between 2001 and 2008?", "increase"),
        (WAGES, "by how much did wages fall from 2001 to 2008?", "fall"),
        (SALES, "how much did sales grow from March to July 2020?", "grow"),
    ],
)
def test_a_change_between_two_ends_is_never_a_listing_shown_as_complete(
    frame: pd.DataFrame, question: str, word: str
) -> None:
    answer = analyse(question, {"t": frame})
    assert answer.status != "answered", answer.text
    # answered in part, it names the change it did not compute (or it declines)
    assert answer.status == "declined" or f"“{word} " in answer.text


@pytest.mark.parametrize(
    "question",
    ["average wages between 2001 and 2008", "how many years did wages rise above 10?"],
)
def test_no_change_word_before_a_span_leaves_nothing_out(question: str) -> None:
    assert analyse(question, {"t": WAGES}).status == "answered"
