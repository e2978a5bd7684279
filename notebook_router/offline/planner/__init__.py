"""The rule planner: what the ``offline`` model plans with. Deterministic rules, no model call.

- :mod:`.decide` gives the next step: the request split into clauses
  (:func:`~notebook_router.language.clauses.decompose`), each matched to the agent that
  fits it (:class:`~notebook_router.agents.matcher.AgentMatcher`), with what each needs;
- :mod:`.choices` asks which output an ambiguous "it" means before anything is planned;
- :mod:`.redirect` reads a message the user sends mid-run;
- :mod:`.planner` is the :class:`RulePlanner` that applies them to a run.

It reads follow-ups ("now do the same for South") with
:mod:`notebook_router.planner.followup` and answers greetings with
:mod:`notebook_router.planner.prerouter`: both stay in the planner, since every run reads
them, whatever its model (the plan cache and the memory read follow-ups; every planner
and the loop answer greetings without a model call).
"""

from __future__ import annotations

from notebook_router.offline.planner.planner import RulePlanner

__all__ = ["RulePlanner"]
