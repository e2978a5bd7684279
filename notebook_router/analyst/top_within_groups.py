""" "List the 3 crabs with the largest CW for each sex": a top N of rows within each
group. The analyst ranks groups, not the rows inside them, so read as a ranking of the
sexes it gave "the top 2 sexes by total CW", shown as complete. When the things counted
("crabs") are not the groups ("for each sex"), the top N within groups is named as not
computed.
"""

from __future__ import annotations

import re

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.language.numbers import NUMBER_WORDS
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_COUNTED = re.compile(
    rf"\b(?:{alternation(table('phrases_statistics')['top']['counted_leads'])})\s+"
    rf"(?:\d+|{alternation(NUMBER_WORDS)})\s+(?P<noun>[a-z][\w-]*)"
)
_LEADS = alternation(table("intents_words")["groups"]["lead"])
_EACH = re.compile(rf"\b(?:{_LEADS})\s+(?:the\s+|each\s+)?(?P<group>[a-z][\w-]*)")


def top_within_groups(r: Reading, spec: Spec) -> list[LeftOut]:
    """The top N of rows asked within each group, when ``spec`` ranks the groups."""
    if spec.op != "groupby" or spec.variant != "top" or not spec.group_by:
        return []
    # the count was read (and blanked) from the text: looked for as written, where the
    # mentions' places are the same
    text = r.written.lower() if len(r.written) == len(r.text) else r.text
    counted = _COUNTED.search(text)
    if counted is None or _of_the_groups(r, spec, counted.start("noun")):
        return []  # "the 3 regions with the highest sales": the groups are ranked
    for each in _EACH.finditer(text, counted.end()):
        if _of_the_groups(r, spec, each.start("group")):
            said = f"{counted.group(0)} … {each.group(0)}"
            why = "a top N within each group; the answer ranks the groups themselves"
            return [LeftOut(said, why)]
    return []


def _of_the_groups(r: Reading, spec: Spec, at: int) -> bool:
    return any(m.start <= at < m.end and m.column in spec.group_by for m in r.mentions)
