"""A later count with no noun of its own ("... and how many were Asian?") counts what the
count before it counted: the conditions said in that count's noun ("female members") hold
for it too, those said after its verb ("were from Leeds") do not.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _members() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "gender": ["female", "female", "male", "male", "female", "male", "female"],
            "city": ["Leeds", "York", "York", "York", "Leeds", "Leeds", "York"],
            "plan": ["Gold", "Basic", "Gold", "Basic", "Basic", "Gold", "Gold"],
        }
    )


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "channel": ["Online", "Online", "Store", "Online", "Store", "Store"],
            "payment": ["Card", "Cash", "Card", "Card", "Cash", "Cash"],
        }
    )


def _count(d: pd.DataFrame, **conditions: str) -> int:
    mask = pd.Series(True, index=d.index)
    for column, value in conditions.items():
        mask &= d[column] == value
    return int(mask.sum())


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        (
            "how many female members were from Leeds and how many were from York?",
            {"gender": "female", "city": "Leeds"},
            {"gender": "female", "city": "York"},
        ),
        (
            "how many Gold members were male and how many were female?",
            {"plan": "Gold", "gender": "male"},
            {"plan": "Gold", "gender": "female"},
        ),
    ],
)
def test_the_later_count_keeps_the_nouns_conditions(
    question: str, first: dict[str, str], second: dict[str, str]
) -> None:
    d = _members()
    a = analyse(question, {"members": d})
    assert a.value == (_count(d, **first), _count(d, **second))


def test_on_another_table() -> None:
    d = _orders()
    a = analyse("how many Online orders were paid by Card and how many were Cash?", {"orders": d})
    assert a.value == (
        _count(d, channel="Online", payment="Card"),
        _count(d, channel="Online", payment="Cash"),
    )


def test_a_condition_after_the_verb_is_not_carried() -> None:
    d = _members()
    a = analyse("how many members were female and how many were from York?", {"members": d})
    assert a.value == (_count(d, gender="female"), _count(d, city="York"))
