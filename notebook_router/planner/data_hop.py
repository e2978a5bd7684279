"""A run's first hop: look at the notebook's data before planning anything.

The scan is cheap (descriptions are cached per object, see
:mod:`notebook_router.data.scanner`) and its result is an event, so a planner,
the panel and a stored run all see the same picture of the data. A request
that only asks what the notebook holds is answered from it on the spot.
"""

from __future__ import annotations

import asyncio
import logging
import time

from notebook_router.data.dask_data import unsampled
from notebook_router.data.listing import answer_listing
from notebook_router.data.sharing import current_share
from notebook_router.data.source import DataSource
from notebook_router.planner import events as ev

log = logging.getLogger("notebook_router")

MAX_VALUES = 200
"""Values kept per table for routing requests that name one."""
PROMPT_CHARS = 4000
"""How much of a planner's prompt the data's descriptions may take."""


def _numeric(text: str) -> bool:
    return text.replace(".", "", 1).replace("-", "", 1).replace(",", "").isdigit()


async def described(source: DataSource, goal: str) -> ev.DataDescribed:
    """:func:`describe_data`, off the loop's thread when a Dask frame must be sampled
    first (reading partitions takes up to ``dask_data.SAMPLE_TIMEOUT_S``): the run has
    started, and its events, the panel and the kernel's loop go on meanwhile."""
    if unsampled(list(source.namespace.values())):
        return await asyncio.to_thread(describe_data, source, goal)
    return describe_data(source, goal)


def describe_data(source: DataSource, goal: str) -> ev.DataDescribed:
    """The event for what ``source`` holds now, with the listing ``goal`` asks for, if any."""
    started = time.perf_counter()
    try:
        context = source.scan()
    except Exception as exc:  # the data is context, not the task: a run goes on without it
        log.warning("notebook_router: could not read the notebook's data: %s", exc)
        return ev.DataDescribed(text=f"The notebook's data could not be read ({exc}).", tables=())
    listing = answer_listing(goal, context)
    tables = tuple(
        ev.DataTable(
            name=d.name,
            kind=d.kind,
            shape=d.shape_text(),
            columns=tuple(c.name for c in d.columns),
            values=tuple(dict.fromkeys(v for c in d.columns for v, _ in c.top if not _numeric(v)))[
                :MAX_VALUES
            ],
            column_values=tuple(
                (c.name, texts, c.distinct is not None and c.distinct == len(c.top))
                for c in d.columns
                if (texts := tuple(v for v, _ in c.top if not _numeric(v)))
            ),
            flags=tuple(c.name for c in d.columns if c.binary),
        )
        for d in context.data
    )
    share = current_share()  # the run's: what of the data its prompts may show
    return ev.DataDescribed(
        text=context.render(PROMPT_CHARS, share),
        share=share,
        tables=tables,
        listing=None if listing is None else (listing.markdown or listing.title),
        ms=round((time.perf_counter() - started) * 1000, 3),
    )
