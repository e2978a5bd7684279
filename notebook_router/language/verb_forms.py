"""The roots a verb form, an agent noun or a plural names: "chose", "chosen", "choosers"
and "choices" meet "choice"; "canceled" and "cancelled" meet "cancel"; "admitted" meets
"admit". Irregular forms come from ``data/verb_flags.toml``; regular endings are taken
off by the rule written there.

>>> sorted(roots("chosen") & roots("choice"))
['choice']
>>> bool(roots("canceled") & roots("cancelled")), bool(roots("admitted") & roots("admit"))
(True, True)
"""

from __future__ import annotations

from functools import cache

from notebook_router.language.tables import table

_WORDS = table("verb_flags")
_IRREGULAR: dict[str, list[str]] = _WORDS["irregular"]
_ENDINGS: list[str] = sorted(_WORDS["rule"]["endings"], key=len, reverse=True)
_SHORTEST = int(_WORDS["rule"]["shortest_root"])
_VOWELS = frozenset("aeiouy")

READING: dict[str, list[str]] = _WORDS["reading"]
"""The words around a verb of a flag: copulas, relatives, share words."""


@cache
def roots(word: str) -> frozenset[str]:
    """``word`` and every root it may be a form of (empty for words too short to name)."""
    word = word.lower()
    if len(word) < _SHORTEST:
        return frozenset()
    out = {word, *_IRREGULAR.get(word, [])}
    for ending in _ENDINGS:
        if not word.endswith(ending):
            continue
        rest = word[: -len(ending)]
        if len(rest) < _SHORTEST:
            continue
        out |= {rest, rest + "e"}
        if rest[-1] == rest[-2] and rest[-1] not in _VOWELS:
            out.add(rest[:-1])  # "admitted" -> admit, "cancelled" -> cancel
    return frozenset(w for w in out if len(w) >= _SHORTEST)


def is_irregular(word: str) -> bool:
    """``word`` is a form the table lists (its root is not its spelling)."""
    return word.lower() in _IRREGULAR
