"""A code defined in brackets after the words it stands for: "likely voter (LV)", "net
promoter score (NPS)".

The words, the brackets and the code are read as one mention of the code's column or
value, so every reading around them sees one thing: "excluding likely voter (LV) polls"
leaves out the LV polls as "excluding LV polls" does, where the words in between would
otherwise keep the negation from reaching the value. Only words whose initials spell the
code are taken, so a bracket that is no definition ("margin (LV)") is left as it is.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

from notebook_router.analyst.linking import Mention

_WORD = re.compile(r"[a-z]+")


def defined_codes(text: str, found: list[Mention]) -> list[Mention]:
    """``found`` with each mention of a code in brackets widened over the words before it
    that the code abbreviates (``text`` is the question in lower case)."""
    out = []
    for m in found:
        span = _definition(text, m)
        taken = span is not None and not any(
            o is not m and o.start < span[1] and span[0] < o.end for o in found
        )
        out.append(replace(m, start=span[0], end=span[1]) if taken and span else m)
    return out


def _definition(text: str, m: Mention) -> tuple[int, int] | None:
    """The span from the first word the code abbreviates to its closing bracket."""
    code = re.sub(r"[^a-z]", "", text[m.start : m.end])
    opened = re.search(r"\(\s*$", text[: m.start])
    closed = re.match(r"\s*\)", text[m.end :])
    if len(code) < 2 or opened is None or closed is None:
        return None
    words = list(_WORD.finditer(text[: opened.start()]))[-len(code) :]
    if len(words) < len(code) or text[words[-1].end() : opened.start()].strip():
        return None
    if "".join(w.group()[0] for w in words) != code:
        return None
    if any(text[a.end() : b.start()].strip() not in ("", "-") for a, b in pairwise(words)):
        return None
    return words[0].start(), m.end + closed.end()
