"""A later count with no noun of its own counts what the count before it counted.

"how many homicide victims were White and how many were Asian?" was answered as two
counts, the second of every Asian row: its rows ("homicide victims") were dropped. A
later part that opens a count straight into a verb ("how many were ...") has no noun of
its own, so the conditions said in the earlier count's noun (before its verb) carry to
it; those said after that verb ("were White") are the earlier part's own, and the later
part's conditions on the same columns replace them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from notebook_router.analyst.reading import read
from notebook_router.analyst.schema import Schema
from notebook_router.analyst.spec import Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_WORDS = table("shared_subject")
_COUNT = rf"\b(?:{alternation(_WORDS['counts'])})\s+"
_VERB = rf"\b(?:{alternation(_WORDS['verbs'])})\b"
_NO_NOUN = re.compile(rf"^\W*(?:and\s+)?{_COUNT}{_VERB}", re.IGNORECASE)
_SUBJECT = re.compile(rf"{_COUNT}(?P<noun>.*?)\s*{_VERB}", re.IGNORECASE)


def shared_subject(
    before: str, earlier: Spec, part: str, spec: Spec, schemas: Mapping[str, Schema]
) -> Spec:
    """``spec`` (of ``part``) with the conditions of ``earlier``'s counted noun, when
    ``part`` counts with no noun of its own after ``before`` counted some."""
    if not _NO_NOUN.match(part) or earlier.frame != spec.frame:
        return spec
    subject = _SUBJECT.search(before)
    if subject is None or not subject["noun"].strip():
        return spec
    r = read(before, schemas, earlier.frame)
    if isinstance(r, str):
        return spec
    start, end = subject.span("noun")
    said = {m.column for m in r.mentions if start <= m.start and m.end <= end}
    own = {f.column for f in spec.filters}
    carried = tuple(f for f in earlier.filters if f.column in said and f.column not in own)
    if not carried or all(f in spec.filters for f in carried):
        return spec
    return replace(spec, filters=(*carried, *(f for f in spec.filters if f not in carried)))
