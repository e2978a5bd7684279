"""A scale word said once after a range scales both of its ends.

"a population between 1 and 5 million" is 1,000,000 to 5,000,000, not 1 to 5,000,000;
"between 500 and 2 million" keeps 500 (a larger first figure than the second's would
not be scaled either way). The table is a small stand-in built here; each expected
figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _states() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "state": ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"],
            "population": [1_500_000, 6_000_000, 800_000, 3_000_000, 12_000_000, 2_500_000],
            "revenue": [1_200, 45_000, 800, 9_000, 70_000, 3_000],
            "total": [40, 300, 10, 90, 500, 60],
        }
    )


@pytest.mark.parametrize(
    ("question", "low", "high"),
    [
        ("how many states have a population between 1 and 5 million?", 1e6, 5e6),
        ("how many states have between 1 and 5 million people?", 1e6, 5e6),
        ("how many states have a population of 2 to 7 million?", 2e6, 7e6),
        ("how many states have a population between 1 million and 5 million?", 1e6, 5e6),
        ("how many states have a population between 500 and 2 million?", 500, 2e6),
        ("how many states have revenue between 1 and 10 thousand?", 1e3, 1e4),
        ("how many states have revenue between 1k and 10k?", 1e3, 1e4),
    ],
)
def test_a_scale_word_scales_the_range(question: str, low: float, high: float) -> None:
    frame = _states()
    column = "revenue" if "revenue" in question else "population"
    a = analyse(question, {"df": frame})
    assert a.status == "answered", a.text
    assert a.value == int(frame[column].between(low, high).sum())


def test_a_scaled_range_filters_a_sum() -> None:
    frame = _states()
    a = analyse(
        "total murders in states with a population between 1 and 5 million, inclusive",
        {"murders": frame},
    )
    assert a.value == frame.total[frame.population.between(1e6, 5e6)].sum()
