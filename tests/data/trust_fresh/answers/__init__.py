"""One answer function per item of the fresh trust set, gathered from the per-table modules."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer
from tests.data.trust_fresh.answers import (
    airquality,
    city_weather,
    mlb_teams,
    mtcars,
    planes,
    prestige,
    quakes,
    starwars,
    storms,
)

_MODULES = (
    storms,
    city_weather,
    starwars,
    planes,
    mlb_teams,
    prestige,
    mtcars,
    quakes,
    airquality,
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
