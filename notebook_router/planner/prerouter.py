"""The instant pre-router: obvious messages answered with no model call."""

from __future__ import annotations

import re
from collections.abc import Sequence

from notebook_router.agents.card import AgentCard
from notebook_router.language.phrases import phrase_table
from notebook_router.planner.state import RunState

_SAID = phrase_table("small_talk")
"""The words of greetings, thanks and asking for help (``language/data/small_talk.toml``)."""
_W = _SAID.either
_GREETING = re.compile(
    rf"^\s*{_W('greeting.phrases')}(\s+{_W('greeting.to')})?[\s!.,:)]*$", re.IGNORECASE
)
_THANKS = re.compile(
    rf"^\s*{_W('thanks.phrases')}(\s+{_W('thanks.more')})?[\s!.,:)]*$", re.IGNORECASE
)
_HELP = re.compile(
    rf"^\s*(?:{_W('help.phrases')}|{_W('help.list_verbs')}(\s+me)?\s+(?:{_W('help.list_whose')}\s+)?"
    rf"agents|{_W('help.which_agents')}(\s+do\s+you\s+have)?)[\s?!.]*$",
    re.IGNORECASE,
)


def instant_reply(message: str, agents: Sequence[AgentCard]) -> str | None:
    """A reply for greetings, thanks and "what can you do"; None for real requests.

    >>> instant_reply("hello!", [])
    'Hello! Tell me what you need and I will plan it, hand the pieces to agents and report back.'
    """
    if _GREETING.match(message):
        return (
            "Hello! Tell me what you need and I will plan it, hand the pieces to agents "
            "and report back."
        )
    if _THANKS.match(message):
        return "You're welcome. Send another task whenever you like."
    if _HELP.match(message):
        return describe_agents(agents)
    return None


def instant_reply_to(state: RunState, agents: Sequence[AgentCard]) -> str | None:
    """The instant reply to a run's request while nothing is planned yet, else None.

    Besides greetings and thanks: "what dataframes do I have?", answered from the
    run's first look at the notebook's data (see :mod:`~notebook_router.planner.data_hop`).
    """
    if len(state.plan):
        return None
    if state.data is not None and state.data.listing is not None:
        return state.data.listing
    return instant_reply(state.goal, agents)


def describe_agents(agents: Sequence[AgentCard]) -> str:
    """A short listing of what each agent can do."""
    if not agents:
        return (
            "I route tasks to agents, but none are registered yet. Define some with "
            "@agent (or %%agent in a notebook) and ask again."
        )
    lines = ["I can route work to these agents:"]
    for card in agents:
        topics = ", ".join(topic for topic, _ in card.capabilities)
        lines.append(
            f"- {card.name}: {card.description}" + (f" (topics: {topics})" if topics else "")
        )
    return "\n".join(lines)
