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

from typing import Any, Protocol, runtime_checkable

from notebook_router.agents.base import AgentContext, BaseAgent, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.media_found import cite, label, media_of_kind
from notebook_router.agents.result import AgentResult, Citation
from notebook_router.errors import MediaError, ProviderError
from notebook_router.media import Media
from notebook_router.providers.offline import is_offline

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
        clips, missing = media_of_kind(context, task.description, "audio")
        if not clips:
            return AgentResult.unable(_nothing_to_hear(missing))
        from notebook_router.readers.audio import read_audio

        findings: list[dict[str, Any]] = []
        citations: list[Citation] = []
        problems = [f"{name}: no such file" for name in missing]
        for n, clip in enumerate(clips, 1):
            name = label(clip, f"audio {n}")
            try:
                facts = read_audio(clip)
            except MediaError as exc:
                problems.append(f"{name}: {exc}")
                continue
            findings.append(_facts_data(name, facts))
            citations.append(cite(clip, name, facts.summary()))
        if not findings:
            return AgentResult.failed("; ".join(problems))
        offline = is_offline(context.model.provider)
        if not offline:
            return await _with_model(task, context, clips, findings, citations, problems)
        summary = " ".join(_sentence(f) for f in findings)
        return _result(findings, summary, citations, problems, confidence=0.9)


def _nothing_to_hear(missing: list[str]) -> str:
    if missing:
        return (
            f"I cannot find the audio file {', '.join(missing)} (looked in the working directory)."
        )
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
    task: TaskRequest,
    context: AgentContext,
    clips: list[Media],
    findings: list[dict[str, Any]],
    citations: list[Citation],
    problems: list[str],
) -> AgentResult:
    measured = " ".join(_sentence(f) for f in findings)
    provider = context.model.provider
    transcripts: list[str] = []
    try:
        if isinstance(provider, Transcriber):
            for clip, finding in zip(clips, findings, strict=False):
                said = await provider.transcribe(clip)
                finding["transcript"] = said
                transcripts.append(f"Transcript of {finding['source']}: {said}")
            sent: list[Media] = []
        else:
            sent = clips[:4]  # the model hears the audio itself
        prompt = "\n".join([f"Task: {task.description}", f"Measured: {measured}", *transcripts])
        answer = await context.model.ask(prompt, system=SYSTEM, purpose="agent.audio", media=sent)
    except ProviderError as exc:
        problems.append(f"the model could not listen ({exc}); measured offline instead")
        return _result(findings, measured, citations, problems, confidence=0.7)
    answer = answer.strip() or measured
    return _result(findings, answer, citations, problems, confidence=0.8)


def _result(
    findings: list[dict[str, Any]],
    summary: str,
    citations: list[Citation],
    problems: list[str],
    *,
    confidence: float,
) -> AgentResult:
    data: Any = findings[0] if len(findings) == 1 else findings
    return AgentResult(
        status="partial" if problems else "fulfilled",
        data=data,
        summary=summary,
        confidence=confidence,
        citations=tuple(citations),
        error="; ".join(problems) or None,
    )
