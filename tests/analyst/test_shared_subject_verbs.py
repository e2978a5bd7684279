"""A later count that opens straight into the verb the earlier count said after its noun
("how many female members live in Leeds and how many live in York?") counts the same noun:
the earlier noun's conditions hold for it too, whatever the verb.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from notebook_router.analyst import analyse
from tests.analyst.tables import department_salaries


def _members() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "gender": ["female", "female", "male", "male", "female", "male", "female"],
            "city": ["Leeds", "York", "York", "York", "Leeds", "Leeds", "York"],
        }
    )


def test_repeated_verb_keeps_the_subject_of_a_place() -> None:
    d = _members()
    a = analyse("how many female members live in Leeds and how many live in York?", {"m": d})
    female = d[d["gender"] == "female"]
    assert a.value == (
        int((female["city"] == "Leeds").sum()),
        int((female["city"] == "York").sum()),
    )


def test_repeated_verb_keeps_the_subject_of_a_number() -> None:
    d = department_salaries()
    q = "how many Eng employees earn more than 150 and how many earn less than 150?"
    a = analyse(q, {"staff": d})
    eng = d[d["department"] == "Eng"]
    assert a.value == (int((eng["salary"] > 150).sum()), int((eng["salary"] < 150).sum()))


def test_a_later_count_with_its_own_noun_keeps_it() -> None:
    d = _members()
    a = analyse("how many female members live in Leeds and how many male members live in York?",
                {"m": d})  # fmt: skip
    assert a.value == (
        int(((d["gender"] == "female") & (d["city"] == "Leeds")).sum()),
        int(((d["gender"] == "male") & (d["city"] == "York")).sum()),
    )
