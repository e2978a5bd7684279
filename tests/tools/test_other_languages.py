"""Requests written in French, Spanish, German, Italian or Portuguese reach the tool an
English request would, and their near misses are declined as in English.

The requests and the small tables here are written for these tests (none is a line of
the labelled sets).
"""

from __future__ import annotations

import pytest

from notebook_router.language.gloss import gloss
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


def _assistant() -> list[ToolSpec]:
    return [
        _tool("start_timer", "Start a countdown timer for a duration.", {"duration": "How long"}),
        _tool("send_email", "Send an email to a recipient.", {"to": "Address", "body": "Text"}),
        _tool("get_weather", "Get the current weather for a city.", {"city": "City"}),
        _tool("play_song", "Play a song or an artist on the speaker.", {"query": "What to play"}),
        _tool(
            "create_meeting",
            "Create a calendar meeting at a time.",
            {"title": "Title", "when": "Start"},
        ),
    ]


@pytest.mark.parametrize(
    ("request_text", "tool"),
    [
        ("pon un temporizador de 8 minutos", "start_timer"),
        ("lance un minuteur de 5 minutes", "start_timer"),
        ("envía un correo a luis@ejemplo.org", "send_email"),
        ("schick eine E-Mail an petra@beispiel.de", "send_email"),
        ("spiele ein Lied von Nena", "play_song"),
        ("crée une réunion demain à 10h", "create_meeting"),
    ],
)
def test_a_request_in_another_language_reaches_its_tool(request_text: str, tool: str) -> None:
    router = ToolRouter(_assistant(), model="offline", word_vectors=False)
    assert router.choose(request_text).tool == tool


@pytest.mark.parametrize(
    "request_text",
    ["arrête le minuteur", "stoppe den Timer bitte", "cancela la reunión de mañana"],
)
def test_the_opposite_action_in_another_language_is_declined(request_text: str) -> None:
    """Stopping a timer or cancelling a meeting is not starting or creating one, in
    French, German or Spanish as in English."""
    router = ToolRouter(_assistant(), model="offline", word_vectors=False)
    assert router.choose(request_text).tool is None


@pytest.mark.parametrize(
    "request_text",
    [
        "set a timer for la lasagna",
        "weather in los angeles",
        "turn on der lights",
        "3pm et in paris time",
        "mets score last night",
    ],
)
def test_english_requests_are_read_as_they_are(request_text: str) -> None:
    """A place, a time zone or a name that looks like a word of another language does not
    make an English request be read as one."""
    assert gloss(request_text) == request_text


def test_addresses_and_quoted_text_keep_their_words() -> None:
    """What a request gives to send or to translate is kept word for word."""
    glossed = gloss('envía "hola y adiós" a correo@correo.es mañana')
    assert '"hola y adiós"' in glossed
    assert "correo@correo.es" in glossed
    assert glossed.startswith("send")
