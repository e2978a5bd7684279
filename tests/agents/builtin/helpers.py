"""Building one team agent's task and context by hand, offline or with a scripted model."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from notebook_router.agents.base import AgentContext, Inputs, TaskRequest
from notebook_router.context.shared import SharedContext
from notebook_router.media import Media
from notebook_router.offline.team import equip
from notebook_router.providers.base import CompletionRequest, ModelClient, Provider
from notebook_router.providers.registry import resolve_model
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage

A = TypeVar("A")


def context_for(
    description: str,
    *,
    model: Provider | None = None,
    inputs: Iterable[tuple[str, str, Any]] = (),
    media: Iterable[Media] = (),
    shared: Mapping[str, Any] | None = None,
    goal: str | None = None,
    user_words: str | None = None,
) -> tuple[TaskRequest, AgentContext]:
    """A task and the context an agent would get for it in a run (``user_words``: what
    the user said in that run, when the task is not their own words)."""
    provider = model or resolve_model("offline")
    request = TaskRequest(
        id="t9",
        description=description,
        goal=goal or description,
        agent="x",
        user_words=user_words,
    )
    context = AgentContext(
        run_id="run",
        goal=goal or description,
        task=request,
        inputs=Inputs(inputs),
        shared=SharedContext(dict(shared or {})),
        model=ModelClient(provider, lambda usage, source: None, "agent"),
        media=list(media),
    )
    return request, context


def model_replying(*replies: Any) -> ScriptedProvider:
    """A scripted model answering with ``replies`` in turn (dicts are sent as JSON)."""
    return ScriptedProvider(list(replies), usage=Usage())


def prompt_of(request: CompletionRequest) -> str:
    """Everything a request says, system message included."""
    return "\n".join(m.content for m in request.messages)


def equipped(agent: A) -> A:
    """``agent`` with its offline core, as a router gives its built-ins theirs."""
    equip([agent])
    return agent
