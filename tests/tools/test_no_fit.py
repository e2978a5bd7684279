"""Declining what no tool does: a verb no tool performs, and how much of a request is left over.

Requests here are written for these tests (none is a line of the labelled sets): each asks
for something none of the 129 catalogue tools does while sharing words with one of them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notebook_router.tools import ToolRouter, ToolSpec
from notebook_router.tools.fit import Evidence, model
from notebook_router.tools.rules import best_candidate

CATALOG = Path(__file__).resolve().parents[1] / "data" / "tool_routing" / "catalog" / "tools.json"


def _tools() -> list[ToolSpec]:
    return [ToolSpec.from_openai(t) for t in json.loads(CATALOG.read_text())]


@pytest.mark.parametrize("word_vectors", [False, True], ids=["lexical", "word-vectors"])
def test_an_everyday_verb_opening_the_request_is_its_action_not_a_value(
    word_vectors: bool,
) -> None:
    """ "bet 5 on chelsea" shares a team with the sports scores tool, but betting is not
    looking up a score: "bet" is the verb, no team; the decline names it. The same team
    asked about the way the tool works still reaches it."""
    router = ToolRouter(_tools(), model="offline", word_vectors=word_vectors)
    decision = router.choose("bet 5 on chelsea to beat spurs")
    assert decision.tool is None
    assert "'bet'" in decision.reason
    assert router.choose("encrypt notes.txt with a password").tool is None
    assert router.choose("chelsea score").tool == "get_sports_scores"
    assert router.choose("generate a password with 16 characters").tool == "generate_password"
    # a verb of setting is the action of a tool that sets, and of no other tool
    assert router.choose("change the volume to 30").tool == "set_volume"
    assert router.choose("change the thermostat to 68").tool == "set_thermostat"
    changed = router.choose("change my password to hunter2")
    assert changed.tool is None and "'change'" in changed.reason


def test_the_verb_is_left_over_for_a_tool_that_is_not_written_with_it() -> None:
    """The accounting shows the opening verb left over ([bet]) and the value after it not
    taken by the team input."""
    choice = best_candidate("bet 5 on chelsea to beat spurs", _tools())
    assert choice is not None
    verbs = [p for p in choice.accounting.left if p.verb]
    assert [p.text for p in verbs] == ["bet"]
    assert "[bet]" in choice.accounting.describe()


def test_the_share_of_a_request_left_over_counts_against_a_fit() -> None:
    """One word left over of two says more against a fit than one of many: the same
    evidence with a larger share left over has lower odds of fitting."""
    choice = best_candidate("weather in Oslo", _tools())
    assert choice is not None
    evidence = choice.evidence
    assert "left_share" in evidence.features()
    assert model().weights["left_share"] < 0
    pieces = evidence.accounting.pieces
    fewer = Evidence(evidence.coverage, evidence.name, evidence.missing_inputs, evidence.accounting)
    left = type(evidence.accounting)(
        tuple(p if i else type(p)(p.text, p.start, p.end, "left") for i, p in enumerate(pieces))
    )
    more = Evidence(evidence.coverage, evidence.name, evidence.missing_inputs, left)
    assert more.features()["left_share"] > fewer.features()["left_share"]
    assert more.score < fewer.score


@pytest.mark.parametrize("word_vectors", [False, True], ids=["lexical", "word-vectors"])
def test_a_word_of_degree_asked_about_is_no_word_left_over(word_vectors: bool) -> None:
    """ "is the uv index *high*" asks the tool's reading and how it compares: the degree
    word is asked about, as "safe" or "good" are, not something no tool does."""
    router = ToolRouter(_tools(), model="offline", word_vectors=word_vectors)
    assert router.choose("is the uv index high in denver").tool == "get_uv_index"
    assert router.choose("is the pollen count low in leeds today").tool == "get_pollen_count"
    assert router.choose("how strong is the uv in miami").tool == "get_uv_index"
    # a word that orders things is not one of degree: a sort is still no tool's
    assert router.choose("sort 4 19 2 33 from biggest to smallest").tool is None


@pytest.mark.parametrize("word_vectors", [False, True], ids=["lexical", "word-vectors"])
def test_a_list_of_numbers_is_no_place(word_vectors: bool) -> None:
    """The mode of a list of numbers shares "mode" with the directions tool's travel mode,
    but the numbers are data, not a destination: nothing takes them and the router
    declines. A number in an address still goes with it."""
    router = ToolRouter(_tools(), model="offline", word_vectors=word_vectors)
    assert router.choose("the mode of 7 7 8 9 10 please").tool is None
    choice = best_candidate("the mode of 7 7 8 9 10 please", _tools())
    assert choice is not None and "destination" not in choice.extraction.inputs
    assert all(p.role == "left" for p in choice.accounting.pieces if p.value == "number")
    address = router.choose("walking directions to 22 baker street")
    assert address.tool == "get_directions"


def test_a_time_opening_the_object_is_its_modifier_not_its_head() -> None:
    """In "book the 8am flight" the flight is what is booked, not 8am: the table-booking
    tool is left with the flight as the object it does not take, and declines; a table
    booked the same way still fits."""
    choice = best_candidate("book the 8am flight to denver please", _tools())
    assert choice is not None
    assert [p.text for p in choice.accounting.left if p.object] == ["flight"]
    router = ToolRouter(_tools(), model="offline", word_vectors=False)
    assert router.choose("book the 8am flight to denver please").tool is None
    assert router.choose("book the 7pm table at nopa for 2").tool == "book_restaurant_table"


@pytest.mark.parametrize("word_vectors", [False, True], ids=["lexical", "word-vectors"])
def test_a_request_that_says_nothing_but_when_is_declined(word_vectors: bool) -> None:
    """Small talk with a time in it asks nothing a tool does: "today" alone is no request
    for sunrise times. A time word that is the tool's own name ("what day") still is."""
    router = ToolRouter(_tools(), model="offline", word_vectors=word_vectors)
    assert router.choose("hi there, how are you doing today?").tool is None
    choice = best_candidate("hi there, how are you doing today?", _tools())
    assert choice is not None and choice.accounting.mismatch == "when"
    assert router.choose("what day of the week is it today").tool == "day_of_week"
    assert router.choose("sunrise tomorrow in lisbon").tool == "get_sunrise_sunset"


