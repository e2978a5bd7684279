"""Fixtures shared by the planner's tests: a router over one made-up table."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router

RouterOn = Callable[[str, pd.DataFrame], Router]
"""Makes a router with memory (so follow-ups see the runs before) over one table."""


@pytest.fixture
def router_on() -> RouterOn:
    """A router with memory over a copy of one made-up table, under the name given."""

    def make(name: str, frame: pd.DataFrame) -> Router:
        return Router(data={name: frame.copy()}, memory=True)

    return make
