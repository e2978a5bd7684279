"""A scope said first, once, for every statistic of a request: "for high priority orders,
the total amount and the average units", "among smokers, the mean age and the mean
weight", "in the North: total revenue and average price".

The request splits into one task per statistic, and only the first part says the scope.
Said before the first statistic and closed by a comma or a colon, the scope opens the
whole request, not the first part: every later part that asks a statistic of its own
(and names no scope of its own) is given it. Without it the second part is answered over
every row, a confident number for another question.
"""

from __future__ import annotations

import re

from notebook_router.language.phrases import phrase_table

_CLAUSES = phrase_table("clauses")
_SCOPE = re.compile(
    rf"^\s*(?P<scope>(?:{_CLAUSES.either('scope_leads')})\s+[^,:;?!]+?)\s*[,:]\s*(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
SCOPE_WORDS = 8
"""The most words of a leading scope ("for orders shipped from Reno in 2023"); longer,
the words before the comma are a part of their own."""


def leading_scope(text: str) -> str | None:
    """The scope ``text`` opens with ("for high priority orders"), None when it opens
    with none: a prepositional phrase of a few words closed by a comma or a colon."""
    found = _SCOPE.match(text)
    if found is None or len(found["scope"].split()) > SCOPE_WORDS:
        return None
    return str(found["scope"])


def with_scope(scope: str, text: str) -> str:
    """``text`` asked within ``scope``: "The average units" → "for high priority orders,
    the average units"; unchanged when it says a scope of its own."""
    if leading_scope(text) is not None:
        return text
    body = text.strip()
    return f"{scope[:1].upper()}{scope[1:]}, {body[:1].lower()}{body[1:]}"


def scoped_parts(parts: list[str], refers_back: re.Pattern[str]) -> list[str]:
    """``parts`` of one question with the first part's leading scope given to each later
    part that says none and does not refer back to the part before (``refers_back``)."""
    scope = leading_scope(parts[0]) if parts else None
    if scope is None:
        return parts
    return [parts[0], *(p if refers_back.search(p) else with_scope(scope, p) for p in parts[1:])]
