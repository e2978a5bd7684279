"""The built-in images agent: says what an image or a chart shows, and reads the text in it.

It works on the raster images the run holds (a cell's figure, "the chart
above", an image file the task names). Offline it reports what
:func:`~notebook_router.readers.image.read_image` finds: for a matplotlib
figure made in the kernel, what the figure object itself knew (title, axes,
series, ranges); for any image, its size, colours and the words OCR reads (its
offline core, :mod:`notebook_router.offline.team.images`). With a model, the images
go to it as vision parts, with those facts as grounding, and the model answers the task.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from notebook_router.agents.base import AgentContext, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.annotations import annotated
from notebook_router.agents.builtin.media_found import cite, named_first
from notebook_router.agents.cores import BuiltinAgent, by_rules_or_model
from notebook_router.errors import MediaReadError, ProviderError
from notebook_router.media import Media
from notebook_router.readers.files import IMAGE_TYPES
from notebook_router.readers.image import ImageFacts, is_image, read_image
from notebook_router.readers.named import media_named, refused_named
from notebook_router.result import AgentResult
from notebook_router.threads import in_thread

IMAGES = "images"
MAX_IMAGES = 4
"""Images looked at per task (a model gets them all as parts; more would cost too much)."""
SYSTEM = (
    "You look at images and charts and answer exactly what is asked. Use the facts given "
    "(a chart's title, axes and series; text read by OCR) and what you see; say when "
    "something cannot be read."
)


Describe = Callable[[list[tuple[Media, ImageFacts]], str], AgentResult]
"""The images agent's offline core: what each image's facts say, in sentences
(``describe(facts, request)``)."""


class Images(BuiltinAgent[Describe]):
    """Describes images and charts, and reads the text in them."""

    name = IMAGES
    description = (
        "Images: what an image, chart, figure, photo or screenshot shows (a chart's title, "
        "axes and series; size, colours) and reads the text in it (OCR)."
    )
    capabilities = parse_capabilities(
        [("image", 0.95), ("chart", 0.9), ("screenshot", 0.9), ("picture", 0.8), ("ocr", 0.9)]
    )
    reads = ("image/",)

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        request = task.description
        images = await in_thread(images_for, request, context.media, task.user_words)
        if not images:
            refused = refused_named(request, IMAGE_TYPES, user_words=task.user_words)
            return AgentResult.unable(
                f"There is no image to look at for “{request}”{refused}: refer to one (“the "
                "chart above”, Out[3]) or name an image file in the task (e.g. `shot.png`)."
            )
        # Off the event loop: OCR of a large scan takes seconds (the panel and Stop go on).
        facts, problems = await in_thread(_read_all, images[:MAX_IMAGES])
        if not facts:
            return AgentResult.failed("; ".join(problems))
        result = await by_rules_or_model(
            context,
            rules=lambda: self.offline_core(facts, request),
            model=lambda: _with_model(facts, request, context, self),
        )
        if problems:
            result = result.model_copy(update={"status": "partial", "error": "; ".join(problems)})
        return result


def _read_all(images: list[Media]) -> tuple[list[tuple[Media, ImageFacts]], list[str]]:
    facts: list[tuple[Media, ImageFacts]] = []
    problems: list[str] = []
    for media in images:
        try:
            facts.append((media, read_image(media)))
        except MediaReadError as exc:
            problems.append(str(exc))
    return facts, problems


def images_for(request: str, media: list[Media], user_words: str | None = "") -> list[Media]:
    """The raster images the run holds (those the request names first), then the image
    files the task names (those outside the notebook's folder only when ``user_words``,
    the user's own, name them)."""
    held = named_first([m for m in media if is_image(m)], request)
    named = media_named(request, types=IMAGE_TYPES.values(), have=media, user_words=user_words)
    return [*held, *named]


def findings(facts: list[tuple[Media, ImageFacts]], said: list[str]) -> Any:
    """The result's data: per image, its ``source`` and ``summary`` (as the audio and
    video agents give theirs, so an answer combining media cites each by its source),
    with the facts read from it; one image gives one finding, several a list."""
    found = [
        {
            "source": name_of(media),
            "summary": line,
            "size": [image.width, image.height],
            "colours": [c.name for c in image.colours],
            "text": image.text,
            "figure": None if image.figure is None else image.figure.model_dump(mode="json"),
        }
        for (media, image), line in zip(facts, said, strict=True)
    ]
    return found[0] if len(found) == 1 else found


def name_of(media: Media) -> str:
    """How an image is named in a result: its source, else "the image"."""
    return media.source or "the image"


async def _with_model(
    facts: list[tuple[Media, ImageFacts]], request: str, context: AgentContext, agent: Images
) -> AgentResult:
    grounding = "\n".join(f"- {name_of(m)}: {f.summary()}" for m, f in facts)
    prompt = f"Task: {request}\n\nWhat was read from the images (in order):\n{grounding}"
    try:
        answer = await context.model.ask(
            prompt, system=SYSTEM, purpose="agent.images", media=[m for m, _ in facts]
        )
    except ProviderError as exc:  # the facts still answer much of it
        fallback = agent.offline_core(facts, request)
        note = f"the model could not look at the images ({exc}); described from their facts"
        return fallback.model_copy(update={"status": "partial", "error": note})
    answer = answer.strip()
    if not answer:
        fallback = agent.offline_core(facts, request)
        return fallback.model_copy(
            update={"status": "partial", "error": "the model said nothing; described instead"}
        )
    return AgentResult(
        data=findings(facts, [answer] * len(facts)),
        summary=answer,
        confidence=0.8,
        citations=tuple(cite(m, name_of(m), f.summary()) for m, f in facts),
        media=tuple(annotated(m, IMAGES, answer, f) for m, f in facts),
    )
