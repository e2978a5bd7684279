"""Which kind of a thing a request names and which kinds a tool names, and whether they differ.

A tool written for one kind of a thing does not serve another kind of it: "plot a *pie*
chart" is not a line chart, "the *variance* of 2, 4, 5" is not a standard deviation,
"turn on the *TV*" is not the lights, "open the *garage* door" is not a smart door lock.
The kinds are general English (``language/data/tools_kinds.toml``). A tool names the
kinds its name and description mention; a request those it says outside what it gives to
be said or looked up ("remind me to turn off the *oven*" names no kind for a reminder).
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_word_spans, identifier_words
from notebook_router.tools.spec import ToolSpec

Kind = tuple[str, str]
"""A thing and one kind of it: ``("chart", "pie")``."""


def _phrases() -> dict[tuple[str, ...], Kind]:
    found: dict[tuple[str, ...], Kind] = {}
    for thing, kinds in table("tools_kinds").items():
        for kind, phrases in kinds.items():
            for phrase in phrases:
                key = tuple(stem(w) for w in identifier_words(phrase))
                if key:
                    found[key] = (thing, kind)
    return found


_PHRASES = _phrases()
_LONGEST = max(len(k) for k in _PHRASES)


def tool_kinds(spec: ToolSpec) -> frozenset[Kind]:
    """The kinds ``spec``'s name and description name."""
    return _tool_kinds(spec.name, spec.description)


@lru_cache(maxsize=4096)
def _tool_kinds(name: str, description: str) -> frozenset[Kind]:
    return _kinds([stem(w) for w in identifier_words(f"{name} {description}")])


def request_kinds(request: str, given: Collection[tuple[int, int]] = ()) -> frozenset[Kind]:
    """The kinds ``request`` names outside the spans ``given`` (what it gives to be said or
    looked up)."""
    stems = [
        stem(w)
        for w, s, _ in identifier_word_spans(request)
        if not any(a <= s < b for a, b in given)
    ]
    return _kinds(stems)


def _kinds(stems: list[str]) -> frozenset[Kind]:
    """The kinds named in ``stems``, the longest phrase first."""
    found = set()
    i = 0
    while i < len(stems):
        for size in range(min(_LONGEST, len(stems) - i), 0, -1):
            kind = _PHRASES.get(tuple(stems[i : i + size]))
            if kind is not None:
                found.add(kind)
                i += size
                break
        else:
            i += 1
    return frozenset(found)


def differs(request: frozenset[Kind], tool: frozenset[Kind]) -> bool:
    """The request names a kind of a thing of which the tool names other kinds only."""
    for thing in {t for t, _ in request}:
        asked = {k for t, k in request if t == thing}
        made = {k for t, k in tool if t == thing}
        if made and asked.isdisjoint(made):
            return True
    return False
