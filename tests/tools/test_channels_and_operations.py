"""A channel named by what goes out through it, checking in and updating are read as what
they are: "a *signal* message" is not a WhatsApp message, "*check in* for my flight" is
not its status, "*update* Ann's number" is not a text message. The requests and the small
tables here are written for these tests (none is a line of the labelled sets).
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


def _tools() -> list[ToolSpec]:
    return [
        _tool("whatsapp", "Send a WhatsApp message to a contact.", {"contact": "Who"}),
        _tool("slack_post", "Post a message to a Slack channel.", {"channel": "Where"}),
        _tool("flight_status", "Get the status of a flight by number.", {"flight": "Number"}),
        _tool("text_message", "Send an SMS to a phone number.", {"number": "Phone number"}),
    ]


@pytest.mark.parametrize(
    "request_text",
    [
        "send a signal message to my cousin",
        "post in the teams chat that lunch is here",
        "check in for flight LH400",
        "update Ann's phone number to 555 0142",
    ],
)
def test_another_channel_or_operation_is_declined(request_text: str) -> None:
    router = ToolRouter(_tools(), model="offline", word_vectors=False)
    assert router.choose(request_text).tool is None


@pytest.mark.parametrize(
    ("request_text", "tool"),
    [
        ("send a whatsapp message to my cousin", "whatsapp"),
        ("post in the #lunch channel that lunch is here", "slack_post"),
        ("status of flight LH400", "flight_status"),
        ("text 555 0142 that I'm here", "text_message"),
    ],
)
def test_the_channel_or_operation_the_tool_serves_is_chosen(request_text: str, tool: str) -> None:
    router = ToolRouter(_tools(), model="offline", word_vectors=False)
    assert router.choose(request_text).tool == tool
