"""A request that names another kind of the thing a tool is named for.

A tool's name often says which kind of a thing it works on: ``plot_line_chart`` plots
a *line* chart, ``get_sports_scores`` gives *sports* scores, ``calculate_sales_tax``
works out *sales* tax. A request that puts another everyday noun before the same word
("draw a *pie* chart", "what's my *credit* score", "my *income* tax") asks for a kind of
that thing the tool does not do, though it shares the word: nothing the tool takes
absorbs the kind. A word of place, time or quantity before it ("the *local* weather")
qualifies the thing without naming another kind (``language/data/tools_kinds.toml``), and
a word the tool is written with ("*bus* schedule" of a tool for "bus, train or subway"
times) or near one of its words in meaning ("*pizza* delivery" of a food order) is a
kind it does; so is any word before the thing when the request names the tool's kind
too ("the lunch event on my calendar" of ``cancel_calendar_event``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from notebook_router.language.lexicon import STOPWORDS, is_common_word
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words
from notebook_router.tools.piece import ASKING, Piece, is_time, tool_words
from notebook_router.tools.spec import ToolSpec

_QUALIFIERS = frozenset(table("tools_kinds")["qualifiers"])
_CONTAINERS = frozenset(table("tools_kinds")["containers"])
_DEGREES = frozenset(table("tools_degrees")["degrees"])
_JOIN = re.compile(r"^[\s-]*$")
"""What may stand between a kind and its noun: a space or a hyphen ("pie-chart")."""


@lru_cache(maxsize=4096)
def name_kinds(name: str) -> dict[str, str]:
    """The nouns of a tool's name that it names a kind of, each with that kind, as stems:
    ``plot_line_chart`` → ``{"chart": "line"}``. The name's first word is its verb and
    names no kind ("get", "plot"), nor does a qualifier ("get_current_weather") or where
    the thing is kept ("cancel_calendar_event"); a name of two words has none."""
    words = identifier_words(name)
    return {
        stem(words[k + 1]): stem(words[k])
        for k in range(1, len(words) - 1)
        if words[k] not in STOPWORDS
        and words[k + 1] not in STOPWORDS
        # "find_nearby_places": "nearby" is no kind; a "calendar" event is any event
        and words[k] not in _QUALIFIERS
        and words[k] not in _CONTAINERS
    }


def other_kind(
    request: str,
    pieces: Sequence[Piece],
    spec: ToolSpec,
    meaning: Callable[[str, ToolSpec], bool] | None = None,
) -> int | None:
    """The index in ``pieces`` of an everyday word that names another kind of a thing the
    tool's name names a kind of ("*pie* chart" of ``plot_line_chart``), or None."""
    kinds = name_kinds(spec.name)
    if not kinds:
        return None
    own = tool_words(spec)
    # "the lunch *event* from my *calendar*": the request says the tool's kind as well
    said = {stem(p.text.lower()) for p in pieces if p.role == "purpose" and " " not in p.text}
    for k in range(len(pieces) - 1):
        word, noun = pieces[k], pieces[k + 1]
        if noun.role != "purpose" or " " in noun.text or stem(noun.text.lower()) not in kinds:
            continue
        text = word.text.lower()
        if word.role not in ("left", "input", "free") or word.value or " " in text:
            continue
        if not _JOIN.match(request[word.end : noun.start]):
            continue
        kind = kinds[stem(noun.text.lower())]
        if kind in said or not _names_a_kind(text, kind, own):
            continue
        if meaning is not None and meaning(text, spec):
            continue
        return k
    return None


def _names_a_kind(word: str, kind: str, own: frozenset[str]) -> bool:
    """``word`` is an everyday noun of a kind the tool does not name."""
    if not word.isalpha() or not is_common_word(word) or word in STOPWORDS:
        return False
    if word in _QUALIFIERS or word in _DEGREES or word in ASKING or is_time(word):
        return False
    return stem(word) != kind and word not in own and stem(word) not in own
