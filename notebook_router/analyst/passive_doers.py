"""A passive verb's "by" names the doer, not a grouping: "polls *were taken by* poll
takers other than Gallup" counts the polls those poll takers took, and so does "polls
*conducted by* poll takers other than Gallup".

It is read so only when the column after "by" is also filtered in the question (the
doers are picked out: "other than Gallup", "in Zone 1"); "how many polls were taken by
each pollster" or "... by pollster" still groups, and so does a verb that arranges rows
("grouped by", "sorted by"). The words live in ``language/data/intents_words.toml``
(``groups``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from notebook_router.analyst.reading import Reading
from notebook_router.language.phrases import phrase_table

_SAID = phrase_table("intents_words")
_AUXILIARIES = frozenset(_SAID.words("groups.passive_auxiliaries"))
_ENDINGS = tuple(_SAID.words("groups.participle_endings"))
_NOT_ENDINGS = tuple(_SAID.words("groups.not_participle_endings"))
_IRREGULAR = frozenset(_SAID.words("groups.irregular_participles"))
_ARRANGING = frozenset(_SAID.words("groups.arranging_participles"))
_LAST_TWO = re.compile(r"(?:\b([a-z]+)\s+)?\b([a-z]+)\s*$")


def names_doer(r: Reading, by_at: int, columns: Iterable[str]) -> bool:
    """Whether the "by" at ``by_at`` of ``r.skeleton`` follows a passive verb, and each of
    ``columns`` (what it is followed by) is one the question filters on."""
    said = _LAST_TWO.search(r.skeleton[:by_at])
    if said is None or said.group(2) in _ARRANGING:
        return False
    before, verb = said.group(1), said.group(2)
    passive = before in _AUXILIARIES or is_participle(verb)
    if not passive:
        return False
    filtered = {m.column for m in r.mentions if m.is_value}
    return all(c in filtered for c in columns)


def is_participle(word: str) -> bool:
    """Whether ``word`` reads as a past participle ("conducted", "made"), not "speed"."""
    regular = word.endswith(_ENDINGS) and not word.endswith(_NOT_ENDINGS) and len(word) > 3
    return regular or word in _IRREGULAR
