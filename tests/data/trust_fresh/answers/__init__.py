"""One answer function per item of the fresh trust set, gathered from the per-table modules."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, gather
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


ANSWERS: dict[str, Answer] = gather(_MODULES)
