"""Rules that stand in for a model: what the ``offline`` model's runs use instead of model calls.

The offline model (:mod:`notebook_router.providers.offline`) has no language model to
plan or answer with. Where a run would ask a model, these rules answer instead,
deterministically, with no key and no network:

- :mod:`.planner`: the rule planner (:class:`~notebook_router.offline.planner.RulePlanner`),
  which plans, handles redirects and writes the answer for the offline model's runs;
- which agent fits a task is read with :class:`~notebook_router.agents.matcher.AgentMatcher`
  (the choice a model planner makes by reading the agents' cards), which the planner
  also uses to judge a re-routed answer, so it lives with the agents;
- :mod:`.team`: the offline cores of the built-in agents (the summariser's extraction,
  the research agent's ranked passages, the decision agent's scoring, ...), which each
  built-in is given (:func:`~notebook_router.offline.team.equip`) and answers with when
  the run's model is the offline one (:func:`notebook_router.agents.cores.by_rules_or_model`).

The rules sit above the parts they stand in for: they read the planner's view and the
agents' cards, and the planner, the agents and the tools never import them. A
router hands them over, through the wiring of its runs:
:func:`notebook_router.wiring.default_planner` picks the rule planner for the offline
model, and each run's built-in agents get their cores.
Words are read only through :mod:`notebook_router.language`.
"""
