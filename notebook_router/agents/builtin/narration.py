"""The built-in narration agent: text read aloud, returned as WAV audio.

What it reads: the text the task carries (after a colon, or quoted: "Read
this paragraph aloud: ..."), else what the tasks it depends on produced
("narrate the answer"), else the text outputs attached to the run. Speech
comes from OpenAI's speech endpoint when the run's model is OpenAI's (a key
is set), and otherwise, offline, from Debian's espeak-ng. In a notebook the
audio plays back under the cell like an ``IPython.display.Audio`` output.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Protocol, runtime_checkable

from notebook_router.agents.base import AgentContext, BaseAgent, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.material import text_of
from notebook_router.agents.cores import by_rules_or_model
from notebook_router.errors import MediaError, MediaToolMissingError, ProviderError
from notebook_router.media import Media
from notebook_router.result import AgentResult, Citation
from notebook_router.text.preview import preview

NARRATION = "narration"
MAX_CHARS = 4000
"""Text read aloud at most (OpenAI's speech endpoint takes 4096 characters)."""
ESPEAK_TIMEOUT_S = 120.0
INSTALL_ESPEAK = (
    "Offline narration needs espeak-ng, which is not installed: apt-get install espeak-ng "
    "(or run scripts/system_deps.sh; Binder installs it from binder/apt.txt), or use an "
    "OpenAI model (`%route model openai:gpt-4o-mini` with OPENAI_API_KEY set) to narrate "
    "with OpenAI's speech endpoint."
)
_INLINE = re.compile(r":\s*(.+)$|[\"“](.+?)[\"”]", re.DOTALL)
_TAG = re.compile(r"<[^>]+>")


@runtime_checkable
class Speaker(Protocol):
    """A provider with a speech endpoint (``OpenAIProvider.speak``)."""

    async def speak(self, text: str) -> bytes: ...


class Narration(BaseAgent):
    """Reads text aloud (espeak-ng offline, OpenAI's speech endpoint with a key)."""

    name = NARRATION
    builtin = True
    description = (
        # No "read": the tokenizer takes it for "load", and loading is the data agents' word.
        # No "play" (a film's word: "what's playing") and no "OpenAI" ("open", as in a
        # film's opening weekend): a table of films is the data analyst's.
        "Narration: text to speech. Speaks a paragraph, an answer or an earlier result aloud "
        "and returns the spoken audio (WAV) to listen to in the notebook; narrate, speak, "
        "say or voice any text aloud (offline with espeak-ng, with a provider's voices when "
        "an API key is set)."
    )
    capabilities = parse_capabilities(
        [
            ("narrate", 0.9),
            ("narration", 0.9),
            ("aloud", 0.9),
            ("text to speech", 0.8),
            ("speak", 0.7),
            ("voice", 0.6),
            ("say", 0.4),
        ]
    )

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        text, source = _text(task, context)
        if not text:
            return AgentResult.unable(
                "There is no text to read aloud: give it after a colon (“Read this aloud: "
                "...”), in quotes, or narrate the result of an earlier task (“..., then "
                "narrate the answer”)."
            )
        cut = len(text) > MAX_CHARS
        spoken = text[:MAX_CHARS]
        try:
            wav, engine = await speech(spoken, context)
        except MediaError as exc:
            return AgentResult.failed(str(exc))
        return _result(task, spoken, source, wav, engine, cut)


async def speech(text: str, context: AgentContext) -> tuple[bytes, str]:
    """``text`` as WAV bytes, and which engine spoke it."""
    return await by_rules_or_model(
        context, rules=lambda: _espeak(text), model=lambda: _spoken(text, context)
    )


async def _spoken(text: str, context: AgentContext) -> tuple[bytes, str]:
    """By the model's speech endpoint when its provider has one, else by espeak-ng."""
    provider = context.model.provider
    if isinstance(provider, Speaker):
        try:
            return await provider.speak(text), f"{provider.name} speech"
        except ProviderError as exc:
            context.trace("fallback", f"the speech endpoint failed ({exc}); using espeak-ng")
    return await _espeak(text)


async def _espeak(text: str) -> tuple[bytes, str]:
    return await espeak(text), "espeak-ng"


async def espeak(text: str, *, voice: str = "en") -> bytes:
    """``text`` spoken by espeak-ng, as WAV bytes (a clear error when it is not installed)."""
    program = shutil.which("espeak-ng")
    if program is None:
        raise MediaToolMissingError(INSTALL_ESPEAK)
    with tempfile.TemporaryDirectory(prefix="nr-narration-") as folder:
        out = Path(folder) / "speech.wav"
        process = await asyncio.create_subprocess_exec(
            program,
            "-v",
            voice,
            "-w",
            str(out),
            "--stdin",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
            env={**os.environ, "LC_ALL": "C.UTF-8"},
        )
        try:
            _, err = await asyncio.wait_for(
                process.communicate(text.encode()), timeout=ESPEAK_TIMEOUT_S
            )
        except (TimeoutError, asyncio.CancelledError):
            process.kill()
            await process.wait()
            raise
        if process.returncode != 0 or not out.exists():
            raise MediaError(
                f"espeak-ng could not speak the text (exit {process.returncode}: "
                f"{err.decode(errors='replace').strip()[:300]})."
            )
        return out.read_bytes()


def _text(task: TaskRequest, context: AgentContext) -> tuple[str, str]:
    """The text to read and where it came from."""
    found = _INLINE.search(task.description)
    if found:
        inline = (found.group(1) or found.group(2)).strip()
        if len(inline.split()) >= 2:
            return inline, "the task"
    results = [(task_id, text_of(data)) for task_id, data in context.inputs.by_task.items()]
    results = [(task_id, text) for task_id, text in results if text.strip()]
    if results:
        return "\n\n".join(t for _, t in results), ", ".join(task_id for task_id, _ in results)
    for media in context.media:
        if media.is_text and media.mime_type != "text/x-python":
            raw = media.data if isinstance(media.data, str) else media.raw.decode(errors="replace")
            text = " ".join(_TAG.sub(" ", raw).split())
            if text:
                return text, media.source or media.mime_type
    return "", ""


def _result(
    task: TaskRequest, text: str, source: str, wav: bytes, engine: str, cut: bool
) -> AgentResult:
    from notebook_router.readers.audio import duration_text, read_audio

    audio = Media(
        mime_type="audio/wav",
        data=wav,
        source=task.id,
        description=f"narration of “{preview(text, 80)}”",
        metadata={"engine": engine},
    )
    try:
        length = f"{duration_text(read_audio(audio).duration_s)} of speech"
    except MediaError:
        length = "speech"
    words = len(text.split())
    note = f" (the first {MAX_CHARS} characters)" if cut else ""
    summary = (
        f"Narrated {words} words from {source}{note} as {length} ({engine}): “{preview(text, 120)}”"
    )
    return AgentResult(
        status="partial" if cut else "fulfilled",
        data={"text": text, "engine": engine, "bytes": len(wav)},
        summary=summary,
        confidence=0.9,
        media=(audio,),
        citations=(Citation(source=source, text=preview(text, 300)),),
        error=f"only the first {MAX_CHARS} characters were read aloud" if cut else None,
    )
