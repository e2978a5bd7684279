"""A model behind the loopback OpenAI server that plans and answers as a sensible one would.

It reads the run state a model planner sends (the JSON view) and replies with
what its words call for: the first decision gives the goal to the agent whose
capabilities share the most words with it, a later one completes, and the
answer quotes each task's result with its id. Deterministic, so a recording
of it replays to the same answers; every request it saw is on the server.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tests.providers.servers import LoopbackServer, Reply, openai_completion, openai_stream

_WORD = re.compile(r"[a-z]+")


def view_of(body: dict[str, Any]) -> dict[str, Any] | None:
    """The run state a planner request carries (None for other requests)."""
    for message in body.get("messages", []):
        content = message.get("content")
        if isinstance(content, list):
            content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
        if isinstance(content, str) and "```json\n" in content:
            document: dict[str, Any] = json.loads(
                content.split("```json\n", 1)[1].rsplit("```", 1)[0]
            )
            return document
    return None


def schema_name(body: dict[str, Any]) -> str | None:
    fmt = body.get("response_format") or {}
    name = (fmt.get("json_schema") or {}).get("name")
    return str(name) if name else None


def reply_text(body: dict[str, Any]) -> str:
    """What the model answers to ``body``."""
    view = view_of(body)
    name = schema_name(body)
    if view is not None and name == "Decision":
        return json.dumps(_decide(view))
    if view is not None and name == "Synthesis":
        found = "; ".join(f"{t.get('summary', '')} [{t['id']}]" for t in view.get("tasks", []))
        return json.dumps({"answer": f"For {view['goal']!r}: {found}.", "attributions": []})
    last = body["messages"][-1]["content"]
    return f"The model read {len(str(last))} characters."


def _decide(view: dict[str, Any]) -> dict[str, Any]:
    if view.get("tasks"):
        return {"action": "complete", "reason": "every task has its result"}
    goal = set(_WORD.findall(view["goal"].lower()))

    def overlap(card: dict[str, Any]) -> int:
        words = set(_WORD.findall(f"{card['name']} {card.get('capabilities', '')}".lower()))
        return len(goal & words)

    agent = max(view["agents"], key=overlap)["name"]
    task = {"id": "t1", "agent": agent, "description": view["goal"]}
    return {"action": "execute", "reason": f"{agent} fits the goal", "run": [task]}


def respond(body: dict[str, Any]) -> Reply:
    """The server's reply: streamed when the request asks for a stream."""
    text = reply_text(body)
    if body.get("stream"):
        pieces = [text[i : i + 16] for i in range(0, len(text), 16)]
        return Reply(200, {}, events=openai_stream(pieces))
    return Reply(200, openai_completion(text))


def planner_server() -> LoopbackServer:
    """A loopback OpenAI server answering with :func:`respond`."""
    return LoopbackServer(respond=respond)
