"""Places, people and kinds of row said in words:

- "how many Japanese companies are in the list?" on a ``country`` column in which some
  values name two countries ("Netherlands/ United Kingdom") counted every row: a column
  most of whose rows hold known places is a column of places, though some values are not.
- "how many Canadian mining firms ...?" with Canadian read and no column for mining would
  count every Canadian firm as complete: a word before the rows counted that nothing
  reads is named.
- "median height for daughters and for sons" and "now only females": words for a value
  said another way are read, never also named as a kind of row no column holds.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from notebook_router.analyst import analyse

COMPANIES = pd.DataFrame(
    {
        "name": [f"c{i}" for i in range(12)],
        "country": ["Japan"] * 4
        + ["United States"] * 5
        + ["Netherlands/ United Kingdom", "Bermuda", "Japan"],
        "sector": ["mining", "banking"] * 6,
        "sales": [float(i) for i in range(12)],
    }
)
CHILDREN = pd.DataFrame(
    {
        "gender": ["female", "male", "female", "male", "male"],
        "height": [60.0, 70.0, 62.0, 72.0, 68.0],
    }
)


def test_a_demonym_names_the_country_of_a_column_mostly_of_places() -> None:
    a = analyse("how many Japanese companies are in the list?", {"companies": COMPANIES})
    assert a.status == "answered", a.text
    assert a.value == int((COMPANIES.country == "Japan").sum()), a.text


def test_a_word_before_the_rows_that_nothing_reads_is_named() -> None:
    frame = COMPANIES.drop(columns=["sector"])
    a = analyse("how many Japanese mining companies have sales above 2?", {"companies": frame})
    assert a.status == "partial", a.text
    assert "mining" in a.text, a.text


def test_daughters_and_sons_are_the_values_of_gender() -> None:
    a = analyse("median height for daughters and for sons", {"children": CHILDREN})
    truth = CHILDREN.groupby("gender").height.median().to_dict()
    assert a.status == "answered", a.text
    assert a.value == truth, a.text


def test_females_said_for_the_rows_is_read() -> None:
    a = analyse("average height for females", {"children": CHILDREN})
    assert a.status == "answered", a.text
    assert a.value == CHILDREN[CHILDREN.gender == "female"].height.mean(), a.text
