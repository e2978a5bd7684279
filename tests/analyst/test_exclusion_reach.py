"""An exclusion reaches its value across a few words that describe it: "total controls
excluding people aged 75+" leaves the 75+ rows out, "median length leaving out the VC
group" the VC rows, "excluding both horsebean and linseed" both feeds. Read only as far
as the value, such a question had kept *only* the excluded rows and said so as complete.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _cases() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "agegp": ["25-34", "35-44", "75+", "75+", "45-54", "25-34"],
            "alcgp": ["0-39g/day", "40-79", "0-39g/day", "80-119", "40-79", "120+"],
            "ncontrols": [40, 35, 5, 3, 20, 11],
        }
    )


def _teeth() -> pd.DataFrame:
    return pd.DataFrame(
        {"supp": ["VC", "OJ", "VC", "OJ", "OJ"], "len": [4.2, 15.2, 11.5, 21.5, 26.4]}
    )


def _chicks() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "feed": ["horsebean", "linseed", "casein", "soybean", "casein", "linseed"],
            "weight": [160.0, 220.0, 320.0, 250.0, 300.0, 210.0],
        }
    )


def test_excluding_people_aged_a_band() -> None:
    frame = _cases()
    a = analyse("total controls excluding people aged 75+", {"esoph": frame})
    assert a.status == "answered", a.text
    assert a.value == frame[frame.agegp != "75+"].ncontrols.sum()


def test_other_than_in_a_described_band() -> None:
    frame = _cases()
    a = analyse(
        "total controls other than in the lowest alcohol band (0-39g/day)", {"esoph": frame}
    )
    assert a.value == frame[frame.alcgp != "0-39g/day"].ncontrols.sum() or (
        isinstance(a.value, dict)
        and a.value.get("sum") == frame[frame.alcgp != "0-39g/day"].ncontrols.sum()
    ), a.text
    assert "!= 0-39g/day" in a.text


def test_leaving_out_a_group() -> None:
    frame = _teeth()
    a = analyse("median length leaving out the VC group", {"tooth": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(frame[frame.supp != "VC"].len.median())


@pytest.mark.parametrize(
    "question",
    [
        "average weight excluding both horsebean and linseed",
        "average weight excluding horsebean and linseed",
    ],
)
def test_excluding_both_of_two_values(question: str) -> None:
    frame = _chicks()
    a = analyse(question, {"chicks": frame})
    assert a.status == "answered", a.text
    kept = frame[~frame.feed.isin(["horsebean", "linseed"])]
    assert a.value == pytest.approx(kept.weight.mean())


def _sales() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["North", "South", "North", "East"],
            "day": ["Sat", "Mon", "Sun", "Tue"],
            "sales": [10.0, 20.0, 30.0, 40.0],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "what is the total sales excluding returns in the North region",
        "what is the total sales except on weekends in North",
    ],
)
def test_an_exclusion_does_not_reach_a_place_said_after_another_thing(question: str) -> None:
    # the North rows are kept; what is excluded, which no column holds, is named
    frame = _sales()
    a = analyse(question, {"sales": frame})
    assert a.status == "partial", a.text
    assert a.value == frame[frame.region == "North"].sales.sum()
    assert "region = North" in a.text
