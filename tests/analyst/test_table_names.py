"""Any table name a user can give works, and never reads another table.

A table called by a keyword or ``None``, by a full-width form that Python reads as
another table's name (``ｄｆ`` is ``df`` to the parser), by a name the analyst's own
code uses (``pd``, ``plt``, ``stats``, ``result``, ``len``) or by characters no
variable may hold, gets the answer from its own rows; and such a table in the kernel
never breaks the analysis of any other.
"""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst.answer import analyse

HOSTILE = [
    "class",
    "None",
    "lambda",
    "ｄｆ",
    "pd",
    "plt",
    "stats",
    "np",
    "result",
    "len",
    "2020 sales",
]
QUESTIONS = {
    "total revenue by region": {"North": 15.0, "South": 20.0},
    "average revenue by region": {"North": 7.5, "South": 20.0},
}


def _sales() -> pd.DataFrame:
    return pd.DataFrame({"region": ["North", "South", "North"], "revenue": [10.0, 20.0, 5.0]})


def _decoy() -> pd.DataFrame:
    return pd.DataFrame({"region": ["West"], "revenue": [999.0]})


@pytest.mark.parametrize("name", HOSTILE)
@pytest.mark.parametrize("question", list(QUESTIONS))
def test_a_table_of_any_name_is_answered_from_its_own_rows(name: str, question: str) -> None:
    frames = {"df": _decoy(), name: _sales()}
    analysis = analyse(question, frames, default=name)
    assert analysis.status == "answered", analysis.text
    assert analysis.value == QUESTIONS[question]
    compile(analysis.code, "<shown>", "exec")  # the code shown is Python


@pytest.mark.parametrize("name", ["pd", "plt", "stats", "np", "d", "fig", "result"])
@pytest.mark.parametrize(
    "question",
    [
        "bin revenue into 2 bins",
        "plot revenue by region",
        "mean revenue by region",
        "is revenue different between North and South",
    ],
)
def test_a_table_named_like_the_code_s_tools_breaks_no_other(name: str, question: str) -> None:
    frames = {name: _decoy(), "sales": _sales()}
    analysis = analyse(f"{question} in sales", frames, default="sales")
    assert analysis.status != "declined", analysis.text
    assert "999" not in analysis.text
