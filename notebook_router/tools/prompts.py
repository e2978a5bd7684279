"""The routing prompt: instructions, the tool catalog, the repair message. Plain text."""

from __future__ import annotations

import json
from collections.abc import Sequence

from notebook_router.providers.base import Message, ToolCall
from notebook_router.tools.spec import Tool

PURPOSE = "tools.route"
MARKER = "Tool routing request (JSON):"

ROUTE = """\
You route one user request to exactly one tool, or to none.

Reply with one JSON object and nothing else:
{"tool": "<tool name>", "inputs": {<arguments>}, "reason": "<a few words>"}
- "tool" is the name of the single tool whose purpose matches what the user asks for.
- When no tool fits the request, reply {"tool": null, "inputs": {}, "reason": "..."}.
  Never force a tool onto a request it does not fit.
- "inputs" holds arguments for that tool's parameters, named and typed as its JSON schema
  says, with enum values written exactly as listed. Use only values the request states or
  clearly implies; leave out what it does not give rather than inventing it.
"""

NATIVE = """\
You route one user request to exactly one tool, or to none.

Call the single function whose purpose matches what the user asks for, once, with arguments
named and typed as its schema says (enum values exactly as listed). Use only values the
request states or clearly implies; leave out what it does not give rather than inventing it.
When no function fits the request, call none and reply with the word none and a few words
why. Never force a function onto a request it does not fit.
"""

NATIVE_REPAIR = (
    "That call could not be used: {problem}. Call one function again, corrected, or none."
)

POLICY = "\nPolicy (follow it when choosing):\n{policy}\n"

REPAIR = """\
Your reply could not be used: {problem}
Reply again with one corrected JSON object: {{"tool": ..., "inputs": {{...}}, "reason": ...}}.
"""


def system_prompt(policy: str | None, *, native: bool = False) -> str:
    """The routing instructions (JSON reply, or a native function call), with the policy."""
    return (NATIVE if native else ROUTE) + (
        POLICY.format(policy=policy.strip()) if policy and policy.strip() else ""
    )


def request_message(query: str, tools: Sequence[Tool]) -> Message:
    """The user message: the request and the candidate tools in OpenAI function format."""
    payload = {"request": query, "tools": [t.spec.to_openai(wrapped=False) for t in tools]}
    return Message(role="user", content=f"{MARKER}\n```json\n{json.dumps(payload, indent=1)}\n```")


def native_request_message(query: str) -> Message:
    """The user message when the tools go as native function declarations."""
    return Message(role="user", content=query)


def native_repair_messages(text: str, calls: Sequence[ToolCall], problem: str) -> list[Message]:
    """The model's unusable call, each call answered with the problem, for the next attempt.

    Every call gets its ``tool`` answer: providers refuse a conversation where
    a call goes unanswered.
    """
    if not calls:
        return [
            Message(role="assistant", content=text),
            Message(role="user", content=NATIVE_REPAIR.format(problem=problem)),
        ]
    answers = [
        Message(role="tool", content=NATIVE_REPAIR.format(problem=problem), tool_call_id=c.id)
        for c in calls
    ]
    return [Message(role="assistant", content=text, tool_calls=tuple(calls)), *answers]


def repair_messages(reply: str, problem: str) -> list[Message]:
    """The model's unusable reply and what was wrong with it, for the next attempt."""
    return [
        Message(role="assistant", content=reply),
        Message(role="user", content=REPAIR.format(problem=problem)),
    ]
