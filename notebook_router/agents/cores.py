"""A built-in agent answers with the run's model, or with the rules that stand in for it.

Each built-in agent has two cores. Its model core is its own code: prompts, replies
and what it does when a reply is unusable. Its offline core is rules
(:mod:`notebook_router.offline.team`): the summariser's extraction, the research
agent's ranked passages, the decision agent's scoring. The agent is *given* its
offline core (:attr:`BuiltinAgent.rules`; a router gives each of its built-ins theirs,
with :func:`notebook_router.offline.team.equip`), and it hands both ways of answering
to :func:`by_rules_or_model`, which picks one. That choice, rules for the ``offline``
model and the model for any other, is made here and nowhere else in the agents: a
built-in never asks whether the model is offline (``tests/test_architecture.py``).

>>> import asyncio
>>> from notebook_router.agents.base import AgentContext, TaskRequest, NO_INPUTS
>>> from notebook_router.context.shared import SharedContext
>>> from notebook_router.providers.base import ModelClient
>>> from notebook_router.providers.registry import resolve_model
>>> task = TaskRequest(id="t1", description="hello", goal="hello", agent="echo")
>>> context = AgentContext(
...     run_id="r1", goal="hello", task=task, inputs=NO_INPUTS, shared=SharedContext(),
...     model=ModelClient(resolve_model("offline")),
... )
>>> async def model() -> str:
...     return "the model"
>>> asyncio.run(by_rules_or_model(context, rules=lambda: "the rules", model=model))
'the rules'
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from inspect import isawaitable
from typing import Generic, TypeVar, cast

from notebook_router.agents.base import AgentContext, BaseAgent
from notebook_router.errors import ConfigError
from notebook_router.providers.offline import is_offline

R = TypeVar("R")
T = TypeVar("T")


async def by_rules_or_model(
    context: AgentContext,
    *,
    rules: Callable[[], T | Awaitable[T]],
    model: Callable[[], Awaitable[T]],
) -> T:
    """``rules()`` when the run's model is the offline one, else ``model()``.

    ``rules`` is the agent's offline core applied to the task (or, for an agent whose
    rules are only "what was measured", that); ``model`` is its model core.
    """
    if is_offline(context.model.provider):
        answer = rules()
        return cast(T, await answer) if isawaitable(answer) else answer
    return await model()


class BuiltinAgent(BaseAgent, Generic[R]):
    """A built-in agent whose offline core, of type ``R``, it is given (see the module)."""

    builtin = True
    rules: R | None = None
    """Its offline core; None until it is given one (a router gives it one)."""

    @property
    def offline_core(self) -> R:
        """The offline core it was given; a clear error when it was made without one."""
        if self.rules is None:
            raise ConfigError(
                f"The built-in agent {self.name!r} was made without its offline core, the "
                "rules it answers with when the model is 'offline': run it through a Router "
                "(which gives each built-in its core), or give it one with "
                "notebook_router.offline.team.equip([agent])."
            )
        return self.rules
