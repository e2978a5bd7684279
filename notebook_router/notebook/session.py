"""Per-kernel state of the notebook layer: agents, runs, model, store, defaults.

Built by :class:`~notebook_router.notebook.front.NotebookFront` the first time
a magic needs it, not at ``%load_ext``: importing this module brings in the
run machinery. The front's hooks, installed at load, fill :attr:`outputs`.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from notebook_router.agents.approval import CodePolicy, ToolPolicy
from notebook_router.agents.base import Agent
from notebook_router.agents.breaker import CircuitBreaker
from notebook_router.agents.builtin import SearchFunction, builtin_agents
from notebook_router.agents.registry import AgentRegistry
from notebook_router.agents.tree import roots_of
from notebook_router.context.shared import SharedContext
from notebook_router.context.spill import Shelf
from notebook_router.data.sharing import DEFAULT_SHARE, ShareLevel
from notebook_router.data.source import DataSource
from notebook_router.errors import AgentNotFoundError, ConfigError
from notebook_router.notebook.capabilities import KernelCapabilities, detect
from notebook_router.notebook.outputs import OutputRecorder
from notebook_router.notebook.persistence import Persistence
from notebook_router.planner.run import Run
from notebook_router.providers.base import Provider

# The panel (anywidget, ipywidgets), its renderings and the session database are
# imported when a run is first shown or stored, not when the session is built.
if TYPE_CHECKING:
    from notebook_router.mcp.servers import MCPServers
    from notebook_router.notebook.panel import RunPanel
    from notebook_router.store.memory import RunMemory


class NotebookSession:
    """Everything the magics share within one kernel."""

    def __init__(
        self,
        shell: Any,
        outputs: OutputRecorder,
        *,
        max_runs: int = 100,
        persistence: Persistence | None = None,
    ) -> None:
        self.shell = shell
        self.cell_agents = AgentRegistry()
        self.runs: deque[Run] = deque(maxlen=max_runs)
        self.model: str | Provider | None = None
        self.code: CodePolicy = "ask"
        """Whether agent-written code runs, for runs without --code (``%route code``)."""
        self.share: ShareLevel = DEFAULT_SHARE
        """What of the data a model is sent, for runs without --share (``%route share``)."""
        self.tools: ToolPolicy = "ask"
        """Whether MCP servers' tools are called, for runs without --tools (``%route tools``)."""
        self.mcp: MCPServers | None = None
        """The kernel's MCP servers (``%route mcp add``); each joins every run as an agent."""
        self.executor: Any = None
        """Where function agents of runs without --executor run (``%route executor``):
        None (the kernel), ``"dask"``, a scheduler address or a ``distributed.Client``."""
        self.search: SearchFunction | None = None
        """The research agent's search function for new runs (``%route search FUNCTION``)."""
        self.outputs = outputs
        """Outputs of recent cells (recorded since ``%load_ext``, by the front's hooks)."""
        self.capabilities: KernelCapabilities = detect()
        self.told_stop_paths = False
        self.panels: dict[str, RunPanel] = {}
        """The live panel of each tracked run (``Out[n]`` shows it again)."""
        self.breaker = CircuitBreaker()
        """One for every run of the kernel: an agent failing run after run is skipped a while."""
        self.persistence = persistence if persistence is not None else Persistence()
        """The session database (opened on the first run or ``%route`` command that needs it)."""
        self._memory: tuple[object, RunMemory] | None = None
        self._context: tuple[object, SharedContext] | None = None
        # Background runs are kept alive here until they finish: the event
        # loop only holds weak references to tasks.
        self._background: set[asyncio.Task[Any]] = set()
        self.data = DataSource(
            shell.user_ns,
            hidden=getattr(shell, "user_ns_hidden", ()),
            stamp=lambda: getattr(shell, "execution_count", None),
        )
        """The kernel's variables as every run sees them (descriptions cached across runs)."""

    # ------------------------------------------------------------------ agents

    def agents(self, spec: str | None = None) -> AgentRegistry:
        """The agents a run may use.

        With no spec: every ``%%agent`` cell agent plus every agent object in
        the user namespace (``@agent`` functions, agent instances), except
        those that sit under another of them (they are reached through their
        parent's tree). A spec is either comma-separated names (any member of
        a tree may be named), or the name of a variable holding a registry or
        a list of agents.
        """
        ns = self.shell.user_ns
        if spec is None:
            found = [
                *self.cell_agents,
                *(v for k, v in list(ns.items()) if not k.startswith("_") and _is_agent(v)),
            ]
            registry = AgentRegistry()
            for value in roots_of(found):
                if value.name not in registry:
                    registry.add(value)
            return registry
        spec = spec.strip()
        if spec in ns and not _is_agent(ns[spec]):
            return _registry_from(ns[spec], spec)
        registry = AgentRegistry()
        for name in (part.strip() for part in spec.split(",") if part.strip()):
            registry.add(self._find(name))
        return registry

    def find_agent(self, name: str) -> Agent:
        """The agent called ``name``: a cell agent, or an agent in the namespace or in a tree."""
        return self._find(name)

    def _find(self, name: str) -> Agent:
        if name in self.cell_agents:
            return self.cell_agents.get(name)
        ns = self.shell.user_ns
        if _is_agent(ns.get(name)):
            agent: Agent = ns[name]
            return agent
        for value in ns.values():
            if _is_agent(value) and value.name == name:
                found: Agent = value
                return found
        everyone = AgentRegistry(
            roots_of([*self.cell_agents, *(v for v in ns.values() if _is_agent(v))])
        )
        if name in everyone:
            return everyone.get(name)
        builtin = next((a for a in builtin_agents() if a.name == name), None)
        if builtin is not None:
            return builtin
        known = [*self.cell_agents.names(), *(v.name for v in ns.values() if _is_agent(v))]
        raise AgentNotFoundError(name, [*known, *(a.name for a in builtin_agents())])

    def mcp_servers(self) -> MCPServers:
        """The kernel's MCP servers, made on first use (it needs the ``mcp`` extra)."""
        if self.mcp is None:
            from notebook_router.mcp.servers import MCPServers

            self.mcp = MCPServers()
        return self.mcp

    # ------------------------------------------------------------------ memory

    def memory(self) -> RunMemory:
        """The notebook's memory: the arc of its runs and its facts.

        In the session database (so it survives a kernel restart), under the
        notebook's name; in this kernel only while the database is off. A kernel
        that was not told its notebook's name (nbclient, nbval, ``nbconvert
        --execute``, ``make demo HEADLESS=1`` start it without one) keeps its
        memory to itself, in this process: scoped to the folder, two notebooks run
        there one after the other would follow each other's runs.
        """
        from notebook_router.store.memory import RunMemory

        scope = self.persistence.notebook
        store = self.persistence.get() if scope else None
        if self._memory is None or self._memory[0] is not store:
            memory = RunMemory(scope=scope) if store is None else RunMemory.of(store, scope)
            self._memory = (store, memory)
        return self._memory[1]

    def context(self) -> SharedContext:
        """The notebook's shared context: what runs wrote with lifetime ``notebook`` (kept by
        this kernel) or ``persistent`` (kept beside the session database, in ``context/``,
        and read again by a restarted kernel). Each run's context is a child of it."""
        store = self.persistence.get()
        if self._context is None or self._context[0] is not store:
            shelf = None
            if store is not None and not store.db.memory:
                shelf = Shelf(Path(store.path).parent / "context")
            self._context = (store, SharedContext(shelf=shelf))
        return self._context[1]

    def memory_note(self) -> str | None:
        """What the notebook is told once when its memory is this kernel's only (else None)."""
        if self.persistence.notebook:
            return None
        return (
            "this kernel was not told which notebook it runs (as under nbclient, nbval or "
            "nbconvert), so runs remember only the earlier runs and facts of this kernel, "
            "not those of other notebooks or earlier kernels in this folder."
        )

    # -------------------------------------------------------------------- runs

    def track(self, run: Run, panel: RunPanel | None = None) -> None:
        """Remember a run (and its panel) for %route status/stop/graph and ``Out[n]``."""
        # A resumed run keeps its id: the new one takes the old one's place,
        # so "%route stop ID" finds one run and the old panel is let go.
        for old in [r for r in self.runs if r.id == run.id and r is not run]:
            self.runs.remove(old)
            stale = self.panels.pop(old.id, None)
            if stale is not None and stale is not panel:
                stale.close()
        self.runs.append(run)
        if panel is not None:
            self.panels[run.id] = panel
        if len(self.panels) > len(self.runs):  # forget panels of runs the deque dropped
            kept = {r.id for r in self.runs}
            for run_id in [i for i in self.panels if i not in kept]:
                self.panels.pop(run_id).close()

    def forget_runs(self, run_ids: set[str]) -> None:
        """Let go of runs the session database no longer holds (``%route purge``): they
        leave ``%route runs`` and the memory, as they left the database."""
        if not run_ids:
            return
        for run in [r for r in self.runs if r.id in run_ids]:
            self.runs.remove(run)
        if self._memory is not None:
            self._memory[1].drop(run_ids)

    def keep_alive(self, task: asyncio.Task[Any]) -> None:
        """Hold a strong reference to a background task until it ends."""
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def active(self) -> list[Run]:
        """Runs still going, oldest first."""
        return [r for r in self.runs if not r.done()]

    def find_run(self, ident: str | None) -> Run:
        """A run by id (or unique id prefix), or the most recent one."""
        if not self.runs:
            raise ConfigError("No runs yet in this kernel: start one with %%route.")
        if not ident:
            return self.runs[-1]
        matches = [r for r in self.runs if r.id.startswith(ident)]
        if len(matches) != 1:
            ids = ", ".join(r.id for r in self.runs)
            raise ConfigError(f"No single run matches {ident!r}. Runs in this kernel: {ids}.")
        return matches[0]


def _is_agent(value: Any) -> bool:
    return not isinstance(value, type) and isinstance(value, Agent)


def _registry_from(value: Any, name: str) -> AgentRegistry:
    if isinstance(value, AgentRegistry):
        return value
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, Iterable) and not isinstance(value, (str, bytes)):
        items = list(value)
        if items and all(_is_agent(v) for v in items):
            return AgentRegistry(items)
    raise ConfigError(
        f"--agents {name}: that variable is not an agent, a list of agents or an AgentRegistry."
    )
