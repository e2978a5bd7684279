"""One answer function per item of the third trust set, gathered from the per-table modules."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, gather
from tests.data.trust_third.answers import (
    cars93,
    chickweight,
    cps1985,
    fastfood,
    murders,
    ncbirths,
    sacramento,
    survey,
    us_employment,
)

_MODULES = (
    cars93,
    survey,
    cps1985,
    ncbirths,
    fastfood,
    sacramento,
    murders,
    chickweight,
    us_employment,
)


ANSWERS: dict[str, Answer] = gather(_MODULES)
