"""Finding agents in a module or a Python file (for ``--agents``)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from notebook_router.agents.base import Agent
from notebook_router.agents.registry import AgentRegistry, as_agent
from notebook_router.agents.tree import roots_of
from notebook_router.errors import AgentLoadError


def load_agents(spec: str) -> list[Agent]:
    """The agents defined by a module (``pkg.mod``) or a file (``agents.py``).

    A module's ``AGENTS`` (a list or an AgentRegistry) wins; otherwise every
    module-level agent (an ``@agent`` function or agent object) is taken, in
    definition order, except those whose parent is taken too (they come with it).
    """
    module = _import(spec)
    declared = getattr(module, "AGENTS", None)
    if declared is not None:
        if isinstance(declared, AgentRegistry):
            return list(declared)
        try:
            return [as_agent(a) for a in declared]
        except Exception as exc:
            raise AgentLoadError(f"{spec}: AGENTS must be a list of agents ({exc}).") from None
    found = [v for k, v in vars(module).items() if not k.startswith("_") and _is_agent(v)]
    # Children defined at module level are reached through their parents.
    found = roots_of(found)
    if not found:
        raise AgentLoadError(
            f"{spec} defines no agents. Decorate functions with @agent "
            "(from notebook_router import agent) or define AGENTS = [...]."
        )
    return found


def _is_agent(value: object) -> bool:
    return not isinstance(value, type) and isinstance(value, Agent)


def _import(spec: str) -> ModuleType:
    path = Path(spec)
    if spec.endswith(".py") or path.is_file():
        if not path.is_file():
            raise AgentLoadError(
                f"No such file: {spec}. Pass a .py file or a module path (pkg.mod)."
            )
        name = f"_notebook_router_agents_{path.stem}"
        module_spec = importlib.util.spec_from_file_location(name, path)
        if module_spec is None or module_spec.loader is None:
            raise AgentLoadError(f"Cannot import {spec} as Python.")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module
        try:
            module_spec.loader.exec_module(module)
        except Exception as exc:
            raise AgentLoadError(f"Importing {spec} failed: {type(exc).__name__}: {exc}") from exc
        return module
    try:
        return importlib.import_module(spec)
    except ModuleNotFoundError as exc:
        raise AgentLoadError(
            f"Cannot import agents from {spec!r}: {exc}. Pass an importable module "
            "(e.g. notebook_router.examples.sales) or a path to a .py file."
        ) from None
    except Exception as exc:
        raise AgentLoadError(f"Importing {spec} failed: {type(exc).__name__}: {exc}") from exc
