""" "average duration_min in hours" of a table that also has an ``hour`` column.

"hours" is the unit the answer is asked in: the minutes are converted, the ``hour``
column is neither measured beside them nor is the unit's word said to be unused. Each
table is a small stand-in built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.analyst.conftest import rerun


def _rides() -> pd.DataFrame:
    rng = np.random.default_rng(0)
    return pd.DataFrame(
        {
            "hour": rng.integers(0, 24, 40),
            "duration_min": rng.integers(5, 200, 40).astype(float),
            "station": rng.choice(["a", "b"], 40),
        }
    )


def _calls() -> pd.DataFrame:
    stamps = pd.date_range("2024-01-01", periods=40, freq="h")
    return pd.DataFrame(
        {"datetime": stamps, "hour": stamps.hour, "duration_min": np.arange(40) * 3.0 + 5}
    )


@pytest.mark.parametrize("frame", [_rides, _calls])
@pytest.mark.parametrize(
    ("question", "agg"),
    [("average duration_min in hours", "mean"), ("total duration_min in hours", "sum")],
)
def test_the_unit_word_is_the_unit_not_the_hour_column(
    frame: object, question: str, agg: str
) -> None:
    table = frame()  # type: ignore[operator]
    a = analyse(question, {"t": table})
    expected = getattr(table["duration_min"], agg)() / 60
    assert a.status == "answered", (a.text, a.left_out)
    assert a.value == pytest.approx(expected), a.code
    assert rerun(a, {"t": table}) == pytest.approx(expected)
    assert "hours" in a.text, a.text
