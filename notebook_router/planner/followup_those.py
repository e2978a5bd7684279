"""Where a follow-up points back at the rows of the answer before with a word that is
no plain pronoun (read by :mod:`notebook_router.planner.followup_answer`): "those" or
"these" said before a verb form or a word of the data ("how many of those purchased?",
"among these churned, what is the average tenure?"), or a relative said first ("of
which, how many purchased?").

"these"/"those" before a noun of its own ("these planes with more than 100 seats") is a
determiner of rows of their own: no reference. A word that ends as a past participle or
names a column of the data is no such noun ("purchased", "churned", "Purchased" a
column of yes/no), so "those" stands for the earlier rows and the question is asked of
them, never of every row.
"""

from __future__ import annotations

import re

from notebook_router.language.lexicon import STOPWORDS, terms
from notebook_router.language.phrases import phrase_table
from notebook_router.planner.followup_types import SAID

_ROWS = phrase_table("followup_rows")
_W = SAID.either
_ENDINGS = _ROWS.words("those.participle_endings")
SHORTEST_PARTICIPLE = 5
"""The fewest letters of a word read as a past participle by its ending ("shipped",
"paid"-less): "red", "bed", "need" are none."""
_THOSE_WORD = re.compile(
    rf"\b{_W('rows.among')}\s+{_W('rows.demonstratives')}\s+(?:(?P<noun>[\w-]+)(?P<comma>,)?\s+)?"
    r"(?P<word>[\w-]+)",
    re.IGNORECASE,
)
_RELATIVE_FIRST = re.compile(
    rf"^(?:{_W('reference_lead')}[\s,]+)*(?P<relative>{_ROWS.either('those.relatives_first')})"
    r"(?![\w-])",
    re.IGNORECASE,
)
_AUXILIARIES = _ROWS.word_set("those.auxiliaries")
AS_SAID = _ROWS.words("those.as_said")[0]
"""The words a relative said first is written as in the joined question ("of those")."""


def those_before_a_verb(said: str, columns: frozenset[str]) -> int | None:
    """Where "of those"/"among these" starts in ``said`` when it says a noun after it
    ("of these sessions purchased", "of those planes carry ...") or the word after it is
    a verb form or a term of the data's column names (``columns``), so "those" stands for
    the rows before; None when it is not said so."""
    for found in _THOSE_WORD.finditer(said):
        verb = found["word"].lower() in _AUXILIARIES  # "of those sessions were ..."
        # "of those planes carry ...", "of these riders tip ...": a noun said after "of
        # those" is the earlier rows', whatever the verb's form after it (an irregular or
        # present verb reads as no participle, and the reference was lost); a function
        # word after the noun ("these planes with ...") gives the noun rows of its own
        # "of those items, how many ...": the noun ends the phrase said first
        verb_after_noun = found["noun"] is not None and (
            found["comma"] is not None or found["word"].lower() not in STOPWORDS
        )
        if verb or verb_after_noun or _verb_like(found["word"], columns):
            return found.start()
    return None


def _verb_like(word: str, columns: frozenset[str]) -> bool:
    """Whether ``word`` ends as a past participle ("purchased") or names a column."""
    low = word.lower()
    participle = len(low) >= SHORTEST_PARTICIPLE and low.endswith(_ENDINGS)
    return participle or bool(columns and set(terms(low)) & columns)


def relative_first(said: str) -> str | None:
    """``said`` with a relative said first ("of which, how many purchased?") written as
    "of those, how many purchased?"; None when it starts with none."""
    found = _RELATIVE_FIRST.match(said)
    if found is None:
        return None
    return f"{said[: found.start('relative')]}{AS_SAID}{said[found.end('relative') :]}"
