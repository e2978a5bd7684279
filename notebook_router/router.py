"""The entry point: a Router holds agents, a model and limits, and starts runs."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from notebook_router.agents.approval import CodePolicy, ToolPolicy
from notebook_router.agents.breaker import CircuitBreaker
from notebook_router.agents.builtin import SearchFunction
from notebook_router.agents.registry import AgentLike, AgentRegistry
from notebook_router.context.shared import SharedContext
from notebook_router.data.sharing import DEFAULT_SHARE, ShareLevel
from notebook_router.data.source import DataSource
from notebook_router.errors import ConfigError
from notebook_router.loop import run_to_end
from notebook_router.media import Media
from notebook_router.planner.planner import Planner
from notebook_router.planner.rails import Limits
from notebook_router.planner.result import RunResult
from notebook_router.planner.run import Run
from notebook_router.planner.steering import ClarifyHandler, ClarifyPolicy
from notebook_router.planner.verification import VERIFY_BELOW
from notebook_router.providers.base import Provider
from notebook_router.router_options import RouterOptions
from notebook_router.run_options import PlannerStyle
from notebook_router.styles import ResponseStyle, RunMode
from notebook_router.supervisor.combos import AgentComboCache
from notebook_router.verification.critic import Critic
from notebook_router.wiring import (
    RunSetup,
    default_planner,
    resolve_planner,
    resume_run,
    setup_of,
    start_run,
)

__all__ = ["Router", "default_planner", "resolve_planner"]

log = logging.getLogger("notebook_router")

if TYPE_CHECKING:
    from notebook_router.cluster import ExecutorSpec
    from notebook_router.mcp.servers import MCPServers
    from notebook_router.store import SessionStore
    from notebook_router.store.memory import RunMemory


class Router(RunSetup):
    """Plans a task, delegates the pieces to agents, and answers.

    >>> from notebook_router import Router, agent
    >>> @agent(can=["greeting"])
    ... def greeter(task: str) -> str:
    ...     return "hello!"
    >>> Router([greeter]).run_sync("send a greeting").stop_reason
    'completed'

    In async code (and notebooks) use ``run = router.start(task)`` and
    ``await run``; the run object also takes ``stop()`` and ``redirect()``.

    ``breaker`` is the circuit breaker for agents inside trees (shared by
    every run of this router; default: open after 3 failures in a row, try
    again after 30 s). ``critic`` (e.g. :class:`~notebook_router.verification.critic.RuleCritic`)
    checks each result and can keep the plan open. ``planner`` defaults to
    :func:`default_planner` for the model: rules for ``offline``, the model otherwise;
    it may also name a style (see :func:`resolve_planner`).
    """

    def __init__(
        self,
        agents: Iterable[AgentLike] | AgentRegistry = (),
        *,
        model: str | Provider | None = None,
        planner: Planner | PlannerStyle | None = None,
        limits: Limits | None = None,
        style: ResponseStyle | None = None,
        mode: RunMode | None = None,
        on_clarify: ClarifyHandler | None = None,
        clarify: ClarifyPolicy = "stop",
        breaker: CircuitBreaker | None = None,
        critic: Critic | None = None,
        store: SessionStore | None = None,
        data: Mapping[str, Any] | DataSource | None = None,
        builtins: bool = True,
        code: CodePolicy = "ask",
        memory: RunMemory | bool = False,
        verify: float | bool | None = VERIFY_BELOW,
        search: SearchFunction | None = None,
        combo_cache: AgentComboCache | bool = True,
        share: ShareLevel = DEFAULT_SHARE,
        mcp: MCPServers | Mapping[str, Any] | None = None,
        tool_policy: ToolPolicy = "ask",
        executor: ExecutorSpec = None,
    ) -> None:
        """``store``: a :class:`~notebook_router.store.SessionStore` that records every run
        (events, tasks, results, context) so it can be listed, shown and resumed later.

        ``data``: the variables runs may look at and analyse (``globals()``, a dict of
        DataFrames, a notebook's namespace). Each run describes it first, and with
        ``builtins`` the built-in data analyst and coder join the agents to work on it.

        ``builtins``: the built-in team (planning, research, reasoning, decision,
        summarisation) joins every run, with or without data; your own agents win
        ties with it, and one of yours with the same name takes a built-in's place.

        ``search``: a function the research agent searches with: ``search(query)``
        returns hits (strings, ``(title, text)`` pairs or dicts with ``title``,
        ``text`` and ``url``), sync or async; given a URL it should return the page.

        ``code``: whether code an agent writes may run in this process. ``ask`` (the
        default) waits for the user's Run or Skip where a panel can ask them, and
        otherwise does not run it; ``auto`` runs it; ``never`` only shows it. The
        offline analyst's own operations are read-only and run under every policy.

        ``memory``: a :class:`~notebook_router.store.memory.RunMemory` (``True``: a new
        one, in ``store`` when given) that keeps what each run did and the facts it
        learned; every later run's planner sees them, so follow-ups ("now do the same
        for South") work. The notebook gives every ``%%route`` its session's memory.

        ``verify``: results less confident than this are verified (their claims checked
        against the data, earlier results and tool outputs) and, when a claim fails, sent
        back to the agent once, reworded; the answer says which claims are verified.
        ``None`` or ``False`` turns it off; a run may override it (``verify_below=``,
        ``%%route --verify-below``). With ``limits`` given and ``verify`` left alone,
        ``limits.verify_below`` decides.

        ``planner``: a :class:`~notebook_router.planner.planner.Planner`, or a style:
        ``"decider"`` (the default: the model answers each decision with JSON; offline,
        rules decide) or ``"supervisor"`` (the model drives the supervisor's tools,
        ``retrieve_agents``, ``call_agent``, ``write_todos`` and ``reflect_on_progress``,
        by native tool calling; it needs a model that calls tools, not ``offline``).
        The supervisor style checks every worker result with a
        :class:`~notebook_router.verification.critic.RuleCritic` when ``critic`` is not given.

        ``combo_cache``: the agent-combination cache, which lets a request planned
        before (same words, same agents, same data tables) skip its first planning
        call: the run's trace says "agent-combination cache hit". Default: the
        ``store``'s cache when a store is given (shared by the kernels using it), else
        one in memory for this router; an
        :class:`~notebook_router.supervisor.combos.AgentComboCache` to use that one;
        ``False`` turns it off. Only model planners use it: the offline rules make no
        planning call to save.

        ``style`` (``conversational``, ``structured``, ``report``) and ``mode`` (``quick``,
        ``normal``, ``thorough``): how answers are written and how runs are spent; None
        (the default) reads them from each request's words ("quick question", "in depth",
        "write a report"; see :mod:`~notebook_router.planner.modes`). A run may override
        them (``start(style=..., mode=...)``, ``%%route --style/--mode``).

        ``share``: how much of ``data`` a run's descriptions show, which with a model
        is what its provider is sent: ``"schema"`` (the default: names, kinds, sizes,
        column names and types), ``"stats"`` (and per-column statistics: ranges,
        means, the most common values) or ``"rows"`` (and the first rows). Each
        run's view says what was sent. A run may override it (``start(share=...)``,
        ``%%route --share``). See :mod:`notebook_router.data.sharing`.

        ``mcp``: MCP servers whose tools runs may use, as ``{name: command line | URL |
        config entry}`` (connected now, for the life of the process), as a parsed
        ``{"mcpServers": {...}}`` config, or as a
        :class:`~notebook_router.mcp.servers.MCPServers` to share. Each server joins as
        one agent (``mcp.<name>``) that routes a task to one of its tools. Needs the
        ``mcp`` extra. See :mod:`notebook_router.mcp`.

        ``tool_policy``: whether those tools are called: ``ask`` (the default) shows the
        server, the tool and its arguments and waits for Run, Edit or Skip where a panel
        can ask, and otherwise calls nothing; ``auto`` calls them; ``never`` does not.
        A run may override it (``start(tools=...)``, ``%%route --tools``).

        ``executor``: where function agents run. ``"local"`` or None (the default): in
        this process. ``"dask"``: on a Dask ``LocalCluster`` of worker processes, started
        the first time an agent needs it and reused by the process; a scheduler address
        (``"tcp://HOST:PORT"``): on that cluster; a ``distributed.Client``: on its
        cluster. Cell agents, the built-ins, agents defined with ``local=True`` and
        agents taking ``context``, ``shared`` or ``model`` stay here. Needs the
        ``[dask]`` extra. See :mod:`notebook_router.cluster`."""
        # The arguments are the options, one for one (their defaults are the options'):
        # an option is declared once, in RouterOptions, and wired once, in setup_of.
        given = locals()
        setup = setup_of(RouterOptions(**{f.name: given[f.name] for f in fields(RouterOptions)}))
        # The router is its setup: every run reads it afresh (a changed ``router.provider``
        # is the next run's model).
        super().__init__(**{f.name: getattr(setup, f.name) for f in fields(setup)})

    def start(
        self,
        query: str,
        *,
        context: Mapping[str, Any] | SharedContext | None = None,
        media: Sequence[Media] = (),
        style: ResponseStyle | None = None,
        mode: RunMode | None = None,
        run_id: str | None = None,
        code: CodePolicy | None = None,
        fresh: bool = False,
        share: ShareLevel | None = None,
        tools: ToolPolicy | None = None,
        **limits: Any,
    ) -> Run:
        """Start a run on the running event loop and return it at once.

        ``context`` seeds the shared context; ``media`` is attached to the
        request (every agent sees it, and model planners get it as media
        parts). Keyword arguments named like :class:`Limits` fields override
        the router's limits for this run (``max_iterations=5``, ``timeout_s=30``);
        ``code`` overrides the router's code policy for this run; ``fresh=True``
        plans without the memory of earlier runs (the run still joins it); ``share``
        overrides the router's data-sharing level for this run; ``tools`` its tool policy;
        ``style`` and ``mode`` override the router's (and what the request's words ask for).
        """
        return start_run(
            self,
            query,
            context=context,
            media=media,
            style=style,
            mode=mode,
            run_id=run_id,
            code=code,
            fresh=fresh,
            share=share,
            tools=tools,
            **limits,
        )

    def resume(self, run_id: str, **limits: Any) -> Run:
        """Continue a stored run from its last recorded state, on the running event loop.

        Needs the router's ``store``. Finished tasks keep their results and
        are not run again; tasks that were running when the run died start
        again; the planner carries on from there with this router's agents and
        model. Raises :class:`~notebook_router.errors.ResumeError` if the run
        completed, is still running in another kernel, or needs agents this
        router does not have.
        """
        return resume_run(self, run_id, **limits)

    async def run(self, query: str, **options: Any) -> RunResult:
        """Run ``query`` to the end and return the result."""
        result: RunResult = await self.start(query, **options)
        return result

    def run_sync(self, query: str, **options: Any) -> RunResult:
        """Run ``query`` from synchronous code (scripts, the command line)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            finished = run_to_end(self.run(query, **options))
            note = finished.note()
            if note:
                log.warning("notebook_router: %s", note)
            return finished.value
        raise ConfigError(
            "run_sync() cannot be used while an event loop is running (as in a notebook): "
            "use `await router.run(task)` or the %%route magic instead."
        )

    def __repr__(self) -> str:
        return (
            f"Router(model='{self.provider.name}:{self.provider.model}', "
            f"agents={self.agents.names()})"
        )
