"""Each clause of a joined question ("... and ...") is answered with its own conditions,
and with an earlier clause's only where it refers back ("it", "their", "there"). A
clause that refers back to one row picked by a key (one row a country, a shop) and
counts a number column ("how many cases did it have?") is answered with that row's
value, never with the one row counted (1 by construction); a count that no column holds
("how many crimes did it have?" on a table named ``crimes``) is partial.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _countries() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "country": ["France", "Spain", "Japan", "India", "Chile", "Peru"],
            "continent": ["Europe", "Europe", "Asia", "Asia", "America", "America"],
            "population": [68, 48, 125, 1400, 19, 34],
            "cases": [300, 200, 150, 900, 40, 60],
        }
    )


def _shops() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "shop": ["Acme", "Beta", "Gamma", "Delta"],
            "city": ["Leeds", "York", "Leeds", "Bath"],
            "visits": [120, 45, 80, 30],
            "sales": [1000.5, 400.0, 700.25, 250.0],
        }
    )


@pytest.mark.parametrize(
    ("frame", "question", "counted"),
    [
        ("countries", "what is the population of France and how many cases did it have?", "cases"),
        ("countries", "what's the population of Japan and how many cases were there?", "cases"),
        ("shops", "what are the sales of Beta and how many visits did it get?", "visits"),
        ("shops", "what were Gamma's sales and how many visits did it have?", "visits"),
    ],
)
def test_a_count_carried_onto_one_keyed_row_is_that_rows_value(
    frame: str, question: str, counted: str
) -> None:
    table = _countries() if frame == "countries" else _shops()
    a = analyse(question, {frame: table}, default=frame)
    key = "country" if frame == "countries" else "shop"
    picked = next(v for v in table[key] if v in question)
    assert a.status == "answered", a.text
    assert isinstance(a.value, tuple)
    assert a.value[1] == table.loc[table[key] == picked, counted].item()


def test_the_table_counted_after_a_keyed_clause_is_partial() -> None:
    """ "how many crimes did it have?" on a table named ``crimes``: its row count, over the
    one state the first clause picked, is 1 by construction."""
    crimes = pd.DataFrame(
        {
            "state": ["Ohio", "Utah", "Iowa", "Texas"],
            "population": [11_536_504, 2_763_885, 3_046_355, 25_145_561],
            "total": [310, 22, 21, 805],
        }
    )
    a = analyse(
        "what's the population of Ohio and how many crimes did it have?",
        {"crimes": crimes},
        default="crimes",
    )
    assert a.status == "partial", a.text
    assert any("total" in g for g in a.left_out), a.left_out


@pytest.mark.parametrize(
    ("frame", "question", "expected"),
    [
        # the second clause names its own rows: the first clause's are not carried
        ("countries", "what is the population of France and how many countries are in Asia?",
         (68, 2)),
        ("shops", "what are the sales of Beta and how many shops are in Leeds?", (400.0, 2)),
        # the second clause refers back: it keeps the first clause's rows
        ("countries", "how many countries are in Asia and what is their average population?",
         (2, 762.5)),
        ("shops", "how many shops are in Leeds and what are their total sales?", (2, 1700.75)),
    ],
)  # fmt: skip
def test_each_clause_keeps_its_own_conditions_unless_it_refers_back(
    frame: str, question: str, expected: tuple[float, float]
) -> None:
    table = _countries() if frame == "countries" else _shops()
    a = analyse(question, {frame: table}, default=frame)
    assert a.status == "answered", a.text
    assert isinstance(a.value, tuple)
    assert [float(v) for v in a.value] == pytest.approx([float(v) for v in expected])


def _states() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "state": ["Ohio", "Utah", "Iowa", "Texas", "Maine", "Idaho", "Kansas", "Oregon"],
            "population": [11.5, 2.8, 3.0, 25.1, 1.3, 1.6, 2.9, 3.8],
            "area": [116.1, 219.9, 145.7, 695.7, 91.6, 216.4, 213.1, 254.8],
        }
    )


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("which state has the smallest population, and which has the largest?",
         ("Maine", "Texas")),
        ("which state has the largest area and which the smallest?", ("Texas", "Maine")),
    ],
)  # fmt: skip
def test_the_other_end_of_a_ranking_of_rows_is_the_same_ranking(
    question: str, expected: tuple[str, str]
) -> None:
    a = analyse(question, {"states": _states()}, default="states")
    assert a.status == "answered", a.text
    assert a.value == expected
