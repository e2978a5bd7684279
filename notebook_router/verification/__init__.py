"""What a result is checked against: the claims it makes, the evidence the run holds.

- :mod:`.claims`: the records a check leaves (a verdict per claim, a score per source);
- :mod:`.numbers`: the numbers a result's text claims, with their written precision;
- :mod:`.evidence`: the numbers the run can vouch for, from its tables, results and texts;
- :mod:`.judge`: each claimed number found, not found, or contradicted by the evidence;
- :mod:`.sources`: cited sources scored by relevance, recency and use;
- :mod:`.model_check`: the same verdicts from a model, never a crash on a broken reply;
- :mod:`.critic`: the verdict on a worker result before the planner moves on.

The planner, the supervisor and the built-in verifier agent all import these, so a
claim is judged the same way whoever asks; nothing here imports an agent or the planner.
"""
