"""``offline``: the embedded default model. No key, no network, no weights.

It answers the router's own requests (decide, redirect, synthesise) with
deterministic rules over the JSON run state in the prompt, and plain chat
requests with an extractive reply built from the prompt's own text. Tool
routing for the offline model is :mod:`notebook_router.tools.rules`, which
the tool router calls directly. It is
what a new user, Binder and CI see first, so its plans have to be good ones
for sensible requests over sensible agents; it never pretends to know
anything that is not in its input.
"""

from __future__ import annotations

import json
import re
from collections import Counter

from pydantic import BaseModel

from notebook_router.errors import ProviderError
from notebook_router.planner.prompts import VIEW_MARKER
from notebook_router.planner.synthesis import template_synthesis
from notebook_router.planner.view import PlannerView
from notebook_router.providers.base import Completion, CompletionRequest, Provider
from notebook_router.providers.offline import rules
from notebook_router.providers.offline.media import describe_all
from notebook_router.text.tokens import tokens
from notebook_router.usage import Usage, estimate_tokens

NAME = "offline"
_JSON_BLOCK = re.compile(r"```json\s*(\{.*\})\s*```", re.DOTALL)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def is_offline(provider: Provider) -> bool:
    """Whether ``provider`` is the offline model (or a recording of it).

    Its tool choices come from rules, not from model calls.

    >>> from notebook_router.providers.registry import resolve_model
    >>> is_offline(resolve_model("offline")), is_offline(resolve_model("offline:tiny"))
    (True, True)
    """
    return provider.name == NAME


class OfflineProvider:
    """The embedded default model (``offline``)."""

    name = NAME

    def __init__(self, model: str = "default") -> None:
        self.model = model or "default"

    async def complete(self, request: CompletionRequest) -> Completion:
        """Answer ``request`` by its purpose; deterministic for a given request."""
        text = self._reply(request)
        prompt_chars = sum(len(m.content) for m in request.messages)
        usage = Usage(
            input_tokens=(prompt_chars + 3) // 4,
            output_tokens=estimate_tokens(text),
            calls=1,
        )
        return Completion(text=text, model=f"offline:{self.model}", usage=usage)

    def _reply(self, request: CompletionRequest) -> str:
        purpose = request.purpose
        if purpose == "router.decide":
            return _dump(rules.decide(_view(request)))
        if purpose == "router.redirect":
            return _dump(rules.redirect(_view(request)))
        if purpose == "router.synthesise":
            return _dump(template_synthesis(_view(request)))
        if request.json_schema is not None:
            raise ProviderError(
                f"The offline model cannot produce structured output for {purpose!r}: it only "
                "plans, redirects and synthesises for the router. Use a real model "
                "(e.g. --model openai:gpt-4o-mini) for other structured tasks."
            )
        media = [m for message in request.messages for m in message.media]
        if media:
            # Say plainly what it cannot do, then what the media's own labels say.
            found = _extract(request)
            return describe_all(media) + (f"\n\n{found}" if found else "")
        return extractive_reply(request)

    def __repr__(self) -> str:
        return f"OfflineProvider(model={self.model!r})"


def _view(request: CompletionRequest) -> PlannerView:
    content = request.messages[-1].content if request.messages else ""
    match = _JSON_BLOCK.search(content) if VIEW_MARKER in content else None
    if match is None:
        raise ProviderError(
            f"The offline model got a {request.purpose!r} request without the run state it "
            "plans from; build router prompts with notebook_router.planner.prompts."
        )
    return PlannerView.model_validate(json.loads(match.group(1)))


def _dump(model: BaseModel) -> str:
    return model.model_dump_json(exclude_defaults=True)


def extractive_reply(request: CompletionRequest, sentences: int = 3) -> str:
    """Answer a chat request with the sentences of its own input that best fit the ask.

    The first line of the last user message is taken as the ask; the rest of
    the conversation is the material. Honest by construction: it only ever
    repeats what it was given.
    """
    users = [m.content for m in request.messages if m.role == "user"]
    if not users:
        return "(offline model: nothing to answer)"
    found = _extract(request, sentences)
    if found is None:
        ask = users[-1].strip().partition("\n")[0]
        return (
            "The offline model can only work from text it is given. "
            f"Nothing was provided for: {ask.strip()}"
        )
    return found


def _extract(request: CompletionRequest, sentences: int = 3) -> str | None:
    """The best-fitting sentences of the request's material, or None if it has none."""
    users = [m.content for m in request.messages if m.role == "user"]
    if not users:
        return None
    ask, _, rest = users[-1].strip().partition("\n")
    material = " ".join([*users[:-1], rest]).strip()
    if not material:
        return None
    wanted = Counter(tokens(ask))
    candidates = [s.strip() for s in _SENTENCE.split(material) if s.strip()]
    scored = sorted(
        range(len(candidates)),
        key=lambda i: (-sum(wanted[t] for t in tokens(candidates[i])), i),
    )
    keep = sorted(scored[:sentences])
    return " ".join(candidates[i] for i in keep)
