"""The calibrated no-fit decision: a tool whose required inputs the request cannot give is weaker."""

from __future__ import annotations

import json
from pathlib import Path

from notebook_router.tools import ToolRouter, ToolSpec

CATALOG = Path(__file__).resolve().parents[1] / "data" / "tool_routing" / "catalog" / "tools.json"


def test_sharing_a_word_with_a_tool_that_lacks_its_inputs_is_not_a_fit() -> None:
    tools = [ToolSpec.from_openai(t) for t in json.loads(CATALOG.read_text())]
    router = ToolRouter(tools, model="offline")
    assert router.choose("reset my wifi router").tool is None
    assert router.choose("apply for a mortgage").tool is None
    assert router.choose("weather in Paris").tool == "get_current_weather"
