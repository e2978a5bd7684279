"""One answer function per item of the trust set, gathered from the per-table modules."""

from __future__ import annotations

from tests.data.trust.answers import (
    airports,
    barley,
    cars,
    diamonds,
    economics,
    gapminder,
    iowa_electricity,
    midwest,
    mlb,
    mpg,
    msleep,
    penguins,
    salaries,
    seattle_weather,
    stocks,
    titanic,
    txhousing,
)
from tests.data.trust.answers.common import Answer

_MODULES = (
    penguins,
    cars,
    seattle_weather,
    airports,
    barley,
    iowa_electricity,
    stocks,
    mpg,
    txhousing,
    salaries,
    gapminder,
    msleep,
    titanic,
    mlb,
    diamonds,
    economics,
    midwest,
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
