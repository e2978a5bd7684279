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

UNSUPPORTED = (
    r"\b(?:neural net\w*|deep learning|random forests?|decision trees?|gradient boost\w*|xgboost|"
    r"lightgbm|support vector|svm|lstm|arima|sarima|prophet|k-?means|clustering|cluster analysis|"
    r"logistic regression|machine learning|causal\w*|caused?|causes|why)\b"
)
CONDITION_WORDS = (
    r"\b(?:more than|greater than|less than|fewer than|larger than|smaller than|higher than|"
    r"lower than|above|below|over|under|at least|at most|exceed\w*|between)\s+\$?-?(?:\d[\d,]*(?:\.\d+)?|\.\d+)"
)
FILTERING_OPS = ("count", "percentage", "statistic", "groupby", "rows", "summary", "unique",
                 "value_counts", "shape", "share", "resample")  # fmt: skip


def unsupported_method(r: Reading) -> Decline | None:
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
