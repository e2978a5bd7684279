"""In a real kernel under ``--code auto``: a model's "update df" never replaces the user's ``df``.

A scripted model (tests/notebook/code_model.py) plays the planner and the code
writer; its code really runs in the kernel. Only the user's own words in the
``%%route`` cell may ask for one of their variables to be replaced.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterator

import pytest

from tests.notebook.code_model import SCRIPTED_MODEL
from tests.notebook.kernel import Execution, Kernel

pytestmark = pytest.mark.kernel

DF = """\
import pandas as pd
df = pd.DataFrame({'region': ['North', 'South', 'North'], 'revenue': [1.0, 2.0, 3.0]})
original = id(df)
"""
REPLACE = "df = df.groupby('region', as_index=False)['revenue'].sum()\ndf"


@pytest.fixture(scope="module")
def kernel() -> Iterator[Kernel]:
    k = Kernel()
    try:
        _ok(k.execute("%load_ext notebook_router\n" + SCRIPTED_MODEL))
        yield k
    finally:
        k.shutdown()


def _ok(result: Execution) -> Execution:
    assert result.status == "ok", (result.errors(), result.stderr)
    return result


def _route(kernel: Kernel, planned: str, ask: str) -> tuple[str, str]:
    """A fresh ``df``; the model plans ``planned`` for the cell ``ask``; the page and ``df``."""
    _ok(kernel.execute(DF + f"_use_code_model({json.dumps([REPLACE])}, {json.dumps(planned)})"))
    final = _ok(kernel.execute(f"%%route --code auto\n{ask}")).result()
    assert final is not None
    state = _ok(kernel.execute("print(id(df) == original, len(df))")).stdout.split()
    return html.unescape(str(final["text/html"])), " ".join(state)


def test_a_model_planners_update_df_leaves_the_users_df_and_says_so(kernel: Kernel) -> None:
    page, df = _route(kernel, "update df with the total revenue by region", "revenue by region")
    assert df == "True 3"
    assert "Your `df` was left as before" in page


def test_the_users_own_update_df_replaces_it(kernel: Kernel) -> None:
    ask = "update df with the total revenue by region"
    page, df = _route(kernel, ask, ask)
    assert df == "False 2"
    assert "left as before" not in page
