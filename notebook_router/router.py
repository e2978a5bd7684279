"""The entry point: a Router holds agents, a model and limits, and starts runs."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from notebook_router.agents.approval import (
    CodePolicy,
    ToolPolicy,
    check_code_policy,
    check_tool_policy,
)
from notebook_router.agents.breaker import CircuitBreaker
from notebook_router.agents.builtin import SearchFunction, plug_team, with_builtins
from notebook_router.agents.registry import AgentLike, AgentRegistry
from notebook_router.context.shared import SharedContext
from notebook_router.data.sharing import DEFAULT_SHARE, ShareLevel, check_share, sharing
from notebook_router.data.source import DataSource
from notebook_router.errors import ConfigError, EmptyTaskError
from notebook_router.loop import run_to_end
from notebook_router.media import Media
from notebook_router.offline.planner import RulePlanner
from notebook_router.offline.team import equip
from notebook_router.planner.combo_planner import ComboPlanner
from notebook_router.planner.modes import check_mode, check_style, choose_intent, limits_for
from notebook_router.planner.planner import ModelPlanner, Planner
from notebook_router.planner.rails import Limits
from notebook_router.planner.result import RunResult
from notebook_router.planner.run import Run, new_run_id
from notebook_router.planner.state import RunState
from notebook_router.planner.steering import ClarifyHandler, ClarifyPolicy
from notebook_router.planner.verification import VERIFY_BELOW
from notebook_router.providers.base import Provider
from notebook_router.providers.offline import is_offline
from notebook_router.providers.recording import RecordingProvider
from notebook_router.providers.registry import resolve_model
from notebook_router.run_options import PLANNER_STYLES, PlannerStyle
from notebook_router.styles import ResponseStyle, RunMode
from notebook_router.supervisor.combos import AgentComboCache
from notebook_router.text.unicode import valid_unicode
from notebook_router.verification.critic import Critic, RuleCritic

log = logging.getLogger("notebook_router")

if TYPE_CHECKING:
    from notebook_router.cluster import ExecutorSpec
    from notebook_router.cluster.remote import DaskExecutor
    from notebook_router.mcp.servers import MCPServers
    from notebook_router.planner.resume import ResumePoint
    from notebook_router.store import SessionStore
    from notebook_router.store.memory import RunMemory


class Router:
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
        registry = agents if isinstance(agents, AgentRegistry) else AgentRegistry(agents)
        self.mcp = _mcp_servers(mcp)
        """The MCP servers whose agents join every run (None: none)."""
        if self.mcp is not None:
            registry = AgentRegistry(
                [*registry, *(a for a in self.mcp.agents() if a.name not in registry)]
            )
        self.data = DataSource.of(data)
        self.search = search
        self.agents = (
            with_builtins(registry, data=self.data is not None, search=search)
            if builtins
            else plug_team(registry, search)  # built-ins the caller named in ``agents``
        )
        self.provider = resolve_model(model)
        self.planner: Planner = resolve_planner(planner, self.provider)
        self.limits = _with_verify(limits, verify)
        self.style = check_style(style) if style else None
        self.mode = check_mode(mode) if mode else None
        self.on_clarify = on_clarify
        self.clarify: ClarifyPolicy = clarify
        # One breaker for every run of this router: an agent that keeps failing
        # stays skipped across runs until its cool-down ends.
        self.breaker = breaker or CircuitBreaker()
        # The supervisor style promises a critic's check after every worker result.
        wants_critic = getattr(self.planner, "wants_critic", False)
        self.critic = critic if critic is not None or not wants_critic else RuleCritic()
        self.store = store
        self.combo_cache = _combo_cache(combo_cache, store, self.planner, self.provider)
        """The agent-combination cache this router's runs consult and fill (None: off)."""
        self._planning: Planner = (
            self.planner
            if self.combo_cache is None
            else ComboPlanner(self.planner, self.combo_cache)
        )
        self.code: CodePolicy = check_code_policy(code)
        self.memory = _memory(memory, store)
        self.share: ShareLevel = check_share(share)
        self.tool_policy: ToolPolicy = check_tool_policy(tool_policy, option="tool_policy")
        self.executor: DaskExecutor | None = _executor(executor)
        """Where this router's function agents run (None: in this process)."""

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
        task = valid_unicode(query.strip()) if query else ""
        if not task:
            raise EmptyTaskError()
        # Walk the trees now (cached) so a cycle or a clash of names is reported
        # before the run starts, not from inside its first decision.
        self.agents.tree()
        shared = (
            context if isinstance(context, SharedContext) else SharedContext(dict(context or {}))
        )
        intent = choose_intent(task, style=style or self.style, mode=mode or self.mode)
        state = RunState(
            run_id=run_id or new_run_id(),
            query=task,
            goal=task,
            style=intent.style,
            mode=intent.mode,
            mode_why=intent.mode_why,
            style_why=intent.style_why,
            context=shared,
            attachments=[*media, *_files_named(task, media)],
            arc=None if self.memory is None or fresh else self.memory.view(task),
        )
        run = self._run(
            state,
            limits,
            mode=intent.mode,
            code=check_code_policy(code) if code else self.code,
            share=check_share(share) if share else self.share,
            tools=check_tool_policy(tools) if tools else self.tool_policy,
        )
        if self.memory is not None:
            self.memory.follow(run)
        if self.store is not None:
            self.store.attach(run)  # before the run's first event: it starts on the next loop turn
        return run

    def resume(self, run_id: str, **limits: Any) -> Run:
        """Continue a stored run from its last recorded state, on the running event loop.

        Needs the router's ``store``. Finished tasks keep their results and
        are not run again; tasks that were running when the run died start
        again; the planner carries on from there with this router's agents and
        model. Raises :class:`~notebook_router.errors.ResumeError` if the run
        completed, is still running in another kernel, or needs agents this
        router does not have.
        """
        from notebook_router.store.resume import prepare

        if self.store is None:
            raise ConfigError(
                "resume() needs a session store: Router(agents, store=SessionStore(PATH))."
            )
        state, point = prepare(self.store, run_id, self.agents)
        run = self._run(state, limits, resume=point, mode=state.mode)
        self.store.attach(run)
        return run

    def _run(
        self,
        state: RunState,
        limits: dict[str, Any],
        resume: ResumePoint | None = None,
        code: CodePolicy | None = None,
        share: ShareLevel | None = None,
        tools: ToolPolicy | None = None,
        mode: RunMode = "normal",
    ) -> Run:
        """Start a run of ``state`` with this router's agents, model, planner and guards."""
        from notebook_router.agents.placement import placed
        from notebook_router.context.memory import bound

        planner = self._planning
        equip(self.agents)  # each built-in gets its offline core, added since or not
        run = Run(
            state.query,
            agents=self.agents,
            provider=self.provider,
            planner=planner,
            limits=limits_for(self._limits(limits), mode, limits),
            state=state,
            on_clarify=self.on_clarify,
            clarify=self.clarify,
            breaker=self.breaker,
            critic=self.critic,
            resume=resume,
            data=self.data,
            code=code or self.code,
            tools=tools or self.tool_policy,
        )
        if isinstance(planner, ComboPlanner):
            planner.follow(run)  # remember its first decision if it completes
        # The run's task, and so its agents, see the knowledge base, and describe the data
        # no further than the sharing level allows.
        with bound(self.memory), sharing(share or self.share), placed(self.executor):
            run.start()
        return run

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

    def _limits(self, overrides: Mapping[str, Any]) -> Limits:
        if not overrides:
            return self.limits
        unknown = sorted(set(overrides) - set(Limits.model_fields))
        if unknown:
            known = ", ".join(Limits.model_fields)
            raise ConfigError(f"Unknown option(s) {', '.join(unknown)}. Limits are: {known}.")
        return self.limits.model_copy(update=dict(overrides))

    def __repr__(self) -> str:
        return (
            f"Router(model='{self.provider.name}:{self.provider.model}', "
            f"agents={self.agents.names()})"
        )


