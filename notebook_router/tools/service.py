"""Which channel a request names and which a tool works through, and whether they differ.

A tool built for one channel does not serve another: "message Bob *on Telegram*" is
not a WhatsApp message, "send *a fax* to 555 0100" is not an SMS, "post this *on
Instagram*" is not a Slack post. The channels are general knowledge
(``language/data/services.toml``). A tool names the channels its name and description
mention; a request names one by its verb ("*whatsapp* Maria"), after a means word ("*on*
Telegram", "*by* fax") or as the kind of thing sent ("send *a* fax"), never inside what
it gives to be said or looked up.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_word_spans, identifier_words
from notebook_router.tools.piece import OPENERS
from notebook_router.tools.spec import ToolSpec

_TABLE = table("services")
_AMBIGUOUS = frozenset(_TABLE["ambiguous"]["words"])
_MEANS = frozenset(_TABLE["ambiguous"]["means"])
_THINGS = frozenset(_TABLE["ambiguous"]["things"])
_ARTICLES = frozenset(["a", "an"])


def _phrases() -> dict[tuple[str, ...], tuple[str, bool]]:
    found: dict[tuple[str, ...], tuple[str, bool]] = {}
    for channel, words in _TABLE["channels"].items():
        for phrase in words:
            key = tuple(stem(w) for w in identifier_words(phrase))
            if key:
                found[key] = (channel, phrase in _AMBIGUOUS)
    return found


_PHRASES = _phrases()
_LONGEST = max(len(k) for k in _PHRASES)


def tool_channels(spec: ToolSpec) -> frozenset[str]:
    """The channels ``spec``'s name and description mention."""
    return _tool_channels(spec.name, spec.description)


@lru_cache(maxsize=4096)
def _tool_channels(name: str, description: str) -> frozenset[str]:
    words = identifier_words(f"{name} {description}")
    stems = [stem(w) for w in words]
    return frozenset(
        channel
        for channel, i, end in _matches(stems)
        if not _PHRASES[tuple(stems[i:end])][1] or _by_means(words, i, end)
    )


def request_channels(request: str, given: Collection[tuple[int, int]] = ()) -> frozenset[str]:
    """The channels ``request`` names (see the module docstring); ``given``: spans of what
    it gives to be said or looked up, where a channel's name is only a word."""
    spans = [
        (w, s, e)
        for w, s, e in identifier_word_spans(request)
        if not any(a <= s < b for a, b in given)
    ]
    words = [w for w, _, _ in spans]
    stems = [stem(w) for w in words]
    first = 0
    while first < len(words) and words[first] in OPENERS:
        first += 1
    found = set()
    for channel, i, end in _matches(stems):
        by_means = _by_means(words, i, end)
        if _PHRASES[tuple(stems[i:end])][1] and not by_means:
            continue
        before = words[i - 1] if i > 0 else ""
        sent = before in _ARTICLES or (i > 1 and words[i - 2] in _ARTICLES)
        if i == first or by_means or sent:
            found.add(channel)
    return frozenset(found)


def _by_means(words: list[str], i: int, end: int) -> bool:
    """The channel phrase at ``words[i:end]`` follows a means word, names an app or what
    goes out through it ("a signal *message*")."""
    after = words[end] if end < len(words) else ""
    return (i > 0 and words[i - 1] in _MEANS) or after == "app" or after in _THINGS


def _matches(stems: list[str]) -> list[tuple[str, int, int]]:
    """Each channel phrase in ``stems``: its channel, where it starts and where it ends."""
    out = []
    i = 0
    while i < len(stems):
        for size in range(min(_LONGEST, len(stems) - i), 0, -1):
            key = tuple(stems[i : i + size])
            if key in _PHRASES:
                out.append((_PHRASES[key][0], i, i + size))
                i += size
                break
        else:
            i += 1
    return out


def differs(request: frozenset[str], tool: frozenset[str]) -> bool:
    """The request names a channel and the tool names others only."""
    return bool(request) and bool(tool) and request.isdisjoint(tool)