@pytest.mark.parametrize("word_vectors", [False, True], ids=["lexical", "word-vectors"])
def test_what_the_user_did_is_asked_only_of_a_tool_that_keeps_it(word_vectors: bool) -> None:
    """ "How many steps did I do" asks for the user's own record: a SQL runner or a look-up
    of facts keeps none, so the router declines. A tool that searches the user's things
    still answers such a question."""
    router = ToolRouter(_tools(), model="offline", word_vectors=word_vectors)
    assert router.choose("how many steps did i do yesterday").tool is None
    choice = best_candidate("how many steps did i do yesterday", _tools())
    assert choice is not None and choice.accounting.mismatch == "record"
    inbox = router.choose("did I get any emails from dana this morning")
    assert inbox.tool == "search_inbox"


@pytest.mark.parametrize("word_vectors", [False, True], ids=["lexical", "word-vectors"])
def test_a_number_in_a_unit_of_another_measure_is_declined(word_vectors: bool) -> None:
    """A length converter takes "12 hectares" as a number and is left with an area: the
    router declines it as a unit of another measure, while lengths still convert."""
    router = ToolRouter(_tools(), model="offline", word_vectors=word_vectors)
    assert router.choose("convert 12 hectares into miles").tool is None
    choice = best_candidate("convert 12 hectares into miles", _tools())
    assert choice is not None and choice.accounting.mismatch == "unit"
    assert router.choose("convert 12 kilometres into miles").tool == "convert_length"
