"""A series said with a plural noun where one title begins with an article.

"the Batman films" on a table holding "The Batman", "Batman Returns" and "Batman Begins"
linked the exact title "The Batman" (the question's "the" read as the title's), and
answered about one film. Said with a plural the series is every title holding "Batman";
said in the singular, or as the title alone, it stays the one title (guards: passing
before the change). The tables are made up here; expected figures are plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _films() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "title": ["The Batman", "Batman Returns", "Batman Begins", "Alien", "Heat"],
            "gross": [770.0, 266.0, 373.0, 104.0, 187.0],
        }
    )


def _games() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "game": ["The Sims", "Sims City", "The Sims 2", "Tetris", "Doom"],
            "sales": [11.0, 4.0, 20.0, 35.0, 3.5],
        }
    )


@pytest.mark.parametrize(
    "question",
    ["what is the total gross of the Batman films?", "total gross of the Batman movies"],
)
def test_the_plural_is_the_series(question: str) -> None:
    frame = _films()
    a = analyse(question, {"films": frame})
    kept = frame[frame.title.str.contains("Batman", case=False)]
    assert a.value == pytest.approx(kept.gross.sum())
    assert a.status == "answered"
    assert "contains" in a.text


def test_another_table_and_noun() -> None:
    frame = _games()
    a = analyse("what are the total sales of the Sims games?", {"games": frame})
    assert a.value == pytest.approx(frame[frame.game.str.contains("Sims")].sales.sum())


@pytest.mark.parametrize(
    "question", ["what was the gross of the Batman film?", "how much did The Batman gross?"]
)
def test_guard_the_singular_is_the_one_title(question: str) -> None:
    """Guard: the singular, or the title alone, is the exact title."""
    a = analyse(question, {"films": _films()})
    assert a.value == pytest.approx(770.0)


def test_guard_a_series_without_an_article() -> None:
    """Guard: "the Iron Man films" (no article in any title) is still the series."""
    frame = pd.DataFrame(
        {"movie": ["Iron Man", "Thor", "Iron Man 2", "Iron Man 3"], "gross": [585, 449, 623, 1214]}
    )
    a = analyse("total gross of the Iron Man films", {"films": frame})
    assert a.value == 585 + 623 + 1214
