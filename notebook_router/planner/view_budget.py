"""Fitting a model planner's view into its token budget (``Limits.planner_tokens``).

The view is rendered at the levels of :data:`~notebook_router.planner.planner_view.CONDENSE`
in turn, least condensed first, until its text fits: finished results get
shorter previews, then the older tasks are grouped one line per run of tasks
("t3–t40: 38 fulfilled by data_analyst"). Nothing is cut silently: every task
keeps at least its id, agent and status, and the view says what was condensed.
Tokens are the project's estimate (:func:`~notebook_router.usage.estimate_tokens`),
the same offline and online, with no tokenizer to download.
"""

from __future__ import annotations

from collections.abc import Callable

from notebook_router.planner.planner_view import CONDENSE, PlannerView
from notebook_router.planner.prompts import render_view
from notebook_router.usage import estimate_tokens

CHARS_PER_TOKEN = 4
MARGIN = 120
"""Characters of the budget's room left unfilled (the JSON around the values)."""
UNBUDGETED_VALUES = 6000
"""Characters of compressed results in a view with no token budget."""

Fill = Callable[[PlannerView, int], int]
"""Gives a view's grouped tasks their results in so many characters; returns how many
it left without one."""


def fit_view(
    build: Callable[[int], PlannerView],
    budget: int | None,
    fill: Fill | None = None,
) -> tuple[PlannerView, str]:
    """The least condensed view ``build(level)`` whose text fits ``budget`` tokens, and its text.

    ``budget`` 0 or None: no budget (the view as built at level 0). When even
    the most condensed view is over, it is sent all the same, saying so.

    ``fill(view, chars)`` gives the view's grouped tasks their results, compressed, in
    the room the budget leaves (:data:`UNBUDGETED_VALUES` characters without a budget),
    and says how many it left without one. A view that fits but leaves some out is kept
    only when no more condensed view fits them all: a planner is better served by every
    result in a few words than by a few more results at length.
    """
    view = build(0)
    text = render_view(view)
    if not budget:
        if fill is not None and view.more_tasks is not None:
            fill(view, UNBUDGETED_VALUES)
            text = render_view(view)
        return view, text
    tokens = estimate_tokens(text)
    level = 0
    first_fit: tuple[PlannerView, str] | None = None
    while True:
        if tokens <= budget:
            if fill is None or view.more_tasks is None:
                return view, text
            view, text, missing = _filled(view, text, budget, fill)
            if not missing:
                return view, text
            first_fit = first_fit or (view, text)
        if level == len(CONDENSE) - 1:
            break
        level += 1
        view = build(level)
        view.condensed = f"To fit the planner's budget of {budget:,} tokens: {view.condensed}"
        text = render_view(view)
        tokens = estimate_tokens(text)
    if first_fit is not None:
        return first_fit
    view.condensed = (
        f"{view.condensed or ''} Still about {tokens:,} tokens: the agents, the data and "
        "the history take the rest."
    ).strip()
    return view, render_view(view)


def _filled(view: PlannerView, text: str, budget: int, fill: Fill) -> tuple[PlannerView, str, int]:
    """``view`` with compressed results in the room ``budget`` leaves (fewer until it
    fits), its text, and how many grouped results have no value."""
    assert view.more_tasks is not None
    room = (budget - estimate_tokens(text)) * CHARS_PER_TOKEN - MARGIN
    missing = fill(view, max(0, room))
    filled = render_view(view)
    values = view.more_tasks.values
    while values and estimate_tokens(filled) > budget:
        cut = list(values)[-max(1, len(values) // 10) :]  # a tenth fewer at a time
        for key in cut:
            del values[key]
        missing += len(cut)
        filled = render_view(view)
    if values:
        view.condensed = (
            f"{view.condensed} The grouped tasks' results are in more_tasks.values, compressed."
        )
        filled = render_view(view)
    return view, filled, missing
