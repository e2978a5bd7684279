"""A label typed in several cases ("Chat", "chat", "CHAT") is one label: a condition on
it keeps every spelling, a group-by counts them together, and the answer says which
spellings it read as one. "What share of chat tickets are urgent?" filtered by "Chat"
alone and "tickets per channel" gave a group for each spelling, both as complete. A
column whose labels are each written one way reads as before, with nothing said.

The tables are small stand-ins built here; each expected figure is plain pandas on the
labels folded to lower case.
"""

from __future__ import annotations

import dask.dataframe as dd  # type: ignore[import-untyped, unused-ignore]
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse

TICKETS = pd.DataFrame(
    {
        "channel": ["Chat", "chat", "Email", "EMAIL", "Chat", "Phone", "email", "Chat", " chat"],
        "region": ["North", "South", "North", "South", "South", "North", "North", "South", "N"],
        "priority": ["Urgent", "Low", "Low", "Urgent", "Low", "Urgent", "Low", "Urgent", "Low"],
        "hours": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0],
    }
)
FOLDED = TICKETS.assign(channel=TICKETS.channel.str.strip().str.lower())


def test_a_condition_keeps_every_spelling() -> None:
    a = analyse("what share of chat tickets are urgent?", {"tickets": TICKETS})
    chat = FOLDED[FOLDED.channel == "chat"]
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(float((chat.priority == "Urgent").mean())), a.text
    assert "“chat”" in a.text and "as “Chat”" in a.text, a.text


def test_an_excluded_label_leaves_out_every_spelling() -> None:
    a = analyse("average hours of tickets not by email", {"tickets": TICKETS})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(FOLDED[FOLDED.channel != "email"].hours.mean()), a.text


@pytest.mark.parametrize("question", ["number of tickets per channel", "mean hours by channel"])
def test_a_group_by_counts_the_spellings_together(question: str) -> None:
    a = analyse(question, {"tickets": TICKETS})
    assert a.status == "answered", a.text
    groups = FOLDED.groupby("channel")
    truth = groups.size() if question.startswith("number") else groups.hours.mean()
    assert isinstance(a.value, dict), a.value
    assert {str(k).lower(): float(v) for k, v in a.value.items()} == pytest.approx(
        {k: float(v) for k, v in truth.items()}
    )
    assert "read as one" in a.text


def test_the_spellings_are_joined_on_dask_and_said_to_come_from_a_sample() -> None:
    # the spellings are read from a sample of the partitions: one written only in another
    # partition would be counted apart, so the answer says so and is partial
    frame = dd.from_pandas(TICKETS, npartitions=2)
    a = analyse("what is the mean hours of chat tickets?", {"tickets": frame})
    assert a.status == "partial", a.text
    assert "sample of the partitions" in a.text, a.text
    assert a.value == pytest.approx(FOLDED[FOLDED.channel == "chat"].hours.mean()), a.text


def test_labels_written_one_way_read_as_before() -> None:
    a = analyse("mean hours by priority", {"tickets": TICKETS})
    truth = TICKETS.groupby("priority")["hours"].mean()
    assert a.status == "answered", a.text
    assert "read as one" not in a.text
    assert isinstance(a.value, dict) and a.value == pytest.approx(truth.to_dict()), a.value


def test_a_share_measures_every_spelling() -> None:
    a = analyse("what percentage of tickets are email?", {"tickets": TICKETS})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(100 * float((FOLDED.channel == "email").mean())), a.text


def test_a_later_part_keeps_every_spelling_of_the_rows_it_carries() -> None:
    a = analyse(
        "how many chat tickets are there and what is their average hours?", {"tickets": TICKETS}
    )
    chat = FOLDED[FOLDED.channel == "chat"]
    assert a.status == "answered", a.text
    assert a.value == (len(chat), pytest.approx(chat.hours.mean())), a.text
    assert a.text.count("read as one") == 1, a.text


def test_distinct_labels_count_every_spelling_once() -> None:
    a = analyse("how many distinct channels are there?", {"tickets": TICKETS})
    assert a.status == "answered", a.text
    assert a.value == FOLDED.channel.nunique(), a.text
