"""The built-in summariser: extractive offline, abstractive with a model.

It summarises what it is given: text in the task itself (after a colon, or
quoted), the results of earlier tasks (tables described in sentences),
notebook outputs attached to the run, files and tables the task names, and
the shared context. Offline it keeps the sentences that carry the text (numbers
and conclusions first) up to the length asked for ("in 2 sentences", "in 50
words", "briefly"). With a model it writes the summary; with a model and no
material, a topic ("the causes of the French revolution") is summarised from
the model's general knowledge and said to be. Its offline core is
:mod:`notebook_router.offline.team.summarisation`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pydantic import BaseModel, Field

from notebook_router.agents.base import AgentContext, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.material import (
    Source,
    given_sources,
    numbered,
    unread_files,
    with_unread,
)
from notebook_router.agents.builtin.replies import ask_json
from notebook_router.agents.cores import BuiltinAgent, by_rules_or_model
from notebook_router.agents.roles import GENERALIST
from notebook_router.result import AgentResult
from notebook_router.text.extractive import LengthTarget, length_target, without_length

SUMMARISATION = "summarisation"
INLINE_MIN_WORDS = 12
"""Words after a colon (or in quotes) for the task itself to count as the text to summarise."""

SYSTEM = (
    "You summarise. Keep the numbers and the conclusions; do not add facts that are not "
    "in the material. Cite the material's numbers in brackets, e.g. [1], where you use it."
)
GENERAL = (
    "You summarise a topic from general knowledge, accurately and briefly: the main "
    "points, the key numbers and dates, and the conclusion."
)
_INLINE = re.compile(r":\s*(.+)$|[\"“](.+)[\"”]", re.DOTALL)

Extract = Callable[[list[Source], LengthTarget, str], AgentResult]
"""The summariser's offline core: the sentences that carry the material, to the length asked
for (``extract(material, target, request)``)."""


class SummaryReply(BaseModel):
    """What the model answers with."""

    summary: str = Field(min_length=1)
    confidence: float = Field(default=0.8, ge=0.0, le=1.0)


class Summarisation(BuiltinAgent[Extract]):
    """Summarises text, notebook outputs, tables and earlier results."""

    name = SUMMARISATION
    roles = frozenset({GENERALIST})
    description = (
        "Summarisation: summarises text, notebook outputs, DataFrame descriptions and the "
        "results of earlier tasks, keeping numbers and conclusions, to a length you ask "
        "for; with a model it can also summarise a topic."
    )
    capabilities = parse_capabilities(
        [
            ("summarise", 0.9),
            ("summary", 0.8),
            ("tl;dr", 0.7),
            ("key points", 0.7),
            ("condense", 0.7),
            ("shorten", 0.6),
            ("gist", 0.6),
            ("brief", 0.5),
        ]
    )

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        request = task.description
        material = _material(request, context)
        target = length_target(request)
        unread = unread_files(context, request)
        result = await by_rules_or_model(
            context,
            rules=lambda: self.offline_core(material, target, request),
            model=lambda: self._abstractive(request, material, target, context),
        )
        return with_unread(result, unread)

    async def _abstractive(
        self, request: str, material: list[Source], target: LengthTarget, context: AgentContext
    ) -> AgentResult:
        length = _length_words(target)
        if material:
            prompt = f"Task: {request}\n{length}\n\nMaterial:\n{numbered(material)}"
            system = SYSTEM
        else:
            prompt = f"Task: {request}\n{length}"
            system = GENERAL
        reply = await ask_json(
            context, prompt, system=system, schema=SummaryReply, purpose="agent.summarisation"
        )
        summary = reply.parsed.summary if reply.parsed else reply.plain_text
        if not summary:
            if material:  # the model failed us: the sentences themselves still summarise
                fallback = self.offline_core(material, target, request)
                note = f"the model's reply was unusable ({reply.problem}); extracted instead"
                return fallback.model_copy(update={"error": note, "status": "partial"})
            return AgentResult.failed(f"the model gave no usable summary ({reply.problem})")
        confidence = reply.parsed.confidence if reply.parsed else 0.5
        if not material:
            return AgentResult(
                data=summary,
                summary=summary,
                confidence=min(confidence, 0.7),
                # Complete, but unsourced: said so where the answer lists what to do next.
                suggestions=("from the model's general knowledge: give sources to have it cited",),
            )
        return AgentResult(
            data=summary,
            summary=summary,
            confidence=confidence,
            citations=tuple(s.citation() for s in material),
        )


def _material(request: str, context: AgentContext) -> list[Source]:
    text = _inline(request)
    if not text and context.goal != request and context.goal.startswith(request.rstrip(".")):
        # The planner may have cut "Summarise: <text>" at its first sentence: the goal has it all.
        text = _inline(context.goal)
    if text:  # the task brings its material: the notebook's other data is not it
        return [Source("the task", text)]
    return given_sources(context, request)


def _inline(request: str) -> str:
    """The text the request carries itself (after a colon, or quoted), if long enough."""
    found = _INLINE.search(request)
    text = without_length((found.group(1) or found.group(2)).strip()) if found else ""
    return text if len(text.split()) >= INLINE_MIN_WORDS else ""


def _length_words(target: LengthTarget) -> str:
    if target.sentences:
        return f"Length: at most {target.sentences} sentences."
    if target.words:
        return f"Length: at most {target.words} words."
    return "Length: a short paragraph."
