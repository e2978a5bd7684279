""" "Excluding region North" leaves North out, as "excluding North" does.

A negation ("excluding", "except", "other than", "not in") said before a column's name
and then one of its values, or a list of them, turns the condition round. It was read as
the value itself ("rows where region = North"), the opposite of what was asked, with the
answer marked complete. Each table is a small stand-in built here; each expected figure
is plain pandas.

Guards (right before this reading too): "excluding North" with no column named, a list
"excluding North and South", and "for region North", which keeps North.
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from tests.analyst.conftest import rerun


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["North", "South", "East", "West"] * 6,
            "carrier": ["UA", "DL", "AA"] * 8,
            "units": list(range(1, 25)),
            "revenue": [float(10 * i + i % 7) for i in range(24)],
        }
    )


def _looms() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "wool": ["A", "B"] * 9,
            "tension": ["L", "M", "H"] * 6,
            "breaks": [26, 30, 54, 25, 70, 52, 51, 26, 67, 18, 21, 29, 17, 12, 18, 35, 30, 36],
        }
    )


Rows = Callable[[pd.DataFrame], pd.Series]


@pytest.mark.parametrize(
    ("name", "make", "question", "measure", "agg", "rows"),
    [
        ("orders", _orders, "average units excluding region North", "units", "mean",
         lambda f: f.region != "North"),
        ("orders", _orders, "total revenue except region South", "revenue", "sum",
         lambda f: f.region != "South"),
        ("orders", _orders, "average units not in region East", "units", "mean",
         lambda f: f.region != "East"),
        ("orders", _orders, "average units excluding regions North and South", "units", "mean",
         lambda f: ~f.region.isin(["North", "South"])),
        ("orders", _orders, "average revenue in the West excluding carrier UA", "revenue", "mean",
         lambda f: (f.region == "West") & (f.carrier != "UA")),
        ("looms", _looms, "average breaks excluding tension H", "breaks", "mean",
         lambda f: f.tension != "H"),
        ("looms", _looms, "mean breaks for wool A other than tension L", "breaks", "mean",
         lambda f: (f.wool == "A") & (f.tension != "L")),
        # guards
        ("orders", _orders, "average units excluding North", "units", "mean",
         lambda f: f.region != "North"),
        ("orders", _orders, "average units excluding North and South", "units", "mean",
         lambda f: ~f.region.isin(["North", "South"])),
        ("orders", _orders, "average units for region North", "units", "mean",
         lambda f: f.region == "North"),
    ],
)  # fmt: skip
def test_a_negation_before_a_column_name_leaves_its_values_out(
    name: str,
    make: Callable[[], pd.DataFrame],
    question: str,
    measure: str,
    agg: str,
    rows: Rows,
) -> None:
    frame = make()
    a = analyse(question, {name: frame})
    expected = getattr(frame.loc[rows(frame), measure], agg)()
    assert a.status == "answered", (a.status, a.text, a.left_out)
    assert a.value == pytest.approx(expected), (a.text, a.code)
    assert rerun(a, {name: frame}) == pytest.approx(expected)
