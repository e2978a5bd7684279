"""A run's mode and answer style: chosen from the request's words unless an option says.

The mode sets how the run is spent (:data:`MODE_LIMITS`):

* ``quick``: fewer planning decisions, a smaller view for a model planner, only
  results their agent is quite unsure of are verified, more model calls at once, and
  the answer is the finding itself, in a sentence or two;
* ``normal``: the limits as given;
* ``thorough``: more decisions, a larger view, every result verified (confident ones
  too), a surprise asks the planner sooner, and the answer covers every finding.

A limit the user set (any that differs from :class:`~notebook_router.planner.rails.Limits`'
default, or given for the run) is never changed by the mode.

The style (``conversational``, ``structured``, ``report``) changes how the answer is
written. Both are read with :func:`~notebook_router.language.intent.read_intent`; an
explicit ``style=``/``mode=`` (``--style``, ``--mode``) wins, and the run records which
words (or which option) chose each, for the panel and the finished view to say.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from notebook_router.errors import ConfigError
from notebook_router.language.intent import read_intent
from notebook_router.planner.rails import Limits
from notebook_router.styles import MODES, STYLES, ResponseStyle, RunMode

MODE_LIMITS: dict[RunMode, dict[str, Any]] = {
    "quick": {
        "max_iterations": 10,
        "planner_tokens": 1500,
        "verify_below": 0.3,
        "replan_below": 0.3,
        "max_concurrent_model_calls": 16,
    },
    "normal": {},
    "thorough": {
        "max_iterations": 100,
        "planner_tokens": 6000,
        "verify_below": 1.0,
        "replan_below": 0.7,
    },
}
"""The limits each mode sets (where the user left them at their defaults)."""

OPTION = "option"
"""What ``*_why`` says when an option, not the request's words, chose."""


@dataclass(frozen=True, slots=True)
class RunIntent:
    """The mode and style a run goes with, and why (the words, or the option)."""

    mode: RunMode = "normal"
    style: ResponseStyle = "conversational"
    mode_why: tuple[str, ...] = ()
    """The request's words that chose the mode, or ``("option",)``; empty: the default."""
    style_why: tuple[str, ...] = ()
    """The request's words that chose the style, or ``("option",)``; empty: the default."""


def choose_intent(
    request: str, *, style: ResponseStyle | None = None, mode: RunMode | None = None
) -> RunIntent:
    """The mode and style for ``request``: the ones given, else what its words ask for.

    >>> choose_intent("quick: total revenue in sales?").mode
    'quick'
    >>> choose_intent("a report on sales, quickly", style="structured").style_why
    ('option',)
    """
    read = read_intent(request)
    return RunIntent(
        mode=check_mode(mode) if mode else read.mode,
        style=check_style(style) if style else read.style,
        mode_why=(OPTION,) if mode else read.mode_words,
        style_why=(OPTION,) if style else read.style_words,
    )


def limits_for(limits: Limits, mode: RunMode, given: Iterable[str] = ()) -> Limits:
    """``limits`` as ``mode`` sets them, leaving alone the fields in ``given`` (set for
    this run) and those set away from their default.

    >>> limits_for(Limits(), "thorough").verify_below
    1.0
    >>> limits_for(Limits(verify_below=0.9), "quick").verify_below
    0.9
    """
    kept = set(given)
    fields = Limits.model_fields
    changes = {
        name: value
        for name, value in MODE_LIMITS[mode].items()
        if name not in kept and getattr(limits, name) == fields[name].default
    }
    return limits.model_copy(update=changes) if changes else limits


def intent_line(mode: str, style: str, mode_why: Iterable[str], style_why: Iterable[str]) -> str:
    """What the panel and the finished view say about the mode and style, and why;
    "" when both are the defaults that no word or option chose.

    >>> intent_line("quick", "conversational", ["quick question", "ASAP"], [])
    'quick mode, from “quick question”, “ASAP”'
    """
    parts = []
    if mode != "normal" or mode_why:
        parts.append(f"{mode} mode{_why(mode_why)}")
    if style != "conversational" or style_why:
        parts.append(f"{style} answer{_why(style_why)}")
    return " · ".join(parts)


def check_mode(mode: str) -> RunMode:
    """``mode`` if it is one, else a :class:`ConfigError` naming the modes."""
    if mode not in MODES:
        raise ConfigError(f"Unknown mode {mode!r}: use one of {', '.join(MODES)}.")
    return mode


def check_style(style: str) -> ResponseStyle:
    """``style`` if it is one, else a :class:`ConfigError` naming the styles."""
    if style not in STYLES:
        raise ConfigError(f"Unknown style {style!r}: use one of {', '.join(STYLES)}.")
    return style


def _why(words: Iterable[str]) -> str:
    words = list(words)
    if not words:
        return ""
    if words == [OPTION]:
        return ", as asked"
    return ", from " + ", ".join(f"“{w}”" for w in words)
