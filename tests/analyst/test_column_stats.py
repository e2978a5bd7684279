"""A number column's spread, computed once per frame and computed again when it changes."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst.column_stats import Spread, spread


def _hits() -> pd.DataFrame:
    return pd.DataFrame({"hits": [90, 120, 85, 140, 101], "bat_avg": [0.31, 0.25, 0.29, 0.33, 0.2]})


def _rentals() -> pd.DataFrame:
    return pd.DataFrame({"city": ["a", "b", "c"], "rent": [1200.0, None, 900.0]})


@pytest.mark.parametrize(
    ("make", "column"), [(_hits, "hits"), (_hits, "bat_avg"), (_rentals, "rent")]
)
def test_a_spread_is_the_median_and_the_tenth_and_ninetieth_percentiles(
    make: Callable[[], pd.DataFrame], column: str
) -> None:
    frame = make()
    low, middle, high = frame[column].quantile([0.1, 0.5, 0.9])
    assert spread(frame, column) == Spread(middle, low, high)


def test_a_column_missing_or_of_no_values_has_no_spread() -> None:
    assert spread(_rentals(), "missing") is None
    assert spread(pd.DataFrame({"x": [None, None]}, dtype=float), "x") is None


def test_a_spread_is_kept_for_its_frame_and_read_again_when_the_frame_changes() -> None:
    frame = _hits()
    first = spread(frame, "hits")
    assert spread(frame, "hits") is first
    frame["hits"] = frame["hits"] * 10
    changed = spread(frame, "hits")
    assert changed is not None and first is not None
    assert changed.middle == first.middle * 10
