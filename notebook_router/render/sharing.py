"""What a model run sent of the notebook's data, said in one line wherever the run is shown.

The line goes with every run that has a model (not the offline one, which
sends nothing anywhere): in the live panel, as a chip beside the meters, and
in the finished view, as a note ("sent to openai:gpt-4o-mini: the schema and
statistics of sales, costs; task results too"). It is a pure function of the
run's state and its model string, so a stored run says the same.
"""

from __future__ import annotations

from notebook_router.data.sharing import SHARE_TEXT, check_share
from notebook_router.planner.state import RunState
from notebook_router.render.panel_state import Meter

NAMES_SHOWN = 4
"""Tables named in the line; more are counted."""


def shared_line(state: RunState, model: str) -> str | None:
    """``sent to MODEL: ...`` for a run of ``model`` (None for the offline model)."""
    what = shared_text(state, model)
    return None if what is None else f"sent to {model}: {what}"


def shared_text(state: RunState, model: str) -> str | None:
    """What the line says after the model's name (None for the offline model)."""
    if not model or model.partition(":")[0] == "offline":
        return None
    data = state.data
    if data is None:
        return "none of the notebook's data (--no-data); the task and the tasks' results"
    # Runs recorded before there were levels showed their model the first rows.
    level = check_share(data.share) if data.share else "rows"
    names = [t.name for t in data.tables]
    if not names:
        return "the names and types of the notebook's variables; task results too"
    shown = ", ".join(names[:NAMES_SHOWN])
    if len(names) > NAMES_SHOWN:
        shown += f" and {len(names) - NAMES_SHOWN} more"
    return f"{SHARE_TEXT[level]} of {shown}; task results too"


def sharing_meter(state: RunState, model: str) -> Meter | None:
    """The line as the panel shows it, beside its meters (None for the offline model)."""
    what = shared_text(state, model)
    if what is None:
        return None
    return Meter(
        label=f"sent to {model}",
        value=0,
        limit=None,
        text=what,
        title=(
            "What the model was sent of the notebook's data. --share schema|stats|rows on "
            "%%route, or %route share, sets it; --no-data sends none."
        ),
    )
