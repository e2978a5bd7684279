"""A figure of a thousand or more is shown with all of its whole part and up to two
decimals: a total of 3,540.50 reads "3540.5", never "3540" (a different amount), and a
mean of 41,153.263 reads "41,153.26", never "41,153". Smaller figures keep four
significant digits.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from notebook_router.analyst.values import fmt


def _visits() -> pd.DataFrame:
    return pd.DataFrame({"fee": [1500.25, 1250.0, 790.25], "wait": [12.5, 30.25, 7.0]})


def test_a_total_with_cents_is_shown_whole() -> None:
    frame = _visits()
    a = analyse("what are the total fees?", {"visits": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame.fee.sum())
    assert "3540.5" in a.text


def test_a_large_mean_keeps_its_whole_part_and_two_decimals() -> None:
    frame = pd.DataFrame({"price": [123456.789, 2.0, 1.0]})
    a = analyse("average price", {"homes": frame})
    assert a.status == "answered", a.text
    assert "41,153.26" in a.text


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (1280.5, "1280.5"),
        (1293.0, "1293"),
        (123459.789, "123,459.79"),
        (-2500.125, "-2500.12"),
        (163.7410714, "163.7"),
        (2.35555, "2.356"),
        (0.000123, "0.000123"),
        (12_000, "12,000"),
    ],
)
def test_how_figures_read(value: float, shown: str) -> None:
    assert fmt(value) == shown
