"""The built-in video agent: a clip's frames extracted, described, and annotated.

It works on the run's video (media attached or made by an earlier task) and
video files the task names (``clip.mp4``). Each clip is decoded with PyAV
(:func:`~notebook_router.readers.video.read_video`): duration, frame rate,
size, and its key frames topped up with evenly spaced ones. Every frame is
described by the image reader (:func:`describe_frames`: colours, and its
words by OCR), and the frames come back as media with
their time and description drawn on them (the "video → annotated frames"
transformation). With a model, the video itself goes to it (Gemini reads
video; OpenAI gets the frames as images, see the providers' wire modules)
and its account leads the answer; the frames are still measured and cited.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from notebook_router.agents.base import AgentContext, BaseAgent, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.media_found import cite, label, media_of_kind
from notebook_router.agents.cores import by_rules_or_model
from notebook_router.errors import MediaError, ProviderError
from notebook_router.media import Media
from notebook_router.result import AgentResult, Citation
from notebook_router.threads import in_thread

if TYPE_CHECKING:
    from notebook_router.readers.video import VideoFacts

VIDEO = "video"
SHOWN_FRAMES = 6
"""Annotated frames returned per clip (the run's output shows up to six images)."""
SYSTEM = (
    "You watch a video for a user. Describe what happens over time, citing timestamps, and "
    "answer their question; use the measured facts given; say plainly what you cannot tell."
)


def describe_frames(frames: Sequence[Media]) -> list[str]:
    """One description per frame, in order: what the image reader sees in it.

    Frames are images, so they are read as the images agent reads any image
    (:func:`~notebook_router.readers.image.read_image`): size, dominant
    colours, and the words in the frame by OCR where tesseract is installed
    (a title card, a caption, a slide filmed in a talk). A note that holds for
    every frame alike (OCR skipped: tesseract is not installed) is said once, with
    the first frame that has it.
    """
    from notebook_router.readers.image import read_image

    said: set[str] = set()
    out = []
    for frame in frames:
        facts = read_image(frame)
        notes = [n for n in facts.notes if n not in said]
        said.update(facts.notes)
        out.append(facts.model_copy(update={"notes": notes}).summary())
    return out


class Video(BaseAgent):
    """Extracts, describes and annotates a video's frames; with a model, watches it."""

    name = VIDEO
    builtin = True
    description = (
        "Video: watches video clips and movie files (.mp4, .mov, .webm, .mkv, .avi) from "
        "the notebook or on disk: duration, frame rate and size, extracts key frames with "
        "their timestamps, describes each frame and returns the frames annotated with "
        "time and description; with a model it describes what happens in the video."
    )
    capabilities = parse_capabilities(
        [
            ("video", 0.9),
            ("clip", 0.8),
            ("frames", 0.8),
            ("key frames", 0.8),
            ("movie", 0.7),
            ("footage", 0.7),
            ("mp4", 0.7),
            ("annotate", 0.5),
        ]
    )

    reads = ("video/",)

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        clips, unread = await in_thread(media_of_kind, context, task.description, "video")
        if not clips:
            return AgentResult.unable(_nothing_to_watch(unread))
        from notebook_router.readers.video import frame_time

        findings: list[dict[str, Any]] = []
        frames_out: list[Media] = []
        citations: list[Citation] = []
        problems = list(unread)
        for n, clip in enumerate(clips, 1):
            name = label(clip, f"video {n}")
            try:  # decoding, OCR and drawing on a worker thread: the loop keeps turning
                facts, shown, said, drawn = await in_thread(_watch, clip)
            except MediaError as exc:
                problems.append(f"{name}: {exc}")
                continue
            frames_out += drawn
            finding = {
                "source": name,
                "summary": facts.summary(),
                "duration_s": round(facts.duration_s, 3),
                "fps": round(facts.fps, 3),
                "size": [facts.width, facts.height],
                "frames": [
                    {"time_s": frame_time(f), "key": bool(f.metadata.get("key")), "described": d}
                    for f, d in zip(shown, said, strict=True)
                ],
            }
            findings.append(finding)
            citations.append(cite(clip, name, facts.summary()))
        if not findings:
            return AgentResult.failed("; ".join(problems))
        measured = " ".join(_account(f) for f in findings)
        summary, confidence = await by_rules_or_model(
            context,
            rules=lambda: (measured, 0.85),  # offline, the frames described are the account
            model=lambda: _watched(task, context, clips, measured, problems),
        )
        return AgentResult(
            status="partial" if problems else "fulfilled",
            data=findings[0] if len(findings) == 1 else findings,
            summary=summary,
            confidence=confidence,
            media=tuple(frames_out),
            citations=tuple(citations),
            error="; ".join(problems) or None,
        )


async def _watched(
    task: TaskRequest, context: AgentContext, clips: list[Media], summary: str, problems: list[str]
) -> tuple[str, float]:
    """The model's account of the video ahead of the frames' (they stand alone when it cannot
    watch), and how sure the answer is."""
    try:
        watched = await context.model.ask(
            f"Task: {task.description}\nMeasured: {summary}",
            system=SYSTEM,
            purpose="agent.video",
            media=clips[:2],
        )
    except ProviderError as exc:
        problems.append(f"the model could not watch ({exc}); described the frames instead")
        return summary, 0.7
    return (f"{watched.strip()}\n\n{summary}" if watched.strip() else summary), 0.85


def _watch(clip: Media) -> tuple[VideoFacts, list[Media], list[str], list[Media]]:
    """A clip's facts, the frames shown, what each shows, and the frames annotated."""
    from notebook_router.readers.video import annotate_frames, read_video

    facts = read_video(clip)
    shown = list(facts.frames[:SHOWN_FRAMES])
    said = describe_frames(shown)
    return facts, shown, said, annotate_frames(shown, said)


def _nothing_to_watch(unread: list[str]) -> str:
    if unread:
        return f"I cannot read the video file ({'; '.join(unread)}; looked in the working folder)."
    return (
        "There is no video in this task: name a video file (e.g. `describe the video "
        "clip.mp4`; .mp4, .mov, .webm, .mkv, .avi) or attach one to the run."
    )


def _account(finding: dict[str, Any]) -> str:
    from notebook_router.readers.audio import duration_text

    width, height = finding["size"]
    frames = "; ".join(
        f"{f['time_s']:.2f} s{' (key frame)' if f['key'] else ''}: {f['described'].rstrip('.')}"
        for f in finding["frames"]
    )
    return (
        f"The video {finding['source']} is {duration_text(finding['duration_s'])} long, "
        f"{width}×{height} at {finding['fps']:g} fps. Frames: {frames}."
    )
