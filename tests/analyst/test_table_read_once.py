"""A table's labels are counted once per frame and again when it changes.

Each question used to count the labels of every column it named (the spellings of a
label, the places a column holds): on a frame of a million rows that was hundreds of
milliseconds a question. The counts now come from the value index kept per frame; a
question after the frame changed sees the change, and a frame that is gone leaves
nothing behind.
"""

from __future__ import annotations

import gc
import weakref

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.analyst import analyse
from notebook_router.analyst.schema import frame_schemas
from notebook_router.data import values as values_module


def _tickets() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "channel": ["Chat", "Email", "Chat", "Phone", "Email", "Chat"],
            "hours": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
        }
    )


def test_a_question_after_a_new_column_value_sees_it() -> None:
    tickets = _tickets()
    first = analyse("how many tickets by web?", {"tickets": tickets})
    assert first.status != "answered" or first.value == 0, first.text
    tickets["channel"] = ["Chat", "Web", "Web", "Phone", "Email", "Chat"]
    again = analyse("how many tickets by web?", {"tickets": tickets})
    assert again.status == "answered", again.text
    assert again.value == 2, again.text


def test_spellings_typed_later_are_joined() -> None:
    tickets = _tickets()
    assert analyse("number of tickets per channel", {"tickets": tickets}).status == "answered"
    tickets["channel"] = ["Chat", "chat", "CHAT", "Phone", "Email", "Chat"]
    a = analyse("number of tickets per channel", {"tickets": tickets})
    assert a.status == "answered", a.text
    assert isinstance(a.value, dict), a.value
    assert {str(k).lower(): v for k, v in a.value.items()} == {"chat": 4, "phone": 1, "email": 1}


def test_the_same_frame_under_two_names_has_two_schemas() -> None:
    tickets = _tickets()
    schemas = frame_schemas({"tickets": tickets, "log": tickets})
    assert (schemas["tickets"].name, schemas["log"].name) == ("tickets", "log")
    assert schemas["tickets"].frame is tickets and schemas["log"].frame is tickets


def test_a_frame_that_is_gone_is_not_kept() -> None:
    tickets = _tickets()
    frame_schemas({"tickets": tickets})
    gone = weakref.ref(tickets)
    kept = len(values_module._INDEXES)
    del tickets
    gc.collect()
    assert gone() is None, "the kept index holds the frame alive"
    assert len(values_module._INDEXES) < kept


@pytest.mark.parametrize("amounts", [["$1,200.50", "$3.00", "$40.25"]])
def test_amounts_held_as_text_are_read_from_the_kept_schema(amounts: list[str]) -> None:
    orders = pd.DataFrame({"amount": amounts, "region": ["North", "South", "North"]})
    for _ in range(2):  # the second question reads the kept schema
        a = analyse("total amount in the North", {"orders": orders})
        assert a.status == "answered", a.text
        assert a.value == pytest.approx(1240.75), a.text
