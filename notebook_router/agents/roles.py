"""Duties the run itself needs an agent for, declared by the agents that take them.

The planner never names an agent: when it needs "whoever recalls earlier runs" or
"whoever checks claims", it asks the registry for an agent with that role. The
built-ins declare theirs; a user's agent may declare one too (a custom verifier,
say), and then takes that duty in its place.

>>> from notebook_router.agents.base import BaseAgent
>>> class Checker(BaseAgent):
...     name, description, roles = "checker", "Checks figures.", frozenset({VERIFY})
>>> has_role(Checker(), VERIFY), has_role(Checker(), RECALL)
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable

GENERALIST = "generalist"
"""One of the team's generalists (planning, research, reasoning, ...): it answers what no
other agent fits, its results are notes (a plan, a recalled fact) rather than work a
follow-up redoes, and it never takes a task over from the user's own agent."""
ANALYST = "analyst"
"""Answers questions about the run's tables: a request naming a table or a column that
fits no agent's words goes to it."""
DRAWS_TABLES = "draws_tables"
"""Draws the tables it computes in its own task ("... as a bar chart" is asked of it)."""
RECALL = "recall"
"""Recalls earlier runs and the notebook's knowledge base ("why is that?")."""
FALLBACK = "fallback"
"""Takes a request nothing else fits when the user has no agents of their own, and says
what it would need (asking "which agent?" has no answer there)."""
VERIFY = "verify"
"""Checks the claims of results (the run never verifies this agent's own verdicts)."""

ROLES = frozenset({GENERALIST, ANALYST, DRAWS_TABLES, RECALL, FALLBACK, VERIFY})


def roles_of(agent: object) -> frozenset[str]:
    """The roles ``agent`` declares (none for agents that say nothing of roles)."""
    declared = getattr(agent, "roles", ())
    return frozenset(declared) & ROLES if isinstance(declared, Iterable) else frozenset()


def has_role(agent: object, role: str) -> bool:
    """Whether ``agent`` declares ``role``."""
    return role in roles_of(agent)
