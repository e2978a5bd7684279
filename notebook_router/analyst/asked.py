"""Which of several computed numbers the question asks for.

A test computes a statistic and a p-value, and supports a verdict; the
question names the one it wants ("what's the p-value", "the KS statistic",
"is it normally distributed?"). The others stay in the text.
"""

from __future__ import annotations

import re

from notebook_router.analyst.reading import Reading
from notebook_router.language.phrases import phrase_table

_SAID = phrase_table("answer_limits")

P_VALUE = r"\bp[- ]?values?\b|\bp\b(?!\w)|\bsignificance probability\b"
STATISTIC = r"\b(?:test )?statistics?\b|\bks d\b|\bd statistic\b|\bw statistic\b|\bk(?:²|2|\^2)\b"
YES_NO_LEAD = rf"^\s*{_SAID.either('asked.yes_no', space=' ')}\b"
VERDICT = r"\b(?:yes or no|yes/no|significant(?:ly)?|reject\w*)\b"


def headline(r: Reading) -> str:
    """``p_value``, ``statistic``, ``verdict`` or ``""`` (the operation's usual value)."""
    hints = [f.hint.strip().lower() for f in r.formats]
    if any(h in ("yes", "no", "true", "false") for h in hints):
        return "verdict"
    if re.search(P_VALUE, r.text):
        return "p_value"
    if re.search(STATISTIC, r.text) and not re.search(r"\bdescriptive statistics\b", r.text):
        return "statistic"
    if re.search(YES_NO_LEAD, r.text) or re.search(r"\bwhether\b", r.text):
        return "verdict"
    return ""


def verdict_words(r: Reading) -> tuple[str, str]:
    """The words for a positive and negative verdict (``yes``/``no`` unless the format says)."""
    hints = [f.hint.strip().lower() for f in r.formats]
    if "true" in hints or "false" in hints:
        return "True", "False"
    return "yes", "no"
