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
from tests.data.trust.answers.common import Answer, gather

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


ANSWERS: dict[str, Answer] = gather(_MODULES)
