"""The decision agent's offline core: the options scored against the criteria, with the
numbers the task or the earlier results give (:mod:`~notebook_router.agents.builtin.criteria`).

Without the options, the criteria or numbers for them it says what it needs, with an
example.
"""

from __future__ import annotations

from notebook_router.agents.base import AgentContext
from notebook_router.agents.builtin.criteria import (
    parse_question,
    score,
    values_from_inputs,
    values_from_text,
)
from notebook_router.agents.builtin.decision import Decision, criteria_table
from notebook_router.agents.builtin.replies import needs_a_model
from notebook_router.result import AgentResult

EXAMPLE = (
    "e.g. “choose between Rome, Paris and Oslo on price and speed: Rome price 90 speed 5, "
    "Paris price 120 speed 4, Oslo price 150 speed 3”"
)


def give(agent: Decision) -> None:
    """Give the decision agent its offline core."""
    agent.rules = offline_decision


def offline_decision(request: str, context: AgentContext) -> AgentResult:
    """Score the options the request names against its criteria, with the numbers given."""
    options, criteria = parse_question(request)
    options, criteria, values = values_from_inputs(context.inputs, options, criteria)
    durations: dict[str, str] = {}
    if options and criteria:
        for option, row in values_from_text(request, options, criteria, durations).items():
            values.setdefault(option, {}).update(row)
    if not options or not criteria or not values:
        missing = (
            "the options and the criteria"
            if not options or not criteria
            else "numbers for the options on each criterion"
        )
        return AgentResult.unable(
            f"To decide without a model I need {missing} in the task ({EXAMPLE}) or a table "
            "of them from an earlier step. " + needs_a_model("weigh options from general knowledge")
        )
    scoring = score(options, criteria, values, durations)
    caveat = f"no number given for {', '.join(scoring.missing)}" if scoring.missing else None
    return AgentResult(
        status="partial" if caveat else "fulfilled",
        data=criteria_table(scoring.records()),
        summary=scoring.why(),
        confidence=0.6 if caveat else 0.8,
        error=caveat,
    )
