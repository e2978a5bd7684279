"""The team's model protocol: ask for a JSON reply, read it, and say when it is unusable.

Every team agent asks its model for one JSON object (its schema is in the
prompt), and falls back when the reply is not one: to the reply's plain text
when there is some, otherwise to what the agent can do without a model. The
fallback is the agent's to choose; this module only tells it which case it is in.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import BaseModel

from notebook_router.agents.base import AgentContext
from notebook_router.errors import MalformedOutputError
from notebook_router.text.json_reply import parse_model_output

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class Reply(Generic[M]):
    """A model's reply: ``parsed`` when it matched the schema, its ``text`` either way."""

    parsed: M | None
    text: str
    problem: str | None = None
    """Why ``parsed`` is None (the parse error), for the result's caveat."""

    @property
    def plain_text(self) -> str:
        """The reply as prose, for the fallback: empty if it was (broken) JSON or nothing."""
        text = self.text.strip()
        return "" if not text or text[0] in "{[" or text.startswith("```") else text


async def ask_json(
    context: AgentContext, prompt: str, *, system: str, schema: type[M], purpose: str
) -> Reply[M]:
    """Ask ``prompt`` with the JSON schema of ``schema`` appended; never raises on a bad reply."""
    shape = json.dumps(schema.model_json_schema(), separators=(",", ":"))
    text = await context.model.ask(
        f"{prompt}\n\nReply with one JSON object matching this JSON schema:\n{shape}",
        system=system,
        purpose=purpose,
        media=[m for m in context.media if not m.is_text][:4],
    )
    try:
        return Reply(parse_model_output(text, schema), text)
    except MalformedOutputError as exc:
        return Reply(None, text, exc.problem)


def needs_a_model(cannot: str) -> str:
    """What a team agent says offline about work only a model (or a source, or an agent) can do."""
    return (
        f"Without a language model I cannot {cannot}. To get an answer, do one of: set a "
        "model (e.g. `%route model openai:gpt-4o-mini` with OPENAI_API_KEY set, or "
        "--model on the cell); give me sources to read (a file name or a notebook output in "
        "the task, or a search function: Router(search=fn) / %route search FUNCTION); or "
        "define an agent of your own that does it (@agent or %%agent)."
    )
