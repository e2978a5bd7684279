"""One answer function per item of the third trust set, gathered from the per-table modules."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer
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


def _gather() -> dict[str, Answer]:
    gathered: dict[str, Answer] = {}
    for module in _MODULES:
        overlap = gathered.keys() & module.ANSWERS.keys()
        if overlap:
            raise ValueError(f"answers defined twice: {sorted(overlap)}")
        gathered.update(module.ANSWERS)
    return gathered


ANSWERS: dict[str, Answer] = _gather()
