"""A value said as an adverb next to its column's word: "smoke heavily" is
``Smoke == "Heavy"``, "exercise frequently" ``Exer == "Freq"`` (a value cut short).

Without it the condition was dropped and every student counted. The table is a small
stand-in built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from notebook_router.analyst import analyse


def _students() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "Smoke": ["Heavy", "Never", "Heavy", "Occas", "Never", "Regul", "Never"],
            "Exer": ["Freq", "Some", "Freq", "Some", "Freq", "Some", "Some"],
            "Age": [20.5, 19.0, 30.0, 22.0, 18.5, 24.0, 21.0],
            "Pulse": [70, 80, 64, 90, 72, 75, 68],
        }
    )


def test_how_many_smoke_heavily_counts_the_heavy_smokers() -> None:
    frame = _students()
    a = analyse("how many students smoke heavily?", {"survey": frame})
    assert a.status == "answered", a.text
    assert a.value == int((frame.Smoke == "Heavy").sum())


def test_a_shortened_value_is_named_by_its_adverb() -> None:
    frame = _students()
    a = analyse("average pulse of students who exercise frequently", {"survey": frame})
    assert a.value == frame.Pulse[frame.Exer == "Freq"].mean()
    b = analyse("how many students smoke occasionally?", {"survey": frame})
    assert b.value == int((frame.Smoke == "Occas").sum())


def test_the_adverb_condition_holds_for_both_parts_of_an_and_question() -> None:
    frame = _students()
    a = analyse(
        "how many students smoke heavily, and what is their average age?", {"survey": frame}
    )
    heavy = frame[frame.Smoke == "Heavy"]
    assert a.value == (len(heavy), heavy.Age.mean())
