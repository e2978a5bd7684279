"""A negated value on a column with missing values: "not from Kenya or the US".

pandas' ``~country.isin([...])`` is true where the country is missing, so runners with
no country were counted as "not from Kenya" and the answer said nothing. The code now
keeps the rows whose value is known, and the answer names how many rows had none.
Guards (passing before the change): the same questions on a column with no missing
value, and the plain (not negated) value. Tables made up here; figures plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _runners(missing: bool = True) -> pd.DataFrame:
    nation = ["Kenya", "USA", None, "Japan", "Kenya", None, "Peru", "Chile"]
    if not missing:
        nation = [n or "Spain" for n in nation]
    return pd.DataFrame({"runner": list("abcdefgh"), "nation": nation, "time": range(1, 9)})


def _pets() -> pd.DataFrame:
    return pd.DataFrame(
        {"species": ["dog", "cat", None, "dog", "bird", None], "age": [3, 5, 7, 9, 2, 4]}
    )


@pytest.mark.parametrize(
    ("question", "excluded"),
    [
        ("how many runners are not from Kenya or the USA?", ["Kenya", "USA"]),
        ("how many runners are not from Kenya?", ["Kenya"]),
    ],
)
def test_rows_with_no_value_are_not_counted_and_said(question: str, excluded: list[str]) -> None:
    frame = _runners()
    a = analyse(question, {"runs": frame})
    known = frame[frame.nation.notna() & ~frame.nation.isin(excluded)]
    assert a.value == len(known)
    assert "2 rows have no nation" in a.text
    assert a.status == "partial", "the question does not say whether it meant those rows"


def test_another_table_and_statistic() -> None:
    frame = _pets()
    a = analyse("average age of pets that are not dogs", {"pets": frame})
    kept = frame[frame.species.notna() & (frame.species != "dog")]
    assert a.value == pytest.approx(kept.age.mean())
    assert "no species" in a.text


def test_guard_no_missing_value_no_note() -> None:
    """Guard: with every value known the count is the same as before, with no note."""
    frame = _runners(missing=False)
    a = analyse("how many runners are not from Kenya?", {"runs": frame})
    assert a.value == int((frame.nation != "Kenya").sum())
    assert "no nation" not in a.text


def test_guard_a_plain_value() -> None:
    """Guard: "from Kenya" counts the Kenyan rows."""
    frame = _runners()
    a = analyse("how many runners are from Kenya?", {"runs": frame})
    assert a.value == int((frame.nation == "Kenya").sum())
