"""Audio a run made, played under its cell like an ``IPython.display.Audio`` output.

A finished ``%%route`` cell's result is its live panel, which front ends with
widgets show in place of the static HTML: audio shown only in that HTML
(a narration, say) would not play there. Each piece of audio the run's
tasks returned is therefore also displayed as an output of its own, the
bundle ``IPython.display.Audio`` makes (an ``<audio controls>`` element with
the sound as a data URL), which every front end plays and a saved notebook
keeps. It is a normal output, so a later task can refer to it ("Out[n]",
"the last output") and the audio agent hears it.
"""

from __future__ import annotations

import base64
from html import escape
from typing import Any

from notebook_router.media import Media
from notebook_router.planner.state import RunState


def audio_bundle(media: Media) -> dict[str, str]:
    """The MIME bundle of an audio player for ``media``."""
    about = media.description or media.mime_type
    encoded = base64.b64encode(media.raw).decode()
    html = (
        '<audio controls="controls">'
        f'<source src="data:{media.mime_type};base64,{encoded}" type="{media.mime_type}" />'
        "Your browser does not support the audio element.</audio>"
        f'<div style="font-size:11px;color:#6b7280">{escape(about)}</div>'
    )
    return {"text/html": html, "text/plain": f"<audio: {about}>"}


def made_audio(state: RunState) -> list[Media]:
    """The audio the run's tasks returned, in task order, each once."""
    seen: set[str] = set()
    found: list[Media] = []
    for task in state.plan:
        result = state.results.get(task.id)
        for media in result.media if result is not None else ():
            if media.mime_type.startswith("audio/") and media.digest not in seen:
                seen.add(media.digest)
                found.append(media)
    return found


def play_audio(state: RunState, publisher: Any) -> int:
    """Display each piece of audio the run made through ``publisher``; how many were shown."""
    shown = made_audio(state)
    for media in shown:
        publisher.publish(audio_bundle(media), metadata={})
    return len(shown)
