"""The options a router (and every front end's runs) is built from, declared once.

:class:`RouterOptions` holds each option with its default.
:class:`~notebook_router.router.Router` takes them as its documented keyword
arguments and :func:`notebook_router.wiring.wire` takes the same arguments
(its signature is this class's), so an option is added here, to the Router's
signature and docstring (what each option means is told there), and read in
:func:`~notebook_router.wiring.setup_of`.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import KW_ONLY, dataclass
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from notebook_router.agents.approval import CodePolicy, ToolPolicy
from notebook_router.agents.breaker import CircuitBreaker
from notebook_router.agents.builtin import SearchFunction
from notebook_router.agents.registry import AgentLike, AgentRegistry
from notebook_router.data.sharing import DEFAULT_SHARE, ShareLevel
from notebook_router.data.source import DataSource
from notebook_router.planner.planner import Planner
from notebook_router.planner.rails import Limits
from notebook_router.planner.steering import ClarifyHandler, ClarifyPolicy
from notebook_router.planner.verification import VERIFY_BELOW
from notebook_router.providers.base import Provider
from notebook_router.run_options import PlannerStyle
from notebook_router.styles import ResponseStyle, RunMode
from notebook_router.supervisor.combos import AgentComboCache
from notebook_router.verification.critic import Critic

if TYPE_CHECKING:
    from notebook_router.cluster import ExecutorSpec
    from notebook_router.mcp.servers import MCPServers
    from notebook_router.store import SessionStore
    from notebook_router.store.memory import RunMemory

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True)
class RouterOptions:
    """Everything a router is given, as given (see :class:`~notebook_router.router.Router`
    for what each option means); :func:`~notebook_router.wiring.setup_of` checks and
    resolves them into a :class:`~notebook_router.wiring.RunSetup`."""

    agents: Iterable[AgentLike] | AgentRegistry = ()
    _: KW_ONLY
    model: str | Provider | None = None
    planner: Planner | PlannerStyle | None = None
    limits: Limits | None = None
    style: ResponseStyle | None = None
    mode: RunMode | None = None
    on_clarify: ClarifyHandler | None = None
    clarify: ClarifyPolicy = "stop"
    breaker: CircuitBreaker | None = None
    critic: Critic | None = None
    store: SessionStore | None = None
    data: Mapping[str, Any] | DataSource | None = None
    builtins: bool = True
    code: CodePolicy = "ask"
    memory: RunMemory | bool = False
    verify: float | bool | None = VERIFY_BELOW
    search: SearchFunction | None = None
    combo_cache: AgentComboCache | bool = True
    share: ShareLevel = DEFAULT_SHARE
    mcp: MCPServers | Mapping[str, Any] | None = None
    tool_policy: ToolPolicy = "ask"
    executor: ExecutorSpec = None


def _with_arguments_of(
    options: Callable[P, RouterOptions],
) -> Callable[[Callable[[RouterOptions], T]], Callable[P, T]]:
    def decorate(build: Callable[[RouterOptions], T]) -> Callable[P, T]:
        @functools.wraps(build)
        def called(*args: P.args, **kwargs: P.kwargs) -> T:
            return build(options(*args, **kwargs))

        called.__signature__ = inspect.signature(options)  # type: ignore[attr-defined]
        return called

    return decorate


takes_options = _with_arguments_of(RouterOptions)
"""Decorates a function of one :class:`RouterOptions` so that it is called with the
options' own arguments instead, checked by type as theirs are: ``wire(agents, model=...)``."""
