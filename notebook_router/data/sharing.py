"""How much of the user's data a run's descriptions show: the data-sharing level.

A model planner, and agents that write code for a model, read the notebook's
data as a description. What that description holds is the user's decision,
because with a model it leaves the process for the model's provider:

* ``schema``: names, kinds and sizes of the data objects, column names and types
  (the default: nothing of the values);
* ``stats``: and per-column statistics (missing values, ranges, means, the most
  common values and how often they occur), which are drawn from the values;
* ``rows``: and the first rows.

``schema`` is the default because the planner routes by names and types, and
the analyst's code reads the values here, in the kernel: a notebook of patient
or customer records must not send any of them to a third party unless its user
says so (``--share stats|rows``, ``%route share``, ``Router(share=...)``).

A run binds its level (:func:`sharing`) for everything it starts, so every
description made inside it, by the run's first hop or by an agent, is cut to
it. Outside a run a description is the caller's own: in full.

>>> current_share()
'rows'
>>> with sharing("schema"):
...     current_share()
'schema'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Literal, get_args

from notebook_router.errors import ConfigError

ShareLevel = Literal["schema", "stats", "rows"]
SHARE_LEVELS: tuple[ShareLevel, ...] = get_args(ShareLevel)
DEFAULT_SHARE: ShareLevel = "schema"
"""What a model run shows of the data unless told otherwise (see the module docstring)."""

SHARE_TEXT: dict[ShareLevel, str] = {
    "schema": "the schema",
    "stats": "the schema and statistics",
    "rows": "the schema, statistics and first rows",
}
"""Each level in words, as a run's view says what it sent."""

_CURRENT: ContextVar[ShareLevel | None] = ContextVar("notebook_router_share", default=None)


def check_share(level: str) -> ShareLevel:
    """``level`` if it is one, else a :class:`ConfigError` that lists them."""
    for known in SHARE_LEVELS:
        if level == known:
            return known
    raise ConfigError(
        f"Unknown data-sharing level {level!r}: use schema (names and types only), stats "
        "(and per-column statistics) or rows (and the first rows)."
    )


def current_share() -> ShareLevel:
    """The level of the run this code runs in; ``rows`` (a full description) outside one."""
    return _CURRENT.get() or "rows"


@contextmanager
def sharing(level: ShareLevel) -> Iterator[None]:
    """Cut every description made inside (and in tasks started inside) to ``level``."""
    token = _CURRENT.set(check_share(level))
    try:
        yield
    finally:
        _CURRENT.reset(token)
