"""The comparison a follow-up says in place of the one the request before made ("and
younger ones?" after "average income of people over 40"), read by
:mod:`notebook_router.planner.followup`.

A comparison with a number keeps one side of it: "over", "above", "at least", "older
than", "more than" the greater side; "under", "below", "at most", "younger than", "fewer
than" the lesser (``comparative`` in ``language/data/followups.toml``). A follow-up that
names the other side alone ("younger", "and fewer?", "below") puts itself where the
earlier comparison's words were, keeping its number ("people over 40" → "people younger
than 40"), said as its side's plain word where the words around would not read so ("more
than 4 cylinders" and "below" → "less than 4 cylinders", "flats of at most 50 m2" and
"larger" → "flats of more than 50 m2"). One with a number of its own ("those under 40")
takes the place of the whole comparison ("people under 40"). A follow-up naming the same
side again changes nothing: the caller asks about it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from notebook_router.language.phrases import in_order, phrase_table

_SAID = phrase_table("followups")
_BARE = {
    "greater": _SAID.words("comparative.greater_bare"),
    "less": _SAID.words("comparative.less_bare"),
}
_THAN = {
    "greater": _SAID.words("comparative.greater_than"),
    "less": _SAID.words("comparative.less_than"),
}
_PLAIN = {
    "greater": _SAID.words("comparative.greater_plain")[0],
    "less": _SAID.words("comparative.less_plain")[0],
}
_SIDE = {phrase: side for side, said in (*_BARE.items(), *_THAN.items()) for phrase in said}
_NUMBER = r"[$€£]?-?\d[\d,]*(?:\.\d+)?"
# Longest phrase first, so "no less than" is read before "less than".
_PHRASE = in_order(tuple(sorted(_SIDE, key=len, reverse=True)))
_COMPARISON = re.compile(
    rf"^(?P<word>{_PHRASE})(?P<than>\s+than)?(?:\s+(?P<number>{_NUMBER}))?$", re.IGNORECASE
)
_IN_TEXT = re.compile(
    rf"(?<![\w-])(?P<word>{_PHRASE})(?P<than>\s+than)?\s+(?P<number>{_NUMBER})(?![\w.])",
    re.IGNORECASE,
)
_AFTER_PREPOSITION = _SAID.word_set("comparative.after_preposition")
_PREPOSITIONS = _SAID.word_set("same.before_bare_entity") | _SAID.word_set(
    "entity.name_prepositions"
)
_LAST_WORD = re.compile(r"([\w-]+)\s*$")
_HEADS = _SAID.either("comparative.heads")
_HEAD_FIRST = re.compile(rf"^{_HEADS}\s+", re.IGNORECASE)
_HEAD_LAST = re.compile(rf"\s+{_HEADS}$", re.IGNORECASE)


@dataclass(frozen=True)
class Comparison:
    """A comparison said by a follow-up: its words, its side and its number ("" for none)."""

    word: str
    side: str
    number: str

    @property
    def said(self) -> str:
        """How it is written before a number: "younger than", "under", "at least"."""
        return self.word if self.word.lower() in _BARE[self.side] else f"{self.word} than"


def comparison(new: str) -> Comparison | None:
    """The comparison ``new`` says ("younger", "younger ones", "those under 40", "fewer
    than 3"), the words standing for the earlier rows aside; None when it says none."""
    text = " ".join(new.split())
    text = _HEAD_LAST.sub("", _HEAD_FIRST.sub("", text))
    said = _COMPARISON.match(text)
    if said is None:
        return None
    word = " ".join(said["word"].split())
    side = _SIDE[word.lower()]
    if said["than"] and word.lower() not in _THAN[side]:
        return None  # "over than 40" is no comparison people write
    return Comparison(word, side, said["number"] or "")


def earlier_comparison(texts: list[str]) -> str | None:
    """The first comparison with a number that ``texts`` make ("over 40"), if any."""
    for text in texts:
        found = _IN_TEXT.search(text)
        if found is not None:
            return found.group(0)
    return None


def rival_comparisons(texts: list[str], new: str) -> list[str]:
    """The comparisons a bare ``new`` ("and fewer?", "and cheaper ones?") could take the
    place of, when the first of ``texts`` making any makes more than one ("homes built
    after 2015 with more than 3 bedrooms"): which one it means is the user's to say, so
    the caller asks. Empty when ``new`` has a number of its own or one comparison is made."""
    said = comparison(new)
    if said is None or said.number:
        return []
    for text in texts:
        found = [m.group(0) for m in _IN_TEXT.finditer(text)]
        if found:
            return found if len(found) > 1 else []
    return []


def comparison_slot(texts: list[str], new: str) -> tuple[str, str] | None:
    """(the words of ``texts`` that ``new`` takes the place of, what goes there) when
    ``new`` is a comparison and ``texts`` make one: with a number, the whole earlier
    comparison ("over 40" → "under 40"); without, the earlier comparison's words when they
    keep the other side ("over" → "younger than", number kept). None when ``new`` says no
    comparison, ``texts`` make none, or ``new`` keeps the side they keep already."""
    said = comparison(new)
    if said is None:
        return None
    for text in texts:
        found = _IN_TEXT.search(text)
        if found is None:
            continue
        if said.number:
            whole = f"{said.said} {said.number}"
            return (found.group(0), whole) if whole.lower() != found.group(0).lower() else None
        before = " ".join(found["word"].split()).lower()
        if _SIDE[before] == said.side:
            return None  # "older ones" after "over 40": the same rows
        words = found.group(0)[: found.start("number") - found.start()].rstrip()
        plain = f"{_PLAIN[said.side]} than"
        if found["than"] and said.said == said.word:  # "with below 4" reads as no request
            return words, plain
        last = _LAST_WORD.search(text[: found.start()])
        after_preposition = last is not None and last.group(1).lower() in _PREPOSITIONS
        if (
            after_preposition
            and said.said != said.word
            and said.word.lower() not in _AFTER_PREPOSITION
        ):
            return words, plain  # "flats of more than 50 m2", never "of larger than"
        return words, said.said
    return None
