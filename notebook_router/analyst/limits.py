"""What the analyst must not pretend to answer.

A wrong number stated confidently is worse than a decline: a question asking
for a method it does not have (a neural network, a random forest, a causal
claim) is declined, and so is one whose condition ("over 9%") could not be
tied to a column, instead of answering without the condition.
"""

from __future__ import annotations

import re

from notebook_router.analyst.intents import CLOSEST
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Decline, Spec
from notebook_router.language.phrases import phrase_table

_SAID = phrase_table("answer_limits")


def _bare(group: str) -> str:
    """The group's phrases as the alternatives of an enclosing group, in the table's order."""
    return _SAID.either(group, space=" ")[3:-1]


UNSUPPORTED = (
    rf"\b(?:{_bare('limits.unsupported')}|neural net\w*|gradient boost\w*|k-?means|causal\w*)\b"
)
CONDITION_WORDS = (
    rf"\b(?:{_bare('limits.conditions')}|exceed\w*)"
    r"\s+\$?-?(?:\d[\d,]*(?:\.\d+)?|\.\d+)"
)
FILTERING_OPS = ("count", "percentage", "statistic", "groupby", "rows", "summary", "unique",
                 "value_counts", "shape", "share", "resample", "ratio_of_totals")  # fmt: skip


_CAUSAL = re.compile(
    rf"^\s*(?:{_bare('limits.causal_leads')})\b(?P<subject>.+?)\b(?P<verb>{_bare('limits.causal_verbs')})"
    rf"\s+(?!(?:{_bare('limits.not_acted_on')})\b|[\d?.!,;]|$)\S"
    rf"|\b(?:{_bare('limits.causal_nouns')})\s+of\s+\S.*?\s+on\s+\S"
)
"""A question that asks whether one thing changed another (module docstring of the words)."""
_NOT_CAUSES = tuple(_SAID.words("limits.causal_not_subjects"))


def unsupported_method(r: Reading) -> Decline | None:
    causal = _CAUSAL.search(r.text)
    subject = (causal.group("subject") or "").strip() if causal is not None else ""
    if causal is not None and (causal.group("verb") is None or subject not in ("", *_NOT_CAUSES)):
        said = causal.group("verb") or "effect"
        return Decline(
            f"I can't tell from the data whether one thing caused a change in another "
            f"(“{said}”): a table of observations shows what went together, not what caused "
            "it. I can compare the "
            "groups instead (for example the mean of a measure with and without the "
            "condition, or by year).",
            CLOSEST,
        )
    m = re.search(UNSUPPORTED, r.text)
    if m is None:
        return None
    return Decline(
        f"I can't do {m.group(0)!r}: I run plain pandas/scipy statistics, not that method. "
        "A linear trend or regression, a correlation or a group comparison may help instead.",
        CLOSEST,
    )


def unread_condition(r: Reading, outcome: Spec | Decline) -> Spec | Decline:
    """Decline when a condition with a number is left unread in the question."""
    if not isinstance(outcome, Spec) or outcome.op not in FILTERING_OPS:
        return outcome
    m = re.search(CONDITION_WORDS, r.skeleton)
    if m is None:
        return outcome
    return Decline(
        f"I couldn't tell which column the condition {m.group(0).strip()!r} applies to, and "
        f"answering without it would be wrong. Name the column, e.g. '<column> {m.group(0).strip()}'.",
        CLOSEST,
    )
