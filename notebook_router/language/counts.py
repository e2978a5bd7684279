"""A count said with no noun of its own ("and how many in Reno?", "how many at Boston?"):
it counts what the count before it counted, in another place. The words are
``data/shared_subject.toml``'s; both the analyst (which carries the earlier count's
conditions to it) and the rule planner (which keeps it in the task of the count before)
read it here.
"""

from __future__ import annotations

import re

from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table
from notebook_router.language.words import word_spans

_WORDS = table("shared_subject")
_OPENS = re.compile(
    rf"^\W*(?:(?:{alternation(_WORDS['joins'])})\s+)?"
    rf"\b(?:{alternation(_WORDS['counts'])})\s+",
    re.IGNORECASE,
)
_VERBS = frozenset(_WORDS["verbs"])


def says_a_count(text: str) -> bool:
    """Whether ``text`` opens as a count ("how many Toys items in Newark")."""
    return _OPENS.match(text) is not None


def count_with_no_noun(part: str) -> bool:
    """Whether ``part`` opens a count straight into a function word ("how many in
    Reno"), never a noun ("how many Tools items ...") nor a verb ("how many were ...")."""
    opening = _OPENS.match(part)
    if opening is None:
        return False
    said = word_spans(part[opening.end() :])
    return bool(said) and said[0][0] in STOPWORDS and said[0][0] not in _VERBS
