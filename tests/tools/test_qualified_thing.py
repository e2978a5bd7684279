"""A word before the thing a tool is named for that says which one, not another kind.

"A *pasta* timer" is a kitchen timer for the pasta, "a *return* ticket" a flight ticket
for the way there and back, "*business* headlines" news headlines on a topic and
"*football* scores" sports scores of a sport: the tool named for the thing is the one
asked for. The requests and the small tables here are written for these tests (none is
a line of the labelled sets).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notebook_router.tools import ToolRouter, ToolSpec

CATALOG = Path(__file__).resolve().parents[1] / "data" / "tool_routing" / "catalog" / "tools.json"


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


def _small_table() -> list[ToolSpec]:
    return [
        _tool("set_kitchen_timer", "Start a countdown timer", {"minutes": "Minutes"}),
        _tool(
            "book_flight_ticket",
            "Book a flight ticket between two airports",
            {"origin": "From airport", "destination": "To airport", "date": "Travel date"},
        ),
        _tool("get_stock_price", "Get the latest stock price", {"symbol": "Ticker symbol"}),
        _tool("send_email_message", "Send an email to a recipient", {"to": "Recipient"}),
    ]


@pytest.mark.parametrize(
    ("request_text", "tool"),
    [
        ("set a pasta timer for 10 minutes", "set_kitchen_timer"),
        ("start an egg timer for 4 minutes", "set_kitchen_timer"),
        ("book a return ticket from JFK to LAX on May 3", "book_flight_ticket"),
        ("book a one-way ticket from SFO to SEA on June 9", "book_flight_ticket"),
    ],
)
def test_what_is_timed_or_the_trip_type_keeps_the_tool(request_text: str, tool: str) -> None:
    """What is being timed or the kind of trip says which timer or ticket, and the tool
    named for it is chosen rather than declined."""
    router = ToolRouter(_small_table(), model="offline", word_vectors=False)
    assert router.choose(request_text).tool == tool


@pytest.mark.parametrize("word_vectors", [False, True], ids=["lexical", "word-vectors"])
def test_a_topic_or_a_sport_keeps_the_tool(word_vectors: bool) -> None:
    """A news topic or a sport before the catalogue's headlines and scores still reaches
    those tools."""
    tools = [ToolSpec.from_openai(t) for t in json.loads(CATALOG.read_text())]
    router = ToolRouter(tools, model="offline", word_vectors=word_vectors)
    assert router.choose("business headlines today").tool == "get_news_headlines"
    assert router.choose("tennis headlines this morning").tool in (
        "get_news_headlines",
        "get_sports_scores",
    )
    assert router.choose("football scores from last night").tool == "get_sports_scores"
    assert router.choose("hockey scores from yesterday").tool == "get_sports_scores"


@pytest.mark.parametrize("word_vectors", [False, True], ids=["lexical", "word-vectors"])
def test_a_word_before_the_thing_never_hands_it_to_a_worse_tool(word_vectors: bool) -> None:
    """A word before the thing of the closest tool does not pass the request on to a tool
    that word fits no better: a conversion rate between currencies is an exchange rate,
    not a speed conversion, and a chart of a series is never a histogram."""
    tools = [ToolSpec.from_openai(t) for t in json.loads(CATALOG.read_text())]
    router = ToolRouter(tools, model="offline", word_vectors=word_vectors)
    rate = router.choose("what is the conversion rate from USD to EUR")
    assert rate.tool == "get_exchange_rate"
    assert router.choose("plot a trend chart of [1,3,2,5]").tool == "plot_line_chart"
    assert router.choose("draw a pie chart of [1,2,3]").tool in ("plot_line_chart", None)
