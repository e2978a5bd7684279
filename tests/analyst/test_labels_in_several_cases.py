"""A label typed in several cases ("Chat", "chat") is never filtered by one spelling or
counted as groups of its own as if complete: the answer names the spellings it kept
apart and is partial. A column whose labels are each written one way reads as before."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

TICKETS = pd.DataFrame(
    {
        "channel": ["Chat", "chat", "Email", "EMAIL", "Chat", "Phone", "email", "Chat"],
        "region": ["North", "South", "North", "South", "South", "North", "North", "South"],
        "priority": ["Urgent", "Low", "Low", "Urgent", "Low", "Urgent", "Low", "Urgent"],
        "hours": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0],
    }
)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("what share of chat tickets are urgent?", "“chat”"),
        ("average hours of email tickets", "“EMAIL”"),
        ("number of tickets per channel", "channel"),
        ("mean hours by channel", "channel"),
    ],
)
def test_spellings_kept_apart_are_named(question: str, said: str) -> None:
    a = analyse(question, {"tickets": TICKETS})
    assert a.status == "partial", a.text
    assert said in a.text and "other case" in a.text, a.text


def test_labels_written_one_way_read_as_before() -> None:
    a = analyse("mean hours by region", {"tickets": TICKETS})
    truth = TICKETS.groupby("region")["hours"].mean()
    assert a.status == "answered", a.text
    assert "other case" not in a.text
    assert isinstance(a.value, dict) and a.value == pytest.approx(truth.to_dict()), a.value
