"""A sum written out ("(17 + 5) * 3") is one value for a tool that evaluates expressions,
even with no word naming the tool, while a phone number with hyphens or an equation with
an unknown is not. The requests and the small tables here are written for these tests
(none is a line of the labelled sets).
"""

from __future__ import annotations

import pytest

from notebook_router.tools import ToolRouter, ToolSpec
from notebook_router.tools.word_vectors import bundled_embedder


def _tool(name: str, description: str, properties: dict[str, dict[str, str]]) -> ToolSpec:
    return ToolSpec.from_openai(
        {
            "type": "function",
            "function": {
                "name": name,
                "description": description,
                "parameters": {
                    "type": "object",
                    "properties": properties,
                    "required": list(properties),
                },
            },
        }
    )


def _tools() -> list[ToolSpec]:
    return [
        _tool(
            "calc",
            "Work out an arithmetic formula.",
            {"formula": {"type": "string", "description": "The formula"}},
        ),
        _tool(
            "square_number",
            "Square a whole number.",
            {"n": {"type": "integer", "description": "The number"}},
        ),
        _tool(
            "dial",
            "Place a phone call to a number.",
            {"number": {"type": "string", "description": "Phone number"}},
        ),
    ]


@pytest.mark.parametrize(
    ("request_text", "formula"),
    [
        ("what's 250 / 5 - 9", "250 / 5 - 9"),
        ("work out 3 * (2 + 7) pls", "3 * (2 + 7)"),
        ("(8 + 4) * 6", "(8 + 4) * 6"),
    ],
)
def test_a_written_sum_goes_to_the_formula_tool_whole(request_text: str, formula: str) -> None:
    """Without a word of the tool's, the sum is found near it in meaning (word vectors)
    and taken because nothing in the request is left over."""
    if bundled_embedder() is None:
        pytest.skip("a request of numbers alone reaches a tool through the word vectors")
    router = ToolRouter(_tools(), model="offline")
    decision = router.choose(request_text)
    assert decision.tool == "calc"
    assert decision.inputs == {"formula": formula}


def test_a_phone_number_with_hyphens_is_not_a_sum() -> None:
    router = ToolRouter(_tools(), model="offline", word_vectors=False)
    decision = router.choose("call 555-0147")
    assert decision.tool == "dial"


def test_numbers_alone_with_no_operator_are_not_routed() -> None:
    """Bare numbers name no tool: nothing says what to do with them."""
    router = ToolRouter(_tools(), model="offline", word_vectors=False)
    assert router.choose("4 9 16").tool is None


def test_an_equation_with_an_unknown_is_not_a_formula_to_work_out() -> None:
    router = ToolRouter(_tools(), model="offline", word_vectors=False)
    decision = router.choose("x^3 - 2x + 1 = 0")
    assert decision.inputs.get("formula") is None
