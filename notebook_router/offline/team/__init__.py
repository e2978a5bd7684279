"""The built-in agents' offline cores: the rules each one answers with in place of a model.

One module per built-in agent that has rules, named as the agent's module is:
``offline/team/summarisation.py`` is the offline core of
:class:`~notebook_router.agents.builtin.summarisation.Summarisation`, and ``give(agent)``
in it hands the core over. :func:`equip` gives every built-in among a router's agents
(and inside their trees) its core; the agent answers with it when the run's model is
the ``offline`` one (:func:`~notebook_router.agents.cores.by_rules_or_model`).

A built-in whose offline answer is only what it measured (audio, video, the verifier's
number checks) or a spoken text (narration) has no module here: those answers are the
agent's own work with or without a model.

>>> from notebook_router.agents.builtin import Summarisation
>>> summariser = Summarisation()
>>> equip([summariser])
>>> summariser.rules is not None
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Any

from notebook_router.agents.cores import BuiltinAgent
from notebook_router.agents.tree import children_of

BUILTIN = "notebook_router.agents.builtin"
"""Where the built-in agents are: a core here has the name of its agent's module there."""


def equip(agents: Iterable[Any]) -> None:
    """Give each built-in agent among ``agents`` and their descendants its offline core
    (one it was given already is kept)."""
    for agent in _every(agents):
        if isinstance(agent, BuiltinAgent) and agent.rules is None:
            give_core(agent)


def give_core(agent: BuiltinAgent[Any]) -> None:
    """Give ``agent`` the core of its built-in class (a subclass of a built-in gets the
    built-in's)."""
    give: Callable[[Any], None] = importlib.import_module(core_module(type(agent))).give
    give(agent)


def core_module(kind: type) -> str:
    """The module of the offline core of the built-in agent class ``kind``."""
    for cls in kind.__mro__:
        package, _, name = cls.__module__.rpartition(".")
        if package == BUILTIN:
            return f"{__name__}.{name}"
    raise TypeError(f"{kind.__name__} is no built-in agent: it has no offline core here")


def _every(agents: Iterable[Any]) -> Iterable[Any]:
    """``agents`` and their descendants, each once (a cycle is the registry's to report)."""
    seen: set[int] = set()
    todo = list(agents)
    while todo:
        agent = todo.pop()
        if id(agent) not in seen:
            seen.add(id(agent))
            yield agent
            todo.extend(children_of(agent))
