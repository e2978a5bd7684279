"""The word-by-word accounting: every content word of a request absorbed by the chosen tool, or left.

Each case routes a request over the 129-tool catalogue (tests/data/tool_routing/catalog)
and checks what the accounting says of one tool, and what the router then does.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from notebook_router.language.tables import DATA
from notebook_router.tools import ToolRouter, ToolSpec
from notebook_router.tools.absorb import Accounting, account
from notebook_router.tools.extract import extract_inputs
from notebook_router.tools.rules import catalog_for
from notebook_router.tools.word_vectors import bundled_embedder

CATALOG = Path(__file__).resolve().parents[1] / "data" / "tool_routing" / "catalog" / "tools.json"
SPECS = [ToolSpec.from_openai(t) for t in json.loads(CATALOG.read_text())]


def accounting(request: str, tool: str) -> Accounting:
    catalog = catalog_for(SPECS)
    doc = next(i for i, spec in enumerate(catalog.specs) if spec.name == tool)
    spec = catalog.specs[doc]
    query = catalog.relevance.read(request)
    return account(request, spec, query, catalog.relevance.bags[doc], extract_inputs(request, spec))


def left(request: str, tool: str) -> list[str]:
    return [p.text for p in accounting(request, tool).left]


@pytest.mark.parametrize(
    ("request_", "tool"),
    [
        ("wats the weather in berlin rn", "get_current_weather"),  # a name in lower case
        ("remind me to take the bins out at 7pm", "set_reminder"),  # what to say, and when
        ("send a text to +44 7700 900123 saying running late", "send_sms"),  # one number
        ("split 96 dollars between 3 people", "split_bill"),  # what a number counts
        ("how many calories in an avocado", "get_nutrition_facts"),
        ("hotels in Barcelona for 12-15 June", "search_hotels"),
        ("is github.com down", "check_website_status"),  # a domain's ending is part of it
        ("movie times near me", "get_movie_showtimes"),  # "near a location", as written
        ("summarize this article: the council met and agreed the budget", "summarize_text"),
        ("pls call mom", "make_phone_call"),
        ("quel temps fait-il à Lyon", "get_current_weather"),  # French function words
        ("summarise the following report", "summarize_text"),  # a text names what it acts on
        ("call the plumber about the leak", "make_phone_call"),  # a word for a person
        ("ring my sister", "make_phone_call"),
        ("bmi for 178 cm and 82 kg", "calculate_bmi"),  # units of what its inputs measure
        ("set the heating to 21 degrees", "set_thermostat"),
        ("log 750 ml of water", "log_water_intake"),
        ("vacuum the bedroom", "start_vacuum"),  # a room, even as what the verb acts on
        ("lights off in the guest bedroom", "set_lights"),
    ],
)
def test_a_request_a_tool_does_is_absorbed_word_by_word(request_: str, tool: str) -> None:
    assert left(request_, tool) == [], accounting(request_, tool).describe()


def test_the_accounting_says_which_input_takes_each_value() -> None:
    described = accounting("wats the weather in berlin rn", "get_current_weather").describe()
    assert "berlin→city" in described
    assert "weather" in described and "[" not in described


@pytest.mark.parametrize(
    ("request_", "tool", "leftover"),
    [
        ("send a text message to bob", "send_email", "text message"),  # a concept it lacks
        ("sell my bitcoin", "get_crypto_price", "sell"),  # the verb
        ("send a fax to the insurance company", "send_email", "fax"),  # what is sent
        ("what's the weather like in my car", "get_current_weather", "car"),  # not a name
        ("convert 5 acres to hectares", "convert_length", "acres"),  # not one of its units
        ("what are the prime factors of 84", "is_prime", "factor"),
        ("send flowers to my mom", "send_email", "flowers"),  # the thing sent
        ("join the video call", "make_phone_call", "video"),  # no word for a person
        ("split 3 gigabytes between 2 people", "split_bill", "gigabytes"),  # another measure
        ("set the thermostat to 3 bar", "set_thermostat", "bar"),  # a pressure, not a heat
        ("switch on the coffee machine", "set_lights", "coffee"),  # a thing, not a room
    ],
)
def test_what_a_tool_cannot_absorb_is_left_over(request_: str, tool: str, leftover: str) -> None:
    assert any(leftover in text for text in left(request_, tool)), accounting(
        request_, tool
    ).describe()


def test_the_router_declines_and_names_what_no_tool_absorbs() -> None:
    router = ToolRouter(SPECS, model="offline", word_vectors=False)
    declined = router.choose("sell my bitcoin")
    assert declined.tool is None
    assert "'sell'" in declined.reason
    assert router.choose("book a massage").tool is None
    assert router.choose("send a fax to the insurance company").tool is None


def test_a_request_whose_words_a_tool_absorbs_is_routed_to_it() -> None:
    router = ToolRouter(SPECS, model="offline", word_vectors=False)
    assert router.choose("tick off renew passport").tool == "complete_todo_item"
    assert router.choose("distance between tokyo and osaka").tool == "distance_between_cities"
    decided = router.choose("remind me to take the bins out at 7pm")
    assert decided.tool == "set_reminder"


def test_absorbing_ranks_the_tool_that_takes_the_request_s_values_first() -> None:
    router = ToolRouter(SPECS, model="offline", word_vectors=False)
    assert router.choose("find cheap flights from london to nyc on dec 3").tool == "search_flights"


def test_the_accounting_word_lists_hold_no_repeats() -> None:
    tables = tomllib.loads((DATA / "accounting.toml").read_text(encoding="utf-8"))
    for name, words in tables.items():
        repeated = [w for w, n in Counter(words).items() if n > 1]
        assert not repeated, (name, repeated)


def test_with_word_vectors_a_word_that_means_one_of_the_tool_s_words_is_absorbed() -> None:
    embedder = bundled_embedder()
    if embedder is None:
        pytest.skip("the [embeddings] extra is not installed: pip install '.[embeddings]'")
    wash = ToolSpec(name="book_car_wash", description="Book a car wash.", parameters={})
    catalog = catalog_for([wash])
    request = "book a wash for my automobile"
    query = catalog.relevance.read(request)
    bag, extraction = catalog.relevance.bags[0], extract_inputs(request, wash)
    by_words = account(request, wash, query, bag, extraction)
    assert [p.text for p in by_words.left] == ["automobile"]
    by_meaning = account(request, wash, query, bag, extraction, meaning=catalog.meaning(embedder))
    assert by_meaning.left == []


def test_a_list_of_numbers_takes_the_data_a_request_names() -> None:
    correlation = ToolSpec(
        name="correlation",
        description="Correlation coefficient between two numeric series.",
        parameters={
            "type": "object",
            "properties": {
                "x": {"type": "array", "items": {"type": "number"}},
                "y": {"type": "array", "items": {"type": "number"}},
            },
            "required": ["x", "y"],
        },
    )
    catalog = catalog_for([correlation])
    request = "correlation between price and demand"
    query = catalog.relevance.read(request)
    found = account(
        request, correlation, query, catalog.relevance.bags[0], extract_inputs(request, correlation)
    )
    assert found.left == [], found.describe()


def test_a_value_does_not_run_across_the_end_of_a_sentence() -> None:
    # "music dinner book cooking class" is no room's name: the "!" ends the first part
    leftover = left("lights, music, dinner! book me a cooking class", "set_lights")
    assert "music" in leftover and "dinner" in leftover


def test_the_unit_table_holds_no_repeats_within_a_measure() -> None:
    tables = tomllib.loads((DATA / "tools_units.toml").read_text(encoding="utf-8"))
    for part in ("units", "names"):
        for measure, words in tables[part].items():
            repeated = [w for w, n in Counter(words).items() if n > 1]
            assert not repeated, (part, measure, repeated)


def test_the_room_table_holds_no_repeats() -> None:
    tables = tomllib.loads((DATA / "tools_rooms.toml").read_text(encoding="utf-8"))
    for name, words in tables.items():
        repeated = [w for w, n in Counter(words).items() if n > 1]
        assert not repeated, (name, repeated)
