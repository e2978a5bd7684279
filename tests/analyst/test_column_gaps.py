"""One number column ahead of another by a gap ("McCain at least 2 points ahead of
Obama", "Obama exceeds McCain by more than 2", "at least 3 more wins than losses"): the
condition is the difference against the number, ``A - B >= 2``, never ``A >= 2``. A gap
said without a bound keeps ``A > B`` and says the number was left out. A column's own
figure named after it ("above Obama's share") is the column: a count, not a proportion.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from notebook_router.analyst.code_facts import read_code
from notebook_router.analyst.spec import ColumnRef


def _polls() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "pollster": list("ABCDEFGH"),
            "n": [1000, 800, 1500, 900, 1200, 700, 2000, 1100],
            "Smith": [46, 47, 39, 44, 50, 41, 45, 48],
            "Jones": [49, 45, 48, 44, 47, 46, 43, 49],
        }
    )


def _teams() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "team": list("abcdefg"),
            "wins": [10, 4, 12, 7, 9, 3, 15],
            "losses": [5, 9, 8, 7, 2, 10, 11],
            "budget": [100.0, 80.0, 120.0, 90.0, 95.0, 60.0, 150.0],
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "how many polls showed Smith above Jones's share?",
        "how many polls had Smith's share above Jones's?",
        "how many polls had Smith ahead of Jones?",
    ],
)
def test_a_column_named_by_its_figure_is_counted_not_a_proportion(question: str) -> None:
    d = _polls()
    a = analyse(question, {"polls": d})
    assert (a.status, a.value) == ("answered", int((d.Smith > d.Jones).sum()))


def test_a_figure_named_after_the_column_on_teams() -> None:
    d = _teams()
    a = analyse("how many teams had wins above losses' tally?", {"teams": d})
    assert a.value == int((d.wins > d.losses).sum())
    a = analyse("how many teams had wins above the losses?", {"teams": d})
    assert a.value == int((d.wins > d.losses).sum())


@pytest.mark.parametrize(
    ("question", "truth", "shown"),
    [
        ("how many polls with Smith at least 2 points ahead of Jones?",
         lambda d: d.Smith - d.Jones >= 2, "Smith - Jones >= 2"),
        ("how many polls where Jones exceeds Smith by more than 2?",
         lambda d: d.Jones - d.Smith > 2, "Jones - Smith > 2"),
        ("how many polls had Jones ahead of Smith by 2 or more points?",
         lambda d: d.Jones - d.Smith >= 2, "Jones - Smith >= 2"),
        ("how many polls had Smith behind Jones by at least 3?",
         lambda d: d.Jones - d.Smith >= 3, "Jones - Smith >= 3"),
    ],
)  # fmt: skip
def test_a_gap_between_two_poll_columns(question: str, truth: object, shown: str) -> None:
    d = _polls()
    a = analyse(question, {"polls": d})
    assert (a.status, a.value) == ("answered", int(truth(d).sum()))  # type: ignore[operator]
    assert shown in a.text


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("how many teams had at least 3 more wins than losses?", lambda d: d.wins - d.losses >= 3),
        ("how many teams where wins exceed losses by more than 5?", lambda d: d.wins - d.losses > 5),
        ("average budget of teams with at least 3 fewer wins than losses",
         lambda d: d.losses - d.wins >= 3),
    ],
)  # fmt: skip
def test_a_gap_between_two_team_columns(question: str, truth: object) -> None:
    d = _teams()
    a = analyse(question, {"teams": d})
    kept = truth(d)  # type: ignore[operator]
    expected = d[kept].budget.mean() if "average" in question else int(kept.sum())
    assert (a.status, a.value) == ("answered", pytest.approx(expected))


def test_a_gap_without_a_bound_is_said_never_misplaced() -> None:
    d = _polls()
    a = analyse("how many polls had Smith 2 points ahead of Jones?", {"polls": d})
    assert "Smith >= 2" not in a.text and "Smith > 2" not in a.text
    assert a.status == "partial"
    assert "2" in a.text


def test_code_with_a_gap_is_read_from_either_side() -> None:
    columns = ["Smith", "Jones"]
    for code in ("r = df[df.Smith >= df.Jones + 2]", "r = df[df['Smith'] - df['Jones'] >= 2]"):
        facts = read_code(code, columns)
        assert facts is not None
        found = [(c.op, c.values) for c in facts.on("Smith")]
        assert (">=", (ColumnRef("Jones", 2.0),)) in found