def default_planner(provider: Provider) -> Planner:
    """The planner a router uses with ``provider`` unless it is given one.

    The offline model has no language model to plan with: its runs are planned
    by :class:`~notebook_router.offline.planner.RulePlanner` (deterministic, no
    model call). Every other model plans for itself through
    :class:`~notebook_router.planner.planner.ModelPlanner`.

    >>> from notebook_router import resolve_model
    >>> default_planner(resolve_model("offline"))
    RulePlanner()
    """
    return RulePlanner() if is_offline(provider) else ModelPlanner()


def resolve_planner(planner: Planner | str | None, provider: Provider) -> Planner:
    """The planner ``planner`` names for ``provider`` (a Planner is used as it is).

    ``None`` or ``"decider"``: :func:`default_planner`. ``"supervisor"``:
    :class:`~notebook_router.planner.supervisor_planner.SupervisorPlanner`, which needs
    native tool calling: with the offline model it raises :class:`ConfigError` rather
    than quietly plan another way, since the user asked for this style by name.

    >>> from notebook_router import resolve_model
    >>> resolve_planner("decider", resolve_model("offline"))
    RulePlanner()
    """
    if planner is None or planner == "decider":
        return default_planner(provider)
    if planner == "supervisor":
        if is_offline(provider):
            raise ConfigError(
                "planner='supervisor' lets the model call tools, and the offline model "
                "cannot: give a model that calls tools (model='openai:gpt-4o-mini', "
                "$NOTEBOOK_ROUTER_MODEL, %%route -m, --model), or use planner='decider' "
                "(the default), which plans offline by rules."
            )
        from notebook_router.planner.supervisor_planner import SupervisorPlanner

        return SupervisorPlanner()
    if isinstance(planner, str):
        raise ConfigError(
            f"Unknown planner {planner!r}: use one of {', '.join(PLANNER_STYLES)}, "
            "or pass a Planner object."
        )
    return planner


