"""A US state said by its name where a column holds its code ("Texas" for "TX"), or by
its code where the column holds its name ("WA" for "Washington"): a condition on that
column, which the answer names. A code that is also an English word in capitals ("OR",
"IN", "ID") names a state only in a list beside another place ("WA, OR and ID"); a state
said that way which no row holds is named as left out, never dropped.

The tables are small stand-ins built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse


def _airports() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "iata": ["AUS", "DAL", "PDX", "SEA", "GEG", "BOI", "HOU", "SLE", "TIW"],
            "city": [
                "Austin",
                "Dallas",
                "Portland",
                "Seattle",
                "Spokane",
                "Boise",
                "Houston",
                "Salem",
                "Tacoma",
            ],
            "state": ["TX", "TX", "OR", "WA", "WA", "ID", "TX", "OR", "WA"],
            "elevation": [500, 600, 30, 400, 2000, 2700, 50, 150, 300],
        }
    )


def _votes() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "state": ["Texas", "Oregon", "Washington", "Idaho", "Ohio"],
            "electoral_votes": [38, 7, 12, 4, 18],
        }
    )


def test_a_state_named_for_a_column_of_codes() -> None:
    frame = _airports()
    a = analyse("how many airports are in Texas?", {"airports": frame})
    assert a.status == "answered", a.text
    assert a.value == int((frame.state == "TX").sum()) == 3
    assert "state == 'TX' (Texas)" in a.text


def test_two_states_named_for_a_column_of_codes() -> None:
    frame = _airports()
    a = analyse("average elevation of airports in Washington and Oregon", {"airports": frame})
    assert a.status == "answered", a.text
    expected = frame[frame.state.isin(["WA", "OR"])].elevation.mean()
    assert a.value == pytest.approx(expected)


def test_a_negated_state_keeps_the_others() -> None:
    frame = _airports()
    a = analyse("how many airports are not in Texas?", {"airports": frame})
    assert a.status == "answered", a.text
    assert a.value == int((frame.state != "TX").sum()) == 6


@pytest.mark.parametrize(
    ("question", "states"),
    [
        ("total electoral votes of WA and OR", ["Washington", "Oregon"]),
        ("total electoral votes of WA, OR and ID", ["Washington", "Oregon", "Idaho"]),
        ("total electoral votes of TX & OH", ["Texas", "Ohio"]),
    ],
)
def test_codes_for_a_column_of_names_word_codes_in_a_list(question: str, states: list[str]) -> None:
    frame = _votes()
    a = analyse(question, {"results": frame})
    assert a.status == "answered", a.text
    assert a.value == frame[frame.state.isin(states)].electoral_votes.sum()


def test_or_between_two_names_is_the_word() -> None:
    frame = _votes()
    a = analyse("total electoral votes in Texas OR Ohio", {"results": frame})
    assert a.status == "answered", a.text
    assert a.value == 56  # Texas 38 + Ohio 18; no Oregon


def test_a_word_code_no_row_holds_is_left_out() -> None:
    a = analyse("total electoral votes in IN or OH", {"results": _votes()})
    assert a.status == "partial", a.text
    assert "“IN” (Indiana, a state no row's state holds)" in a.text


def test_a_column_of_state_codes_is_no_column_of_countries() -> None:
    # "CA" and "DE" are Canada and Germany as countries; in a column of states they are
    # California and Delaware, and "Canada" finds no row.
    frame = pd.DataFrame({"loc": ["CA", "DE", "CA", "NY", "TX"], "sales": [1, 2, 3, 4, 5]})
    assert analyse("total sales in California", {"s": frame}).value == 4
    canada = analyse("total sales in Canada", {"s": frame})
    assert canada.status != "answered" or canada.value != 4, canada.text
