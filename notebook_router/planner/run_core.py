"""What every collaborator of a run works with: one frozen bundle.

A run's planner calls (:mod:`~notebook_router.planner.deciding`), its steering
(:mod:`~notebook_router.planner.steering`) and its conclusion
(:mod:`~notebook_router.planner.conclusion`) all read the same state, agents,
planner, planner model, limits and event log. They take them as one
:class:`RunCore`, built once in :func:`~notebook_router.planner.run_parts.wire_run`,
so a new thing they all need is added here and there, not to every constructor.
"""

from __future__ import annotations

from dataclasses import dataclass

from notebook_router.agents.registry import AgentRegistry
from notebook_router.planner.eventlog import EventLog
from notebook_router.planner.planner import Planner
from notebook_router.planner.rails import Limits
from notebook_router.planner.state import RunState
from notebook_router.providers.base import ModelClient


@dataclass(frozen=True, slots=True)
class RunCore:
    """The state, agents, planner, planner model, limits and event log of one run."""

    state: RunState
    agents: AgentRegistry
    planner: Planner
    model: ModelClient
    """The planner's model client (usage counted, replay misses reported)."""
    limits: Limits
    events: EventLog
    """The run's event log: the only way anything changes its state."""
