"""notebook_router: a Jupyter-native router agent.

A planner loop on your event loop decomposes a task, delegates the pieces to
agents (functions, notebook cells, trees of agents), runs independent pieces
in parallel and stops when the goal is met, a budget runs out, or you say so.

>>> from notebook_router import Router, agent
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from notebook_router.lazy import lazy_exports

if TYPE_CHECKING:
    from notebook_router.agents.base import AgentContext, BaseAgent, Capability, Inputs, TaskRequest
    from notebook_router.agents.breaker import CircuitBreaker
    from notebook_router.agents.delegation import Delegate
    from notebook_router.agents.function import FunctionAgent, agent
    from notebook_router.agents.group import AgentGroup
    from notebook_router.agents.registry import AgentRegistry
    from notebook_router.context.shared import SharedContext
    from notebook_router.errors import NeedsUserInput, NotebookRouterError, Unable
    from notebook_router.media import Media
    from notebook_router.planner.decisions import Decision, RedirectDecision, Synthesis
    from notebook_router.planner.events import Event
    from notebook_router.planner.rails import Limits
    from notebook_router.planner.result import RunResult
    from notebook_router.planner.run import Run
    from notebook_router.providers.registry import resolve_model
    from notebook_router.result import AgentResult, Citation
    from notebook_router.router import Router
    from notebook_router.tools import Tool, ToolDecision, ToolResult, ToolRouter, ToolStore, tool
    from notebook_router.usage import Usage

__version__ = "0.1.0"

__all__ = [
    "AgentContext",
    "AgentGroup",
    "AgentRegistry",
    "AgentResult",
    "BaseAgent",
    "Capability",
    "CircuitBreaker",
    "Citation",
    "Decision",
    "Delegate",
    "Event",
    "FunctionAgent",
    "Inputs",
    "Limits",
    "Media",
    "NeedsUserInput",
    "NotebookRouterError",
    "RedirectDecision",
    "Router",
    "Run",
    "RunResult",
    "SharedContext",
    "Synthesis",
    "TaskRequest",
    "Tool",
    "ToolDecision",
    "ToolResult",
    "ToolRouter",
    "ToolStore",
    "Unable",
    "Usage",
    "__version__",
    "agent",
    "resolve_model",
    "tool",
]


# Where each public name lives. They are imported on first use (PEP 562), so that
# ``import notebook_router`` (and ``%load_ext``, and the CLI's --help) does not
# pay for the planner, the agents and the tools before anything asks for them.
_LAZY = {
    "AgentContext": "notebook_router.agents.base",
    "AgentGroup": "notebook_router.agents.group",
    "AgentRegistry": "notebook_router.agents.registry",
    "AgentResult": "notebook_router.result",
    "BaseAgent": "notebook_router.agents.base",
    "Capability": "notebook_router.agents.base",
    "CircuitBreaker": "notebook_router.agents.breaker",
    "Citation": "notebook_router.result",
    "Decision": "notebook_router.planner.decisions",
    "Delegate": "notebook_router.agents.delegation",
    "Event": "notebook_router.planner.events",
    "FunctionAgent": "notebook_router.agents.function",
    "Inputs": "notebook_router.agents.base",
    "Limits": "notebook_router.planner.rails",
    "Media": "notebook_router.media",
    "NeedsUserInput": "notebook_router.errors",
    "NotebookRouterError": "notebook_router.errors",
    "RedirectDecision": "notebook_router.planner.decisions",
    "Router": "notebook_router.router",
    "Run": "notebook_router.planner.run",
    "RunResult": "notebook_router.planner.result",
    "SharedContext": "notebook_router.context.shared",
    "Synthesis": "notebook_router.planner.decisions",
    "TaskRequest": "notebook_router.agents.base",
    "Tool": "notebook_router.tools",
    "ToolDecision": "notebook_router.tools",
    "ToolResult": "notebook_router.tools",
    "ToolRouter": "notebook_router.tools",
    "ToolStore": "notebook_router.tools",
    "Unable": "notebook_router.errors",
    "Usage": "notebook_router.usage",
    "agent": "notebook_router.agents.function",
    "resolve_model": "notebook_router.providers.registry",
    "tool": "notebook_router.tools",
}

if not TYPE_CHECKING:  # hidden from type checkers, which read the imports above instead
    __getattr__ = lazy_exports(__name__, _LAZY)


def _display_runs_in_ipython() -> None:
    # A Run shown as a cell's value draws its plan, tree and answer, with or
    # without %load_ext: the renderer is registered with IPython's formatter
    # (the planner itself never imports the renderers).
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        from notebook_router.render.display import display_runs_in

        display_runs_in(shell)


_display_runs_in_ipython()


def load_ipython_extension(shell: object) -> None:
    """``%load_ext notebook_router``: magics, cell agents and the live view.

    Imported lazily so the core never needs IPython.
    """
    from notebook_router.notebook import load_ipython_extension as load

    load(shell)


def unload_ipython_extension(shell: object) -> None:
    """``%unload_ext notebook_router``."""
    from notebook_router.notebook import unload_ipython_extension as unload

    unload(shell)


# IPython looks these up by name; they are public, but `import *` should not bring them.
_EXTENSION_HOOKS = ("load_ipython_extension", "unload_ipython_extension")


def __dir__() -> list[str]:
    """The public API only (PEP 562).

    Without this, ``dir(notebook_router)`` and tab completion would also list
    every submodule imported so far and this module's own helper imports.
    """
    return sorted([*__all__, *_EXTENSION_HOOKS])