def _combo_cache(
    combo_cache: AgentComboCache | bool,
    store: SessionStore | None,
    planner: Planner,
    provider: Provider,
) -> AgentComboCache | None:
    """The cache a router's runs use, or None (turned off, a planner with no model call, or a
    recorded or replayed model)."""
    # ModelPlanner and SupervisorPlanner plan with a model; another planner says so itself.
    with_model = getattr(planner, "plans_with_model", isinstance(planner, ModelPlanner))
    # A recording holds every call a run makes, and a replay makes them all again: a plan
    # served from the session database's cache would leave a call out of one or the other.
    if combo_cache is False or not with_model or isinstance(provider, RecordingProvider):
        return None
    if isinstance(combo_cache, AgentComboCache):
        return combo_cache
    return store.combo_cache() if store is not None else AgentComboCache()


def _mcp_servers(mcp: MCPServers | Mapping[str, Any] | None) -> MCPServers | None:
    """The servers ``mcp`` names, connected (None: no MCP servers)."""
    if mcp is None:
        return None
    from notebook_router.mcp.servers import as_servers

    return as_servers(mcp)


def _executor(spec: ExecutorSpec) -> DaskExecutor | None:
    """The cluster ``executor=`` names (None: agents run here); nothing of Dask is
    imported for the default."""
    if spec is None or spec == "local":
        return None
    from notebook_router.cluster import resolve_executor

    return resolve_executor(spec)


def _memory(memory: RunMemory | bool, store: SessionStore | None) -> RunMemory | None:
    if memory is True:
        from notebook_router.store.memory import RunMemory

        return RunMemory.of(store) if store is not None else RunMemory()
    return memory or None


def _with_verify(limits: Limits | None, verify: float | bool | None) -> Limits:
    """``limits`` with the verification threshold ``verify`` asks for."""
    if limits is not None and verify is VERIFY_BELOW:
        return limits
    if verify is True:
        threshold: float | None = VERIFY_BELOW
    elif verify is False or verify is None:
        threshold = None
    elif not 0 <= verify <= 1:
        raise ConfigError(
            f"verify={verify!r}: give a confidence between 0 and 1 (results below it are "
            "verified), or None to turn verification off."
        )
    else:
        threshold = float(verify)
    return (limits or Limits()).model_copy(update={"verify_below": threshold})


def _files_named(task: str, media: Sequence[Media]) -> list[Media]:
    """Documents, images, audio and video the task names on disk ("summarise
    data/report.pdf"), attached like a cell's output is, so the agent that reads them
    gets their bytes."""
    from notebook_router.readers.files import ATTACHED
    from notebook_router.readers.named import media_named

    return media_named(task, types=ATTACHED, have=media, user_words=None)  # the user's own words
