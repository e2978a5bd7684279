""" "death rate by sex": the share of rows where the event happened (a status column's
D, "dead", "died"), never the mean of a number column named by the event's word (a day
number of death). A rate column, or a "<column> rate" whose values could be rates, keeps
its mean (guards, right before the change)."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

PATIENTS = pd.DataFrame(
    {
        "sex": ["M", "M", "M", "F", "F", "F", "F", "M"],
        "ward": ["A", "B", "A", "B", "A", "B", "A", "B"],
        "death": [11081, 11096, 11200, 11300, 11400, 11500, 11600, 11700],
        "status": ["D", "A", "D", "D", "A", "A", "A", "D"],
    }
)
HORSES = pd.DataFrame(
    {
        "breed": ["arab", "arab", "arab", "shire", "shire", "shire"],
        "deaths": [3000, 3100, 3200, 3300, 3400, 3500],
        "outcome": ["died", "lived", "died", "lived", "lived", "died"],
    }
)


def _share(df: pd.DataFrame, by: str, column: str, value: str) -> dict[str, float]:
    shares: dict[str, float] = ((df[column] == value).groupby(df[by]).mean() * 100).to_dict()
    return shares


@pytest.mark.parametrize(
    ("question", "df", "by", "column", "value"),
    [
        ("death rate by sex", PATIENTS, "sex", "status", "D"),
        ("what is the death rate for each ward?", PATIENTS, "ward", "status", "D"),
        ("death rate by breed", HORSES, "breed", "outcome", "died"),
    ],
)
def test_an_event_rate_is_the_share_of_rows_with_the_event(
    question: str, df: pd.DataFrame, by: str, column: str, value: str
) -> None:
    answer = analyse(question, {"t": df})
    assert answer.status == "answered", answer.text
    want = _share(df, by, column, value)
    got = {k: float(v) for k, v in pd.Series(answer.value).items()}
    assert got == pytest.approx(want), answer.text


def test_which_group_has_the_highest_event_rate() -> None:
    answer = analyse("which sex has the highest death rate?", {"t": PATIENTS})
    assert answer.status == "answered", answer.text
    want = _share(PATIENTS, "sex", "status", "D")
    assert answer.value == max(want, key=want.__getitem__), answer.text


def test_an_event_no_value_marks_is_declined_not_averaged() -> None:
    table = PATIENTS.drop(columns="status")
    answer = analyse("death rate by sex", {"t": table})
    assert answer.status != "answered", answer.text
    assert "10" not in str(answer.value or "")  # no mean of the day numbers


# Guards (right before the change): a column of rates is still averaged.
RATES = pd.DataFrame(
    {
        "region": ["N", "N", "S", "S"],
        "death_rate": [8.0, 10.0, 12.0, 14.0],
        "birth": [1.5, 2.5, 3.0, 4.0],
    }
)


@pytest.mark.parametrize(
    ("question", "column"),
    [("death rate by region", "death_rate"), ("birth rate by region", "birth")],
)
def test_guard_a_column_of_rates_keeps_its_mean(question: str, column: str) -> None:
    answer = analyse(question, {"t": RATES})
    assert answer.status == "answered", answer.text
    want = RATES.groupby("region")[column].mean().to_dict()
    got = {k: float(v) for k, v in pd.Series(answer.value).items()}
    assert got == pytest.approx(want), answer.text
