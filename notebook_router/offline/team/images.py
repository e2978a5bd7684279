"""The images agent's offline core: what each image's facts say, in sentences.

For a matplotlib figure made in the kernel, what the figure object knew (title, axes,
series, ranges); for any image, its size, colours and the words OCR reads, those words
first when the request asks for the text, the figure's trend first when it asks for one.
"""

from __future__ import annotations

from notebook_router.agents.builtin.annotations import annotated
from notebook_router.agents.builtin.images import IMAGES, Images, findings, name_of
from notebook_router.agents.builtin.media_found import cite
from notebook_router.language.references import aspects_asked
from notebook_router.media import Media
from notebook_router.readers.image import ImageFacts
from notebook_router.result import AgentResult


def give(agent: Images) -> None:
    """Give the images agent its offline core."""
    agent.rules = described


def described(facts: list[tuple[Media, ImageFacts]], request: str) -> AgentResult:
    """What each image's facts say, in sentences (the words in it first when asked for)."""
    lines = []
    asked = aspects_asked(request, "image")
    for media, found in facts:
        line = found.summary()
        if "text" in asked and found.figure is None:
            line = _text_first(found)
        trend = found.figure.trend() if found.figure is not None else None
        if "trend" in asked and trend:
            line = f"{trend} {line}"
        lines.append((media, f"{name_of(media)}: {line}"))
    text = "\n".join(line for _, line in lines)
    sure = any(f.figure is not None or f.text for _, f in facts)
    return AgentResult(
        data=findings(facts, [line for _, line in lines]),
        summary=text,
        confidence=0.8 if sure else 0.5,
        citations=tuple(cite(m, name_of(m), line) for m, line in lines),
        media=tuple(
            annotated(m, IMAGES, line, f) for (m, line), (_, f) in zip(lines, facts, strict=True)
        ),
    )


def _text_first(found: ImageFacts) -> str:
    if found.text:
        words = " ".join(found.text.split())
        return f"The text in it reads: “{words}”. ({found.width}×{found.height} {found.mode})"
    if found.ocr:
        return f"OCR found no text in it. {found.summary()}"
    return found.summary()
