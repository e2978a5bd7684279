"""A scripted model that writes code, as source for a real kernel (and JupyterLab's).

The kernel tests and the browser tests run this text in their kernel: a model
object cannot cross into another process, and a kernel started by Jupyter may
not import the ``tests`` package. It plays the planner (one task for the
built-in agent), the code writer (the codes given, in turn) and the writer of
the answer, like ``CodeModel`` in ``tests/agents/test_code_agents.py``.
"""

from __future__ import annotations

SCRIPTED_MODEL = '''
from notebook_router.notebook import session_for as _session_for
from notebook_router.planner.decisions import Synthesis as _Synthesis
from notebook_router.providers.scripted import ScriptedProvider as _ScriptedProvider


class _CodeModel:
    """Plans one task for ``agent``, writes ``codes`` in turn, answers in fixed words."""

    def __init__(self, codes, task, agent="data_analyst"):
        self.codes, self.task, self.agent = list(codes), task, agent
        self.prompts, self.planned = [], False

    def __call__(self, request):
        if request.purpose == "router.decide":
            # Planned already, by this model or by a plan the run reused from an earlier
            # cell (the agent-combination cache): the run state it is shown has tasks.
            if self.planned or _has_tasks(request.messages[-1].content):
                return {"action": "complete", "reason": "the analysis is done"}
            self.planned = True
            spec = {"id": "t1", "agent": self.agent, "description": self.task, "depends_on": []}
            return {"action": "execute", "run": [spec]}
        if request.purpose.startswith("agent.code"):
            self.prompts.append("\\n".join(m.content for m in request.messages))
            return "Here you go:\\n```python\\n" + self.codes.pop(0) + "\\n```"
        if request.purpose == "router.verify":  # every data answer is verified
            return {"claims": []}
        if request.purpose == "router.synthesise":
            return _Synthesis(answer="Here is what the code found.")
        raise AssertionError(f"unexpected call {request.purpose}")


def _has_tasks(prompt):
    import json

    view = json.loads(prompt.split("```json", 1)[1].rsplit("```", 1)[0])
    return bool(view.get("tasks"))


def _use_code_model(codes, task, agent="data_analyst"):
    """The model of the next run: plans ``task`` for ``agent``, then writes ``codes``."""
    global _code_model
    _code_model = _CodeModel(codes, task, agent)
    _session_for(get_ipython()).model = _ScriptedProvider(fallback=_code_model)
'''
"""Defines ``_use_code_model(codes, task)``; the model's prompts are in ``_code_model.prompts``.

Underscored names: the analyst's code sees the user's public variables, not these."""
