"""A code defined in brackets after the words it stands for: "likely voter (LV)", "net
promoter score (NPS)".

The words, the brackets and the code are read as one mention of the code's column or
value, so every reading around them sees one thing: "excluding likely voter (LV) polls"
leaves out the LV polls as "excluding LV polls" does, where the words in between would
otherwise keep the negation from reaching the value. Only words that spell the code are
taken: each word gives its first letter and maybe more of its letters in order ("likely
voter (LV)", "reported weight (repwt)", "socioeconomic status (ses)", "glucose (glu)"),
and a last word may give none, being the noun the code describes ("professional
occupations (prof)"). A bracket that is no definition ("margin (LV)") is left as it is.
A column's name among the words ("occupations") is part of the definition, not a column
asked about.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

from notebook_router.analyst.linking import Mention
from notebook_router.language.abbreviations import stands_for

_WORD = re.compile(r"[a-z]+")


def defined_codes(text: str, found: list[Mention]) -> list[Mention]:
    """``found`` with each mention of a code in brackets widened over the words before it
    that the code abbreviates (``text`` is the question in lower case)."""
    out = list(found)
    for m in found:
        span = _definition(text, m)
        if span is None or not any(o is m for o in out):
            continue
        inside = [o for o in out if o is not m and o.start < span[1] and span[0] < o.end]
        if any(o.is_value or o.start < span[0] or o.end > span[1] for o in inside):
            continue  # a value among the words, or a mention reaching past them: no definition
        widened = replace(m, start=span[0], end=span[1])
        out = [widened if o is m else o for o in out if not any(o is i for i in inside)]
    return out


def _definition(text: str, m: Mention) -> tuple[int, int] | None:
    """The span from the first word the code abbreviates to its closing bracket."""
    code = re.sub(r"[^a-z]", "", text[m.start : m.end])
    opened = re.search(r"\(\s*$", text[: m.start])
    closed = re.match(r"\s*\)", text[m.end :])
    if len(code) < 2 or opened is None or closed is None:
        return None
    before = list(_WORD.finditer(text[: opened.start()]))
    if not before or text[before[-1].end() : opened.start()].strip():
        return None
    for n in range(1, min(len(code) + 1, len(before)) + 1):
        words = before[-n:]
        if any(text[a.end() : b.start()].strip() not in ("", "-") for a, b in pairwise(words)):
            return None
        said = [w.group() for w in words]
        if stands_for(code, said) or (n > 1 and stands_for(code, said[:-1])):
            return words[0].start(), m.end + closed.end()
    return None
