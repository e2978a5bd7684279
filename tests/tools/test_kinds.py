"""A request that names one kind of a thing is declined by a tool for another kind of it.

"A *pie* chart" of a line-chart tool, "the *variance*" of a standard-deviation tool, "the
*least common multiple*" of a median tool, "*working* days" of a day counter, "the *TV*"
of a lights tool: each shares the tool's words but asks for something it does not make.
The tool for the kind asked is still chosen. The requests and the small tables here are
written for these tests (none is a line of the labelled sets).
"""

from __future__ import annotations

import pytest

from notebook_router.tools import ToolRouter, ToolSpec


def _tool(name: str, description: str, properties: dict[str, str]) -> ToolSpec:
    return ToolSpec.from_openai(
        {
            "type": "function",
            "function": {
                "name": name,
                "description": description,
                "parameters": {
                    "type": "object",
                    "properties": {
                        key: {"type": "string", "description": text}
                        for key, text in properties.items()
                    },
                    "required": list(properties)[:1],
                },
            },
        }
    )


def _numbers() -> list[ToolSpec]:
    return [
        _tool("draw_line_chart", "Draw a line chart of values.", {"values": "Numbers"}),
        _tool("sd_of_numbers", "Standard deviation of some numbers.", {"values": "Numbers"}),
        _tool("median_value", "The median of a list of numbers.", {"values": "Numbers"}),
        _tool("count_days", "Count the days between two dates.", {"start": "From", "end": "To"}),
    ]


def _home() -> list[ToolSpec]:
    return [
        _tool("switch_lamps", "Switch the lamps in a room on or off.", {"room": "Room"}),
        _tool("door_lock", "Lock or unlock the smart door lock.", {"door": "Which door"}),
        _tool("exercise_energy", "Calories burned by an exercise.", {"activity": "Exercise"}),
    ]


@pytest.mark.parametrize(
    "request_text",
    [
        "draw a pie chart of 12, 30, 58",
        "bar chart of 4 9 2 7",
        "variance of 3, 8, 8, 10",
        "the lcm of 14 and 21",
        "how many business days between june 2 and june 27",
    ],
)
def test_another_kind_of_chart_statistic_or_day_is_declined(request_text: str) -> None:
    router = ToolRouter(_numbers(), model="offline", word_vectors=False)
    assert router.choose(request_text).tool is None


@pytest.mark.parametrize(
    ("request_text", "tool"),
    [
        ("draw a line chart of 12, 30, 58", "draw_line_chart"),
        ("standard deviation of 3, 8, 8, 10", "sd_of_numbers"),
        ("median of 14, 21 and 3", "median_value"),
        ("how many days between june 2 and june 27", "count_days"),
    ],
)
def test_the_kind_the_tool_names_is_still_chosen(request_text: str, tool: str) -> None:
    router = ToolRouter(_numbers(), model="offline", word_vectors=False)
    assert router.choose(request_text).tool == tool


@pytest.mark.parametrize(
    "request_text",
    [
        "switch on the television in the lounge",
        "unlock the garage door",
        "how many calories did I eat at lunch",
    ],
)
def test_another_device_or_the_other_side_of_calories_is_declined(request_text: str) -> None:
    router = ToolRouter(_home(), model="offline", word_vectors=False)
    assert router.choose(request_text).tool is None


@pytest.mark.parametrize(
    ("request_text", "tool"),
    [
        ("switch on the lamps in the lounge", "switch_lamps"),
        ("unlock the front door", "door_lock"),
        ("calories burned by 20 minutes of rowing", "exercise_energy"),
    ],
)
def test_the_device_the_tool_names_is_still_chosen(request_text: str, tool: str) -> None:
    router = ToolRouter(_home(), model="offline", word_vectors=False)
    assert router.choose(request_text).tool == tool


def test_a_kind_inside_what_is_to_be_said_does_not_count() -> None:
    """A request to be reminded to turn off the oven names the oven in the reminder's
    text, not as a device the reminder tool would have to be."""
    tools = [
        _tool("set_reminder", "Set a reminder at a time.", {"text": "What", "at": "When"}),
        _tool("set_thermostat", "Set the thermostat temperature.", {"temperature": "Degrees"}),
    ]
    router = ToolRouter(tools, model="offline", word_vectors=False)
    assert router.choose("remind me at 6pm to turn off the oven").tool == "set_reminder"


def test_another_tax_or_score_is_declined_and_its_own_is_chosen() -> None:
    tools = [
        _tool("sales_tax", "Sales tax (VAT) on a price.", {"price": "Price"}),
        _tool("match_scores", "Scores of a sports team or league.", {"team": "Team"}),
    ]
    router = ToolRouter(tools, model="offline", word_vectors=False)
    assert router.choose("work out my income tax on 48000").tool is None
    assert router.choose("what's my credit score").tool is None
    assert router.choose("vat on a 120 price").tool == "sales_tax"
    assert router.choose("scores of the chelsea match").tool == "match_scores"
