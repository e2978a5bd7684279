"""How runs are put together from options: one place for every front end.

:class:`~notebook_router.router.Router` (Python), the ``%%route`` cell
(:mod:`notebook_router.notebook.runner`), the command line (:mod:`notebook_router.cli`)
and the MCP server (:mod:`notebook_router.mcp_server.cli`) all turn their options into
the same collaborators here. :func:`wire` (the options of
:class:`~notebook_router.router_options.RouterOptions`) resolves the agents (with the built-in team
and MCP servers), the model, the planner (and its agent-combination cache), the limits
and verification threshold, the style and mode (None: read from each request's words),
the critic, the circuit breaker, the memory, the policies and where function agents
run into a :class:`RunSetup`; :func:`start_run` and :func:`resume_run` start a run of
it on the running event loop, with its built-ins given their offline cores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from notebook_router.agents.approval import (
    CodePolicy,
    ToolPolicy,
    check_code_policy,
    check_tool_policy,
)
from notebook_router.agents.breaker import CircuitBreaker
from notebook_router.agents.builtin import SearchFunction, plug_team, with_builtins
from notebook_router.agents.registry import AgentRegistry
from notebook_router.context.shared import SharedContext
from notebook_router.data.sharing import ShareLevel, check_share, sharing
from notebook_router.data.source import DataSource
from notebook_router.errors import ConfigError, EmptyTaskError
from notebook_router.media import Media
from notebook_router.offline.planner import RulePlanner
from notebook_router.offline.team import equip
from notebook_router.planner.combo_planner import ComboPlanner
from notebook_router.planner.modes import check_mode, check_style, choose_intent, limits_for
from notebook_router.planner.planner import ModelPlanner, Planner
from notebook_router.planner.rails import Limits
from notebook_router.planner.run import Run, new_run_id
from notebook_router.planner.state import RunState
from notebook_router.planner.steering import ClarifyHandler, ClarifyPolicy
from notebook_router.planner.verification import VERIFY_BELOW
from notebook_router.providers.base import Provider
from notebook_router.providers.offline import is_offline
from notebook_router.providers.recording import RecordingProvider
from notebook_router.providers.registry import resolve_model
from notebook_router.router_options import RouterOptions, takes_options
from notebook_router.run_options import PLANNER_STYLES
from notebook_router.styles import ResponseStyle, RunMode
from notebook_router.supervisor.combos import AgentComboCache
from notebook_router.text.unicode import valid_unicode
from notebook_router.verification.critic import Critic, RuleCritic

if TYPE_CHECKING:
    from notebook_router.cluster import ExecutorSpec
    from notebook_router.cluster.remote import DaskExecutor
    from notebook_router.mcp.servers import MCPServers
    from notebook_router.planner.resume import ResumePoint
    from notebook_router.store import SessionStore
    from notebook_router.store.memory import RunMemory


@dataclass(eq=False)
class RunSetup:
    """What every run of a router is made of (see :class:`~notebook_router.router.Router`
    for what each option means). Built by :func:`wire`; read afresh by every run."""

    agents: AgentRegistry
    provider: Provider
    planner: Planner
    planning: Planner
    """The planner runs ask: ``planner``, behind the agent-combination cache when on."""
    limits: Limits
    style: ResponseStyle | None
    """How answers are written (None: read from each request's words)."""
    mode: RunMode | None
    """How runs are spent: quick, normal or thorough (None: read from each request's words)."""
    on_clarify: ClarifyHandler | None
    clarify: ClarifyPolicy
    breaker: CircuitBreaker
    critic: Critic | None
    store: SessionStore | None
    data: DataSource | None
    search: SearchFunction | None
    mcp: MCPServers | None
    """The MCP servers whose agents join every run (None: none)."""
    combo_cache: AgentComboCache | None
    """The agent-combination cache runs consult and fill (None: off)."""
    code: CodePolicy
    memory: RunMemory | None
    share: ShareLevel
    tool_policy: ToolPolicy
    executor: DaskExecutor | None
    """Where function agents run (None: in this process)."""


def setup_of(options: RouterOptions) -> RunSetup:
    """The collaborators ``options`` ask for; a bad option raises :class:`ConfigError`."""
    o, store, search = options, options.store, options.search
    registry = o.agents if isinstance(o.agents, AgentRegistry) else AgentRegistry(o.agents)
    servers = _mcp_servers(o.mcp)
    if servers is not None:
        registry = AgentRegistry(
            [*registry, *(a for a in servers.agents() if a.name not in registry)]
        )
    source = DataSource.of(o.data)
    team = (
        with_builtins(registry, data=source is not None, search=search)
        if o.builtins
        else plug_team(registry, search)  # built-ins the caller named in ``agents``
    )
    provider = resolve_model(o.model)
    chosen: Planner = resolve_planner(o.planner, provider)
    # The supervisor style promises a critic's check after every worker result.
    wants_critic = getattr(chosen, "wants_critic", False)
    cache = _combo_cache(o.combo_cache, store, chosen, provider)
    return RunSetup(
        agents=team,
        provider=provider,
        planner=chosen,
        planning=chosen if cache is None else ComboPlanner(chosen, cache),
        limits=_with_verify(o.limits, o.verify),
        style=check_style(o.style) if o.style else None,
        mode=check_mode(o.mode) if o.mode else None,
        on_clarify=o.on_clarify,
        clarify=o.clarify,
        # One breaker for every run of this router (or notebook session): an agent that
        # keeps failing stays skipped across runs until its cool-down ends.
        breaker=o.breaker or CircuitBreaker(),
        critic=o.critic if o.critic is not None or not wants_critic else RuleCritic(),
        store=store,
        data=source,
        search=search,
        mcp=servers,
        combo_cache=cache,
        code=check_code_policy(o.code),
        memory=_memory(o.memory, store),
        share=check_share(o.share),
        tool_policy=check_tool_policy(o.tool_policy, option="tool_policy"),
        executor=_executor(o.executor),
    )


@takes_options
def wire(options: RouterOptions) -> RunSetup:
    """``wire(agents, model=..., ...)``, with the :class:`~notebook_router.router.Router`'s
    arguments (the front ends call it): :func:`setup_of` the options they make."""
    return setup_of(options)


def start_run(
    setup: RunSetup,
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
    """Start a run of ``query`` on the running event loop (see
    :meth:`~notebook_router.router.Router.start` for the options)."""
    task = valid_unicode(query.strip()) if query else ""
    if not task:
        raise EmptyTaskError()
    # Walk the trees now (cached) so a cycle or a clash of names is reported
    # before the run starts, not from inside its first decision.
    setup.agents.tree()
    shared = context if isinstance(context, SharedContext) else SharedContext(dict(context or {}))
    intent = choose_intent(task, style=style or setup.style, mode=mode or setup.mode)
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
        arc=None if setup.memory is None or fresh else setup.memory.view(task),
    )
    run = _run(
        setup,
        state,
        limits,
        mode=intent.mode,
        code=check_code_policy(code) if code else setup.code,
        share=check_share(share) if share else setup.share,
        tools=check_tool_policy(tools) if tools else setup.tool_policy,
    )
    if setup.memory is not None:
        setup.memory.follow(run)
    if setup.store is not None:
        setup.store.attach(run)  # before the run's first event: it starts on the next loop turn
    return run


def resume_run(setup: RunSetup, run_id: str, **limits: Any) -> Run:
    """Continue the stored run ``run_id`` (see :meth:`~notebook_router.router.Router.resume`)."""
    from notebook_router.store.resume import prepare

    if setup.store is None:
        raise ConfigError(
            "resume() needs a session store: Router(agents, store=SessionStore(PATH))."
        )
    state, point = prepare(setup.store, run_id, setup.agents)
    run = _run(setup, state, limits, resume=point, mode=state.mode)
    setup.store.attach(run)
    return run


def _run(
    setup: RunSetup,
    state: RunState,
    limits: dict[str, Any],
    resume: ResumePoint | None = None,
    code: CodePolicy | None = None,
    share: ShareLevel | None = None,
    tools: ToolPolicy | None = None,
    mode: RunMode = "normal",
) -> Run:
    """Start a run of ``state`` with the setup's agents, model, planner and guards."""
    from notebook_router.agents.placement import placed
    from notebook_router.context.memory import bound

    planner = setup.planning
    equip(setup.agents)  # each built-in gets its offline core, added since or not
    run = Run(
        state.query,
        agents=setup.agents,
        provider=setup.provider,
        planner=planner,
        limits=limits_for(_limits(setup.limits, limits), mode, limits),
        state=state,
        on_clarify=setup.on_clarify,
        clarify=setup.clarify,
        breaker=setup.breaker,
        critic=setup.critic,
        resume=resume,
        data=setup.data,
        code=code or setup.code,
        tools=tools or setup.tool_policy,
    )
    if isinstance(planner, ComboPlanner):
        planner.follow(run)  # remember its first decision if it completes
    # The run's task, and so its agents, see the knowledge base, and describe the data
    # no further than the sharing level allows.
    with bound(setup.memory), sharing(share or setup.share), placed(setup.executor):
        run.start()
    return run


def _limits(limits: Limits, overrides: Mapping[str, Any]) -> Limits:
    if not overrides:
        return limits
    unknown = sorted(set(overrides) - set(Limits.model_fields))
    if unknown:
        known = ", ".join(Limits.model_fields)
        raise ConfigError(f"Unknown option(s) {', '.join(unknown)}. Limits are: {known}.")
    return limits.model_copy(update=dict(overrides))


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


def _executor(spec: ExecutorSpec) -> DaskExecutor | None:
    """The cluster ``executor=`` names (None: agents run here); nothing of Dask is
    imported for the default."""
    if spec is None or spec == "local":
        return None
    from notebook_router.cluster import resolve_executor

    return resolve_executor(spec)


def _files_named(task: str, media: Sequence[Media]) -> list[Media]:
    """Documents, images, audio and video the task names on disk ("summarise
    data/report.pdf"), attached like a cell's output is, so the agent that reads them
    gets their bytes."""
    from notebook_router.readers.files import ATTACHED
    from notebook_router.readers.named import media_named

    return media_named(task, types=ATTACHED, have=media, user_words=None)  # the user's own words
