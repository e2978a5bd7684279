"""A later count with no noun of its own counts what the count before it counted.

"how many homicide victims were White and how many were Asian?" was answered as two
counts, the second of every Asian row: its rows ("homicide victims") were dropped. A
later part that opens a count straight into a verb ("how many were ...") has no noun of
its own, so the conditions said in the earlier count's noun (before its verb) carry to
it; those said after that verb ("were White") are the earlier part's own, and the later
part's conditions on the same columns replace them. A later count that opens straight
into the verb the earlier one said after its noun ("how many female members live in Leeds
and how many live in York?", "how many Eng employees earn more than 150 and how many earn
less?") has no noun of its own either: the earlier noun is what stands before that verb.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from notebook_router.analyst.elliptic_count import elliptic_count
from notebook_router.analyst.reading import read
from notebook_router.analyst.schema import Schema
from notebook_router.analyst.spec import Spec
from notebook_router.analyst.unshared_conditions import unshared_conditions
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table
from notebook_router.language.words import word_spans

_WORDS = table("shared_subject")
_COUNT = rf"\b(?:{alternation(_WORDS['counts'])})\s+"
_VERB = rf"\b(?:{alternation(_WORDS['verbs'])})\b"
_OPENS = re.compile(rf"^\W*(?:(?:{alternation(_WORDS['joins'])})\s+)?{_COUNT}", re.IGNORECASE)
_NO_NOUN = re.compile(rf"{_OPENS.pattern}{_VERB}", re.IGNORECASE)
_SUBJECT = re.compile(rf"{_COUNT}(?P<noun>.*?)\s*{_VERB}", re.IGNORECASE)
_EARLIER_COUNT = re.compile(_COUNT, re.IGNORECASE)


def shared_subject(
    before: str, earlier: Spec, part: str, spec: Spec, schemas: Mapping[str, Schema]
) -> Spec:
    """``spec`` (of ``part``) with the conditions of ``earlier``'s counted noun, when
    ``part`` counts with no noun of its own after ``before`` counted some; where none
    carry, with a note naming those of ``earlier`` it did not apply in their place."""
    shared = _shared_subject(before, earlier, part, spec, schemas)
    return shared if shared is not spec else unshared_conditions(earlier, spec)


def _shared_subject(
    before: str, earlier: Spec, part: str, spec: Spec, schemas: Mapping[str, Schema]
) -> Spec:
    if earlier.frame != spec.frame:
        return spec
    said_no_noun = elliptic_count(earlier, part, spec)  # "... and how many in Reno?"
    if said_no_noun is not None:
        return said_no_noun
    noun = _counted_noun(before, part)
    if noun is None:
        return spec
    r = read(before, schemas, earlier.frame)
    if isinstance(r, str):
        return spec
    start, end = noun
    said = {m.column for m in r.mentions if start <= m.start and m.end <= end}
    own = {f.column for f in spec.filters}
    carried = tuple(f for f in earlier.filters if f.column in said and f.column not in own)
    if not carried or all(f in spec.filters for f in carried):
        return spec
    return replace(spec, filters=(*carried, *(f for f in spec.filters if f not in carried)))


def _counted_noun(before: str, part: str) -> tuple[int, int] | None:
    """Where the noun the earlier count counted stands in ``before``, when ``part`` counts
    with no noun of its own: it opens into an auxiliary ("how many were ..."), or into the
    verb the earlier count said after its noun ("how many live ...")."""
    if _NO_NOUN.match(part):
        subject = _SUBJECT.search(before)
        if subject is None or not subject["noun"].strip():
            return None
        return subject.span("noun")
    opening = _OPENS.match(part)
    earlier = _EARLIER_COUNT.search(before)
    if opening is None or earlier is None:
        return None
    said = word_spans(part[opening.end() :])
    if not said or said[0][0] in STOPWORDS:
        return None
    verb = said[0][0]
    counted = word_spans(before[earlier.end() :])
    for word, start, _ in counted[1:]:
        if word == verb:
            return earlier.end(), earlier.end() + start
    return None
