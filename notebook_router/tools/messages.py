"""What the user reads when no tool can run: no tool fits, inputs missing, retries ran out.

Friendly and specific, and never an internal error: the details stay in
``ToolDecision.error`` for the developer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from notebook_router.tools.spec import Tool

if TYPE_CHECKING:
    from notebook_router.tools.decision import ToolDecision

FallbackMessage = Callable[[str, "ToolDecision"], str]
_LISTED = 6


def default_fallback(query: str, decision: ToolDecision) -> str:
    """The message for a request no tool can handle (pass your own as ``fallback_message``)."""
    if decision.error:
        return (
            "Sorry, I could not work out how to handle that request just now. "
            "Please try again, or rephrase it."
        )
    names = decision.candidates[:_LISTED]
    if not names:
        return "Sorry, I don't have a tool for that."
    more = len(decision.candidates) - len(names)
    listing = ", ".join(n.replace("_", " ") for n in names) + (
        f" and {more} more" if more > 0 else ""
    )
    return f"Sorry, none of my tools can do that. I can help with: {listing}."


def missing_message(tool: Tool, missing: list[str]) -> str:
    """Ask for the required inputs the request did not give, described by the schema."""
    props = tool.spec.properties
    asks = []
    for name in missing:
        schema = props.get(name, {})
        what = schema.get("description") or name.replace("_", " ")
        options = schema.get("enum")
        if options:
            what = f"{what.rstrip('.')} (one of {', '.join(map(str, options))})"
        asks.append(f"{name}: {what}")
    return f"To use {tool.name} I also need " + "; ".join(asks) + "."
