"""Another kind of the thing a tool is named for: "a *pie* chart" of a line-chart tool.

Requests here are written for these tests (none is a line of the labelled sets): each
puts an everyday noun before a word of a catalogue tool's name that the name gives its
own kind ("line chart", "sports scores", "sales tax").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notebook_router.tools import ToolRouter, ToolSpec
from notebook_router.tools.kinds import name_kinds
from notebook_router.tools.rules import best_candidate

CATALOG = Path(__file__).resolve().parents[1] / "data" / "tool_routing" / "catalog" / "tools.json"


def _tools() -> list[ToolSpec]:
    return [ToolSpec.from_openai(t) for t in json.loads(CATALOG.read_text())]


@pytest.mark.parametrize("word_vectors", [False, True], ids=["lexical", "word-vectors"])
def test_another_kind_of_the_named_thing_is_declined(word_vectors: bool) -> None:
    """A credit score is no sports score and income tax no sales tax: the router declines
    and says which word the closest tool has no use for, while the tool's own kind, a
    word of time or place before it, and a kind the tool is written with still reach it."""
    router = ToolRouter(_tools(), model="offline", word_vectors=word_vectors)
    credit = router.choose("how good is my credit score")
    assert credit.tool is None
    assert "'credit'" in credit.reason
    assert router.choose("work out my income tax on 48000").tool is None
    assert router.choose("arsenal scores").tool == "get_sports_scores"
    assert router.choose("latest sports scores for the lakers").tool == "get_sports_scores"
    assert router.choose("sales tax on 80 at 8 percent").tool == "calculate_sales_tax"
    # "bus" is one of the kinds the transit tool is written with ("bus, train or subway")
    assert router.choose("bus schedule at stop 4411").tool == "get_transit_schedule"


def test_the_kind_word_is_left_over_and_the_mismatch_named() -> None:
    """The accounting shows the kind left over, as what the request acts on, and the
    mismatch as one of kind."""
    choice = best_candidate("how good is my credit score", _tools())
    assert choice is not None and choice.spec.name == "get_sports_scores"
    assert choice.accounting.mismatch == "kind"
    assert "[credit]" in choice.accounting.describe()


def test_where_a_thing_is_kept_or_a_qualifier_names_no_kind() -> None:
    """A calendar event may be any event and "nearby" qualifies places without naming a
    kind of them: those names give no kind, so "the dentist event" still fits."""
    assert name_kinds("plot_line_chart") == {"chart": "line"}
    assert name_kinds("cancel_calendar_event") == {}
    assert name_kinds("find_nearby_places") == {}
    assert name_kinds("set_alarm") == {}
    router = ToolRouter(_tools(), model="offline", word_vectors=False)
    assert router.choose("cancel the dentist event").tool == "cancel_calendar_event"
    assert router.choose("coffee places nearby").tool == "find_nearby_places"
    # the request names the tool's own kind as well: a lunch event on the calendar
    assert router.choose("move the lunch event on my calendar to 2pm").tool in (
        "reschedule_calendar_event",
    )
