"""The summariser's offline core: the sentences that carry the material, to the length asked.

Numbers and conclusions first (:func:`~notebook_router.text.extractive.summarise`),
each source cited when a sentence of it was kept.
"""

from __future__ import annotations

from notebook_router.agents.builtin.material import Source
from notebook_router.agents.builtin.replies import needs_a_model
from notebook_router.agents.builtin.summarisation import Summarisation
from notebook_router.result import AgentResult
from notebook_router.text.extractive import LengthTarget, summarise


def give(agent: Summarisation) -> None:
    """Give the summariser its offline core."""
    agent.rules = extractive


def extractive(material: list[Source], target: LengthTarget, request: str) -> AgentResult:
    """The sentences that carry ``material``, without a model."""
    if not material:
        return AgentResult.unable(
            f"There is no text to summarise for “{request}”: give the text (after a colon, "
            "or as a file, a notebook output or an earlier result). "
            + needs_a_model("summarise a topic from general knowledge")
        )
    text = "\n\n".join(s.text for s in material)
    sentences = summarise(text, target)
    summary = " ".join(sentences)
    return AgentResult(
        data=summary,
        summary=summary,
        confidence=0.7,
        citations=tuple(s.citation() for s in material if _uses(s, sentences)),
    )


def _uses(source: Source, sentences: list[str]) -> bool:
    flat = " ".join(source.text.split())
    return any(s in flat for s in sentences)
