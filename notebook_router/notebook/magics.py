"""The ``%route`` / ``%%route`` and ``%%agent`` magics, as IPython registers them.

Registering happens at ``%load_ext``, in every kernel, so this module holds
only the entry points and their help. What the magics do lives in
:mod:`~notebook_router.notebook.commands` and comes in with the kernel's
session the first time a magic runs (see :mod:`~notebook_router.notebook.front`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from IPython.core.magic import Magics, cell_magic, line_cell_magic, magics_class

from notebook_router.notebook.options import agent_options, parse_route_options, route_options
from notebook_router.notebook.outputs import masked_prints

if TYPE_CHECKING:
    from notebook_router.notebook.commands import RouteCommands
    from notebook_router.notebook.front import NotebookFront
    from notebook_router.notebook.session import NotebookSession


@magics_class
class RouteMagics(Magics):
    """Magics that start, steer and inspect router runs."""

    def __init__(self, shell: Any, front: NotebookFront) -> None:
        super().__init__(shell)
        self.front = front
        self._commands: RouteCommands | None = None

    @property
    def session(self) -> NotebookSession:
        """The kernel's session (built the first time a magic needs it)."""
        return self.front.session

    @property
    def commands(self) -> RouteCommands:
        """What the magics do, over :attr:`session` (imported on first use)."""
        if self._commands is None:
            from notebook_router.notebook.commands import RouteCommands

            self._commands = RouteCommands(self.session)
        return self._commands

    @line_cell_magic
    def route(self, line: str, cell: str | None = None) -> Any:
        """Start a router run (cell), or steer and inspect runs (line).

        Cell: ``%%route [options]`` then the task on the following lines.
        ``{name}`` inserts a kernel variable (only names that exist; other
        braces are left alone, ``{{`` gives a literal brace). ``Out[3]``,
        ``In[3]``, ``@cell:ID``, "the chart above" and "that table" attach
        those outputs to the run as media. By default the cell waits for the
        run; Stop (panel), ``%route stop`` (for ``--background`` runs) and the
        kernel interrupt ■ all end it gracefully with the answer so far.

        Line:
          %route stop [RUN]          stop a run (default: the newest running one)
          %route redirect MESSAGE    send the planner a new instruction mid-run
          %route answer TEXT         answer the planner's clarifying question
          %route answer run|skip     run or skip the code (or tool call) an agent waits on
          %route code [ask|auto|never]   show or set whether agent-written code runs
                                     (ask: Run/Edit/Skip in the panel; default)
          %route tools [ask|auto|never]  show or set whether MCP servers' tools are called
          %route mcp add NAME COMMAND...|URL   connect an MCP server (its tools join runs)
                [--header NAME=VALUE] [--env NAME=VALUE] [--trust-read-only]
          %route mcp list|tools|remove NAME|load FILE|resources NAME|read NAME URI [-o VAR]
          %route share [schema|stats|rows]   show or set what of the data a model is sent
                                     (schema: names and types only; default)
          %route executor [local|dask|ADDRESS|CLIENT]   show or set where function agents
                                     run: the kernel (default), a local Dask cluster, or a
                                     scheduler's address or a Client variable
          %route status [RUN]        the plan and progress of a run
          %route runs [--limit N]    runs of this notebook folder, earlier kernels too,
                                     with their status and the database size
          %route show RUN            redraw a stored run (after a restart too)
          %route resume RUN          continue an interrupted run; finished tasks are kept
                [-b] [-o NAME] [-m MODEL] [-a AGENTS]
          %route purge --older-than AGE | --all   delete stored runs (AGE: 30d, 12h, ...)
          %route export RUN --to FILE.json|FILE.html   a run for sharing
          %route import FILE.json    show an exported run here (and keep it)
          %route store [PATH|off|on] [--expiry AGE|never]   where runs are stored
          %route agents              agents a %%route cell would use (built-ins included)
          %route search [FUNCTION|off]   show or set the research agent's search function
                                     (a kernel function: search(query) -> hits)
          %route graph [RUN] [--text] the run's tree as a diagram (--text: Mermaid source)
          %route forget              clear the memory of earlier runs (follow-ups start afresh)
          %route facts               the notebook's knowledge base (remember that ... in a run)
          %route facts forget ID|all forget one fact, or every one
          %route model [NAME]        show or set the default model
                [--record FILE]      ... recording every model call to FILE (JSON Lines)
                [--replay FILE]      ... replaying FILE: no key or network needed
                [--base-url URL]     ... for an OpenAI-compatible server
        """
        if cell is None:
            with masked_prints():
                return self.commands.line(line)
        # Reached only when the input transformer did not rewrite the cell
        # (e.g. run_cell_magic from code): the cell cannot await, so the run
        # goes on in the background.
        from notebook_router.notebook.runner import start_route

        options = parse_route_options(line)
        if not options.background:
            options = type(options)(**{**options.__dict__, "background": True})
        return start_route(self.session, options, cell)[0]

    route.__doc__ = (route.__doc__ or "") + "\n" + (route_options.__doc__ or "")

    @cell_magic
    def agent(self, line: str, cell: str) -> None:
        """Register this cell as an agent: ``%%agent NAME --can "topics" [--desc TEXT]``.

        When the planner calls it, the cell body runs in the notebook's
        namespace with ``task`` (the task text), ``inputs`` (results of the
        tasks it depends on) and ``context`` bound. The last expression is
        the result; anything it displays (figures, tables, HTML, images)
        travels with the result as media. Re-run the cell to redefine it.
        """
        self.commands.define_agent(line, cell)

    agent.__doc__ = (agent.__doc__ or "") + "\n" + (agent_options.__doc__ or "")
