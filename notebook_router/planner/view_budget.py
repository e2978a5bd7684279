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


def fit_view(build: Callable[[int], PlannerView], budget: int | None) -> tuple[PlannerView, str]:
    """The least condensed view ``build(level)`` whose text fits ``budget`` tokens, and its text.

    ``budget`` 0 or None: no budget (the view as built at level 0). When even
    the most condensed view is over, it is sent all the same, saying so.
    """
    view = build(0)
    text = render_view(view)
    if not budget:
        return view, text
    tokens = estimate_tokens(text)
    level = 0
    while tokens > budget and level < len(CONDENSE) - 1:
        level += 1
        view = build(level)
        view.condensed = f"To fit the planner's budget of {budget:,} tokens: {view.condensed}"
        text = render_view(view)
        tokens = estimate_tokens(text)
    if tokens > budget:
        view.condensed = (
            f"{view.condensed or ''} Still about {tokens:,} tokens: the agents, the data and "
            "the history take the rest."
        ).strip()
        text = render_view(view)
    return view, text
