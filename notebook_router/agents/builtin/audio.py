"""The built-in audio agent: what a recording is, and with a model, what is said in it.

It works on the run's audio (an ``IPython.display.Audio`` output the task
refers to, audio an earlier task made) and audio files the task names.
Offline it measures each clip (:func:`~notebook_router.readers.audio.read_audio`:
duration, sample rate, channels, loudness, silence and sound with their
times). With a model it also transcribes and answers: through the provider's
transcription endpoint when it has one (OpenAI), else by sending the audio
itself as a media part (Gemini, OpenAI's audio models). Each finding cites
the clip it came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from notebook_router.agents.base import AgentContext, BaseAgent, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.annotations import annotated
from notebook_router.agents.builtin.media_found import cite, label, media_of_kind
from notebook_router.agents.cores import by_rules_or_model
from notebook_router.errors import MediaError, ProviderError
from notebook_router.media import Media
from notebook_router.result import AgentResult
from notebook_router.threads import in_thread

AUDIO = "audio"
SYSTEM = (
    "You listen to audio for a user. Answer their question about it from the recording "
    "(or its transcript) and the measured facts given; quote what is said where it helps; "
    "say plainly what you cannot tell."
)


@runtime_checkable
class Transcriber(Protocol):
    """A provider with a transcription endpoint (``OpenAIProvider.transcribe``)."""

    async def transcribe(self, media: Media) -> str: ...


class Audio(BaseAgent):
    """Measures audio offline; transcribes and answers about it with a model."""

    name = AUDIO
    builtin = True
    description = (
        "Audio: listens to audio recordings and sound clips from notebook outputs (an "
        "IPython Audio player, Out[n]) or audio files (.wav, .mp3, .flac, .ogg): how long "
        "the audio is, its sample rate, channels and loudness, where it is silent and "
        "where there is sound; with a model it transcribes the speech and answers "
        "questions about what is said."
    )
    capabilities = parse_capabilities(
        [
            ("audio", 0.9),
            ("sound", 0.8),
            ("recording", 0.8),
            ("transcribe", 0.9),
            ("transcript", 0.8),
            ("listen", 0.7),
            ("loudness", 0.7),
            ("silence", 0.7),
            ("wav", 0.6),
            ("mp3", 0.6),
        ]
    )

    reads = ("audio/",)

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        clips, unread = await in_thread(media_of_kind, context, task.description, "audio")
        if not clips:
            return AgentResult.unable(_nothing_to_hear(unread))
        problems = list(unread)
        heard = await _measure(clips, problems)
        if not heard:
            return AgentResult.failed("; ".join(problems))
        return await by_rules_or_model(
            context,
            rules=lambda: _measured(heard, problems),
            model=lambda: _with_model(task, context, heard, problems),
        )


@dataclass(slots=True)
class _Heard:
    """A clip that decoded, with what was measured in it (and, later, what it says)."""

    media: Media
    finding: dict[str, Any]
    said: str = ""


async def _measure(clips: list[Media], problems: list[str]) -> list[_Heard]:
    """The clips that decode, each with its facts; the others are noted in ``problems``.

    Decoding runs on a worker thread: a long recording must not hold the
    kernel's event loop (the panel, Stop) while it is measured.
    """
    from notebook_router.readers.audio import read_audio

    heard: list[_Heard] = []
    for n, clip in enumerate(clips, 1):
        name = label(clip, f"audio {n}")
        try:
            facts = await in_thread(read_audio, clip)
        except MediaError as exc:
            problems.append(f"{name}: {exc}")
            continue
        heard.append(_Heard(clip, _facts_data(name, facts)))
    return heard


def _nothing_to_hear(unread: list[str]) -> str:
    if unread:
        return f"I cannot read the audio file ({'; '.join(unread)}; looked in the working folder)."
    return (
        "There is no audio in this task: refer to a notebook output that plays audio "
        "(e.g. `Out[3]`, or an `IPython.display.Audio` shown above as “the last output”), "
        "or name an audio file (.wav, .mp3, .flac, .ogg)."
    )


def _facts_data(name: str, facts: Any) -> dict[str, Any]:
    return {
        "source": name,
        "summary": facts.summary(),
        "duration_s": round(facts.duration_s, 3),
        "sample_rate": facts.sample_rate,
        "channels": facts.channels,
        "rms_dbfs": round(facts.rms_dbfs, 1),
        "peak_dbfs": round(facts.peak_dbfs, 1),
        "speech": [[s.start_s, s.end_s] for s in facts.speech],
        "silence": [[s.start_s, s.end_s] for s in facts.silences],
    }


def _measured(heard: list[_Heard], problems: list[str]) -> AgentResult:
    """Without a model, what was measured in each clip is the answer."""
    for clip in heard:
        clip.said = _sentence(clip.finding)
    return _result(heard, " ".join(c.said for c in heard), problems, confidence=0.9)


def _sentence(finding: dict[str, Any]) -> str:
    from notebook_router.readers.audio import duration_text

    speech = finding["speech"]
    sound = (
        f"sound in {len(speech)} stretch{'es' if len(speech) != 1 else ''} "
        + ", ".join(f"{a:.2f}–{b:.2f} s" for a, b in speech[:6])
        if speech
        else "no sound above the silence threshold"
    )
    silence = finding["silence"]
    quiet = (
        "; silence at " + ", ".join(f"{a:.2f}–{b:.2f} s" for a, b in silence[:6]) if silence else ""
    )
    layout = {1: "mono", 2: "stereo"}.get(finding["channels"], f"{finding['channels']} channels")
    return (
        f"The audio from {finding['source']} is {duration_text(finding['duration_s'])} long "
        f"({layout}, {finding['sample_rate']} Hz; RMS {finding['rms_dbfs']} dBFS, peak "
        f"{finding['peak_dbfs']} dBFS), with {sound}{quiet}."
    )


async def _with_model(
    task: TaskRequest, context: AgentContext, heard: list[_Heard], problems: list[str]
) -> AgentResult:
    measured = " ".join(_sentence(c.finding) for c in heard)
    provider = context.model.provider
    transcripts: list[str] = []
    try:
        if isinstance(provider, Transcriber):
            for clip in heard:  # only clips that decoded: a broken file is not uploaded
                said = await _transcript(provider, clip, problems)
                if said is not None:
                    clip.finding["transcript"] = said
                    transcripts.append(f"Transcript of {clip.finding['source']}: {said}")
            sent: list[Media] = []
        else:
            sent = [c.media for c in heard[:4]]  # the model hears the audio itself
        prompt = "\n".join([f"Task: {task.description}", f"Measured: {measured}", *transcripts])
        answer = await context.model.ask(prompt, system=SYSTEM, purpose="agent.audio", media=sent)
    except ProviderError as exc:
        problems.append(f"the model could not listen ({exc}); measured offline instead")
        for clip in heard:
            clip.said = _sentence(clip.finding)
        return _result(heard, measured, problems, confidence=0.7)
    answer = answer.strip() or measured
    for clip in heard:
        clip.said = answer
    return _result(heard, answer, problems, confidence=0.8)


async def _transcript(provider: Transcriber, clip: _Heard, problems: list[str]) -> str | None:
    """What is said in one clip; None (and a problem noted) when it cannot be sent."""
    try:
        return await provider.transcribe(clip.media)
    except MediaError as exc:  # e.g. a format the endpoint needs converted, and cannot be
        problems.append(f"{clip.finding['source']}: not transcribed ({exc})")
        return None


def _result(
    heard: list[_Heard], summary: str, problems: list[str], *, confidence: float
) -> AgentResult:
    findings = [c.finding for c in heard]
    data: Any = findings[0] if len(findings) == 1 else findings
    return AgentResult(
        status="partial" if problems else "fulfilled",
        data=data,
        summary=summary,
        confidence=confidence,
        citations=tuple(cite(c.media, c.finding["source"], c.finding["summary"]) for c in heard),
        # Each clip comes back annotated, as the other media agents do: with its own
        # measurements, and (with a model) the model's answer, which may cover every clip.
        media=tuple(annotated(c.media, AUDIO, c.said, c.finding) for c in heard),
        error="; ".join(problems) or None,
    )
