"""A column measured and said again as what the rows have: "the average tip of trips that
got a tip" is over the tipped trips only."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

RIDES = pd.DataFrame({"city": list("XXYY"), "tip_usd": [0.0, 3.0, 0.0, 5.0]})
MOTHERS = pd.DataFrame({"mother": list("abcde"), "children": [0, 2, 1, 0, 3]})


@pytest.mark.parametrize(
    ("name", "frame", "question", "truth"),
    [
        ("rides", RIDES, "average tip for trips that got a tip", 4.0),
        ("rides", RIDES, "average tip_usd of trips with a tip", 4.0),
        ("k", MOTHERS, "average children of mothers with children", 2.0),
        ("k", MOTHERS, "average children", 1.2),  # said once: every row
    ],
)
def test_a_measure_said_again_as_had_picks_the_rows(
    name: str, frame: pd.DataFrame, question: str, truth: float
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(truth)
