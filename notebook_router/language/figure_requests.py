"""Whether a request asks for a figure ("how many polls ...", "number of observations
above 20 by supplement"): a question to compute, never a claim to check. The numbers in
it are its bounds, not findings; only a request said as a check ("verify that ...", "is
it true that ...") is a claim. Words in ``language/data/figure_requests.toml``.

>>> asks_for_a_figure("number of observations above 20 by supplement")
True
>>> asks_for_a_figure("verify that the number of rows is 20")
False
"""

from __future__ import annotations

import re

from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_WORDS = table("figure_requests")
_ASKS = re.compile(rf"(?<!\w)(?:{alternation(_WORDS['asks'])})(?!\w)", re.IGNORECASE)
_CLAIM = re.compile(rf"^\W*(?:please\s+)?(?:{alternation(_WORDS['claims'])})(?!\w)", re.IGNORECASE)


def asks_for_a_figure(text: str) -> bool:
    """Whether ``text`` asks for a figure and is not said as a check of one."""
    return _ASKS.search(text) is not None and _CLAIM.search(text) is None
