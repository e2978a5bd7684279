"""``offline``: the embedded default model. No key, no network, no weights.

As a model it can only repeat what it is given: a chat request gets an
extractive reply built from the request's own sentences, and media gets an
honest note of what its type, size and labels say. It produces no structured
output. Offline runs plan with
:class:`~notebook_router.offline.planner.RulePlanner` and route tools with
:mod:`notebook_router.tools.rules` instead: rules, not model calls, which the
router and the tool router choose when the model is this one. It never
pretends to know anything that is not in its input.
"""

from __future__ import annotations

import re
from collections import Counter

from notebook_router.errors import ProviderError
from notebook_router.language.lexicon import terms
from notebook_router.providers.base import Completion, CompletionRequest, Provider, TextSink
from notebook_router.providers.offline.media import describe_all
from notebook_router.providers.streaming import word_groups
from notebook_router.usage import Usage, estimate_tokens

NAME = "offline"
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def is_offline(provider: Provider) -> bool:
    """Whether ``provider`` is the offline model (or a recording of it).

    Its plans and tool choices come from rules, not from model calls.

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
        """Answer ``request`` from its own text; deterministic for a given request."""
        text = self._reply(request)
        prompt_chars = sum(len(m.content) for m in request.messages)
        usage = Usage(
            input_tokens=(prompt_chars + 3) // 4,
            output_tokens=estimate_tokens(text),
            calls=1,
        )
        return Completion(text=text, model=f"offline:{self.model}", usage=usage)

    async def stream(self, request: CompletionRequest, on_text: TextSink) -> Completion:
        """:meth:`complete`, with the reply handed to ``on_text`` a few words at a time.

        The pieces are the same for the same request, so a streamed offline run
        looks (and records) the same every time.
        """
        completion = await self.complete(request)
        for piece in word_groups(completion.text):
            on_text(piece)
        return completion

    def _reply(self, request: CompletionRequest) -> str:
        if request.json_schema is not None:
            raise ProviderError(
                f"The offline model cannot produce structured output ({request.purpose!r}): it "
                "only repeats sentences and media labels it is given. Use a real model "
                "(e.g. --model openai:gpt-4o-mini) for structured output. Offline runs plan "
                "and route tools with rules: leave Router(planner=...) unset and it picks "
                "them."
            )
        media = [m for message in request.messages for m in message.media]
        if media:
            # Say plainly what it cannot do, then what the media's own labels say.
            found = _extract(request)
            return describe_all(media) + (f"\n\n{found}" if found else "")
        return extractive_reply(request)

    def __repr__(self) -> str:
        return f"OfflineProvider(model={self.model!r})"


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
    wanted = Counter(terms(ask))
    candidates = [s.strip() for s in _SENTENCE.split(material) if s.strip()]
    scored = sorted(
        range(len(candidates)),
        key=lambda i: (-sum(wanted[t] for t in terms(candidates[i])), i),
    )
    keep = sorted(scored[:sentences])
    return " ".join(candidates[i] for i in keep)
