"""The rule planner: what the ``offline`` model plans with. Deterministic rules, no model call.

- :mod:`.decompose` splits a request into tasks and infers which needs which;
- :mod:`.matcher` picks the agent that fits a task (BM25 over the agent cards);
- :mod:`.decide` gives the next step, :mod:`.redirect` reads a mid-run message;
- :mod:`.planner` is the :class:`RulePlanner` that applies them to a run.
"""

from __future__ import annotations

from notebook_router.planner.rules.planner import RulePlanner

__all__ = ["RulePlanner"]
