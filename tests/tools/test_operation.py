"""The operation a request asks for, the channel it names, and the router declining a tool
that does neither.

Requests here are written for these tests (not taken from the labelled routing files) and
routed over the 129-tool catalogue (tests/data/tool_routing/catalog).
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from notebook_router.language.tables import DATA
from notebook_router.tools import ToolRouter, ToolSpec
from notebook_router.tools.operation import asked, mismatch, performs
from notebook_router.tools.service import differs, request_channels, tool_channels

CATALOG = Path(__file__).resolve().parents[1] / "data" / "tool_routing" / "catalog" / "tools.json"
SPECS = {s.name: s for s in (ToolSpec.from_openai(t) for t in json.loads(CATALOG.read_text()))}


@pytest.fixture(scope="module")
def router() -> ToolRouter:
    return ToolRouter(list(SPECS.values()), model="offline", word_vectors=False)


@pytest.mark.parametrize(
    ("request_", "tool"),
    [
        ("forward the pricing email to olga@north.io", "send_email"),  # forwarding is not sending
        ("sell 40 shares of Tesla", "transfer_money"),  # selling is not moving money
        ("delete the dentist note", "create_note"),  # removing is not making
        ("unlock the shed", "set_lights"),
        ("cancel the cab to the station", "request_ride"),  # requesting does not undo
        ("end the call with the bank", "make_phone_call"),
    ],
)
def test_an_operation_the_tool_does_not_perform_is_a_mismatch(request_: str, tool: str) -> None:
    assert mismatch(asked(request_), performs(SPECS[tool])) == "operation"


@pytest.mark.parametrize(
    ("request_", "tool"),
    [
        ("email olga@north.io the pricing sheet", "send_email"),
        ("please lock the garage door", "lock_door"),
        ("can you push the standup to 11", "reschedule_calendar_event"),  # a phrasal verb
        ("what's the share price of Tesla", "get_stock_price"),
        ("could you delete old.log", "delete_file"),  # a modal then "you" asks for it done
        ("get me a cab to the station", "request_ride"),  # a light verb names no operation
        ("ring the bank", "make_phone_call"),
    ],
)
def test_the_operation_a_tool_performs_is_no_mismatch(request_: str, tool: str) -> None:
    assert mismatch(asked(request_), performs(SPECS[tool])) == ""


def test_a_question_put_to_a_tool_that_only_changes_things_is_a_mismatch() -> None:
    assert mismatch(asked("did I log a workout on tuesday?"), performs(SPECS["log_workout"])) == (
        "question"
    )
    assert mismatch(asked("log a 5k run, 28 minutes"), performs(SPECS["log_workout"])) == ""


def test_a_change_asked_of_a_tool_that_only_reads_is_a_mismatch(router: ToolRouter) -> None:
    assert mismatch(asked("sell 40 shares of Tesla"), performs(SPECS["get_stock_price"])) == (
        "reads"
    )
    assert router.choose("buy 3 shares of MSFT").tool is None
    # the tool's own word read as a verb is no change asked: "*share* price of MSFT"
    assert router.choose("share price of MSFT").tool == "get_stock_price"


def test_the_words_that_name_the_operation_are_reported() -> None:
    assert asked("hey can you forward that to dana@x.org").verb == "forward"


def test_a_channel_is_named_by_its_verb_a_means_word_or_what_is_sent() -> None:
    assert request_channels("message priya on discord that I'm late") == {"discord"}
    assert request_channels("whatsapp priya that I'm late") == {"whatsapp"}
    assert request_channels("send a fax to the bank") == {"fax"}
    # a word that is also everyday English names a channel only after a means word
    assert request_channels("send a signal to the team that we start") == frozenset()
    assert request_channels("tell the team via signal that we start") == {"signal"}


def test_a_tool_built_for_one_channel_does_not_serve_another() -> None:
    whatsapp = tool_channels(SPECS["send_whatsapp_message"])
    assert "whatsapp" in whatsapp
    assert differs(request_channels("message priya on discord that I'm late"), whatsapp)
    assert not differs(request_channels("whatsapp priya that I'm late"), whatsapp)
    assert not differs(request_channels("tell priya I'm late"), whatsapp)  # no channel named


def test_the_router_declines_an_operation_or_channel_no_tool_offers(router: ToolRouter) -> None:
    assert router.choose("forward the pricing email to olga@north.io").tool is None
    assert router.choose("message priya on discord that I'm late").tool is None


def test_a_declined_question_says_the_closest_tool_only_changes_things(router: ToolRouter) -> None:
    declined = router.choose("did I log a workout on tuesday?")
    assert declined.tool is None
    assert "log_workout, changes things and does not answer a question" in declined.reason


def test_the_router_still_routes_what_a_tool_does(router: ToolRouter) -> None:
    assert router.choose("email olga@north.io the pricing sheet").tool == "send_email"
    assert router.choose("whatsapp priya that I'm late").tool == "send_whatsapp_message"
    assert router.choose("what's the share price of Tesla").tool == "get_stock_price"
    assert router.choose("can you push the standup to 11").tool == "reschedule_calendar_event"


@pytest.mark.parametrize("name", ["operations.toml", "services.toml"])
def test_the_operation_and_channel_tables_hold_no_repeats(name: str) -> None:
    tables = tomllib.loads((DATA / name).read_text(encoding="utf-8"))
    for group, entries in tables.items():
        for key, words in entries.items():
            repeated = [w for w, n in Counter(words).items() if n > 1]
            assert not repeated, (group, key, repeated)
