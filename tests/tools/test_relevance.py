"""Offline relevance: the lexicon, stemming and the "nothing fits" decision, as a user sees them."""

from __future__ import annotations

import json
from pathlib import Path

from notebook_router.tools import ToolRouter, ToolSpec

CATALOG = Path(__file__).resolve().parents[1] / "data" / "tool_routing" / "catalog" / "tools.json"

SEND_EMAIL = ToolSpec(
    name="send_email",
    description="Send an email message to a recipient.",
    parameters={
        "type": "object",
        "properties": {"to": {"type": "string"}, "body": {"type": "string"}},
        "required": ["to", "body"],
    },
)
CALCULATE_TIP = ToolSpec(
    name="calculate_tip",
    description="Calculate the tip for a bill amount and tip percentage.",
    parameters={
        "type": "object",
        "properties": {
            "bill_amount": {"type": "number"},
            "tip_percent": {"type": "number"},
        },
        "required": ["bill_amount"],
    },
)


def _catalog() -> list[ToolSpec]:
    return [ToolSpec.from_openai(t) for t in json.loads(CATALOG.read_text())]


def test_a_request_sharing_only_a_verb_with_the_tool_fits_none() -> None:
    router = ToolRouter([SEND_EMAIL], model="offline")
    decision = router.choose("send a text message to my sister")
    assert decision.tool is None
    assert decision.message


def test_a_request_using_none_of_the_tools_words_finds_it() -> None:
    alone = ToolRouter([CALCULATE_TIP], model="offline").choose(
        "how much gratuity should I leave on $80"
    )
    assert alone.tool == "calculate_tip"
    assert alone.inputs["bill_amount"] == 80
    among_many = ToolRouter(_catalog(), model="offline").choose(
        "how much gratuity should I leave on $80"
    )
    assert among_many.tool == "calculate_tip"


def test_the_text_message_goes_to_the_sms_tool_when_there_is_one() -> None:
    decision = ToolRouter(_catalog(), model="offline").choose(
        "send a text message to +44 7700 900123 saying running late"
    )
    assert decision.tool == "send_sms"


def test_word_forms_meet_through_the_stemmer() -> None:
    router = ToolRouter(_catalog(), model="offline")
    assert router.choose("what are the gratuities on a 64 dollar bill").tool == "calculate_tip"
    assert router.choose("translating 'good night' to French").tool == "translate_text"
