"""What a ``%%route`` cell runs: start a run on the kernel's loop, show it, await it.

The input transformer turns ``%%route OPTIONS\\nTASK`` into
``await route_cell("OPTIONS", "TASK")``, which ipykernel runs as an async
cell on its own event loop. So the run is a task on that loop, the cell
awaits it like any other awaitable, and nothing patches the loop (no
nest_asyncio).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from IPython import get_ipython
from IPython.core.error import UsageError

from notebook_router.errors import NotebookRouterError, RunInterrupted
from notebook_router.notebook.options import (
    ResumeOptions,
    RouteOptions,
    parse_resume_options,
    parse_route_options,
)
from notebook_router.notebook.warm import first_route_started

if TYPE_CHECKING:
    from notebook_router.media import Media
    from notebook_router.notebook.run_output import RunView, StartingView
    from notebook_router.notebook.session import NotebookSession
    from notebook_router.planner.run import Run
    from notebook_router.planner.steering import ClarifyPolicy

# This module is what a %%route cell imports first, so it imports little itself: the
# cell shows its panel (anywidget and the panel's own module) before the run's
# machinery (the session, the planner, the wiring) is imported, which on a kernel's
# first run may still be under way on the warm-up thread (see warm.py).

log = logging.getLogger("notebook_router")


async def route_cell(line: str, cell: str) -> Run | None:
    """The body of a ``%%route`` cell (called by the input transformer).

    Returns the finished run, so the cell's result (``Out[n]``) is its
    static view, which also plays any audio the run made (a narration);
    returns None for ``--background`` runs (their view ends as that view).
    """
    shell = get_ipython()
    options = parse_route_options(line)
    first_route_started()  # the warm-up leaves the interpreter to this cell
    starting = None
    if not options.background and cell.strip():
        from notebook_router.notebook.run_output import StartingView

        starting = StartingView.show(shell.display_pub)  # on screen before the rest loads
    try:
        from notebook_router.notebook import front_for

        front = front_for(shell)
        # SQLite's share of opening the session database (the file, its schema) runs on a
        # thread of its own while this one imports and wires the run, which waits for it.
        front.persistence.open_soon()
        session = front.session
        run, view = start_route(session, options, cell, starting=starting)
    except BaseException:
        if starting is not None:
            starting.withdraw()
        raise
    if options.background:
        return None
    finished = await _await_cell(run, view)
    if options.insert:
        insert_code_below(shell, finished)
    return finished


async def _await_cell(run: Run, view: RunView) -> Run:
    """Wait for ``run`` in a cell; the kernel interrupt stops it gracefully."""
    pump = SignalPump(asyncio.get_running_loop())
    try:
        await run
    except asyncio.CancelledError:
        if _interrupted(run):
            view.keep()  # no result will follow: the view shows the final state
            result = run.result()
            done = sum(1 for t in result.tasks if t.status in ("fulfilled", "partial"))
            raise RunInterrupted(run.id, done, len(result.tasks)) from None
        raise
    finally:
        pump.stop()
    return run


class SignalPump:
    """Wakes the event loop every ``interval`` seconds while a cell awaits a run.

    Python runs signal handlers only on the main thread, between bytecodes.
    The kernel has several threads, and a SIGINT (the ■ button) that lands
    on another one while the main loop sleeps in ``epoll_wait`` wakes
    nothing: the kernel's own SIGINT handler, which cancels the awaiting
    cell, would not run until some timer fired, possibly seconds later (we
    measured 30 s with an agent sleeping that long). A cheap periodic tick
    bounds that delay without touching process-wide signal state.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, interval: float = 0.05) -> None:
        self._loop = loop
        self._interval = interval
        self._handle: asyncio.TimerHandle | None = loop.call_later(interval, self._tick)

    def _tick(self) -> None:
        self._handle = self._loop.call_later(self._interval, self._tick)

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None


def start_route(
    session: NotebookSession,
    options: RouteOptions,
    cell: str,
    *,
    starting: StartingView | None = None,
) -> tuple[Run, RunView]:
    """Start the run a ``%%route`` cell asks for and display its live view (``starting``:
    the panel already shown under the cell, which the run's view takes over)."""
    from notebook_router.notebook.interpolate import interpolate
    from notebook_router.notebook.pointed import resolve
    from notebook_router.wiring import start_run, wire

    shell = session.shell
    task = interpolate(cell, shell.user_ns)
    if not task.text.strip():
        raise UsageError("%%route needs a task in the cell body, e.g. `Summarise the sales table`.")
    references = resolve(
        session.outputs, task.text, shell.user_ns, _formatter(shell), remember=True
    )
    media = list({m.digest: m for ref in references for m in ref.media}.values())
    media += attached_resources(session, options.attach)
    context: dict[str, Any] = dict(task.values)
    fed = [f"{{{v.name}}} = {v.preview}" for v in task.variables] + [r.note for r in references]
    if fed:
        context["references"] = fed
    try:
        setup = wire(
            session.agents(options.agents),
            model=options.model or session.model,
            limits=options.limits,
            style=options.style,
            mode=options.mode,
            clarify=_clarify_policy(session, options.background),
            store=session.persistence.get(),
            # The kernel's data: looked at first; the analyst joins unless --agents limits.
            data=None if options.no_data else session.data,
            builtins=options.agents is None,
            code=options.code or session.code,
            memory=session.memory(),
            search=session.search,
            planner=options.planner,
            # The kernel's MCP servers join as agents unless --agents names who may work.
            mcp=session.mcp if options.agents is None and session.mcp else None,
            tool_policy=options.tools or session.tools,
            executor=options.executor or session.executor,
            breaker=session.breaker,
        )
        run = start_run(
            setup,
            task.text,
            # The notebook's entries first; what the run keeps for later runs goes back.
            context=session.context().child(context),
            media=media,
            fresh=options.fresh,
            share=options.share or session.share,
        )
    except NotebookRouterError as exc:
        raise UsageError(str(exc)) from None
    return _follow(session, run, options.output, options.background, starting)


def attached_resources(session: NotebookSession, attach: tuple[str, ...]) -> list[Media]:
    """The MCP resources ``--attach SERVER:URI`` names, read now, as media."""
    if not attach:
        return []
    servers = session.mcp
    found: list[Media] = []
    for item in attach:
        server, _, uri = item.partition(":")
        if servers is None or server not in servers:
            raise UsageError(
                f"--attach {item}: no MCP server named {server!r} (%route mcp list shows them)."
            )
        try:
            found += servers.read(server, uri)
        except NotebookRouterError as exc:
            raise UsageError(f"--attach {item}: {exc}") from None
    return found


def _follow(
    session: NotebookSession,
    run: Run,
    output: str | None,
    background: bool,
    starting: StartingView | None = None,
) -> tuple[Run, RunView]:
    """Track ``run``, bind it to ``output``, show its live view (and watch it in the background)."""
    from notebook_router.notebook.run_output import RunView, once_before_next_cell

    shell = session.shell
    view = RunView(
        run,
        shell.display_pub,
        transient=not background,
        before_next_cell=once_before_next_cell(shell),
        starting=starting,
    )
    session.track(run, view.panel)
    _index_recordings(session, run)
    if output:
        shell.user_ns[output] = run
    if not session.told_stop_paths:
        session.told_stop_paths = True
        print(f"notebook_router: {session.capabilities.stop_paths()}")
        memory = session.memory_note()
        if memory is not None:
            print(f"notebook_router: {memory}")
    view.show()
    if background:
        watcher = asyncio.ensure_future(_watch(run, view))
        session.keep_alive(watcher)
    return run, view


async def resume_cell(line: str) -> Run | None:
    """The body of a ``%route resume RUN`` cell (called by the input transformer).

    Continues a stored run with this kernel's agents and model, shows it
    like a ``%%route`` cell, and waits for it unless ``--background``.
    """
    shell = get_ipython()
    from notebook_router.notebook import session_for

    session = session_for(shell)
    options = parse_resume_options(line)
    run, view = start_resume(session, options)
    if options.background:
        return None
    return await _await_cell(run, view)


def start_resume(session: NotebookSession, options: ResumeOptions) -> tuple[Run, RunView]:
    """Resume the stored run ``options.run`` and display its live view."""
    from notebook_router.wiring import resume_run, wire

    try:
        store = session.persistence.require()
        setup = wire(
            session.agents(options.agents),
            model=options.model or session.model,
            clarify=_clarify_policy(session, options.background),
            store=store,
            data=session.data,
            builtins=options.agents is None,
            code=session.code,
            search=session.search,
            share=session.share,
            mcp=session.mcp if options.agents is None and session.mcp else None,
            tool_policy=session.tools,
            executor=session.executor,
            breaker=session.breaker,
        )
        run = resume_run(setup, options.run)
    except NotebookRouterError as exc:
        raise UsageError(str(exc)) from None
    return _follow(session, run, options.output, options.background)


def _clarify_policy(session: NotebookSession, background: bool) -> ClarifyPolicy:
    """Wait for answers wherever someone can send them while the run goes on.

    A question never cancels work either way. ``stop`` (end asking it once
    nothing else is left) is for where nobody can answer before the end: a
    waiting cell on a kernel that holds widget messages until the cell ends, or
    a notebook no front end shows (nbclient, ``make demo HEADLESS=1``, CI),
    found out when the question is the last thing left.
    """
    from notebook_router.notebook.panel import FRONTENDS

    if background:
        return "wait"
    if not session.capabilities.comms_while_awaiting:
        return "stop"
    return lambda: "wait" if FRONTENDS.seen else "stop"


def insert_code_below(shell: Any, run: Run) -> bool:
    """Put the code behind ``run``'s answer into a new cell below (``--insert``).

    jupyter-ai's convention: ``set_next_input`` adds the cell when this one
    finishes, for the user to re-run and edit. False when no code made the answer.
    """
    from notebook_router.render.evidence import answer_code

    code = answer_code(run.state)
    if not code:
        print("notebook_router: --insert: no code produced this answer, so no cell was added.")
        return False
    shell.set_next_input(code, replace=False)
    return True


def _index_recordings(session: NotebookSession, run: Run) -> None:
    """Index the model calls a recording provider writes during ``run``."""
    store = session.persistence.get()
    path = getattr(session.model, "path", None)
    if store is None or path is None or getattr(session.model, "mode", "replay") == "replay":
        return

    def index() -> None:
        try:
            store.recordings.index(path, run_id=run.id)
        except Exception:  # an index is a convenience: never fail a run over it
            log.exception("notebook_router: could not index %s", path)

    run.on_finish(index)  # once, at the end: not a subscriber called for every event


async def _watch(run: Run, view: RunView) -> None:
    """Await a background run so its failures surface in its view, never vanish."""
    try:
        await run
    except asyncio.CancelledError:
        pass
    except Exception:  # a bug: show it under the cell that started the run
        import traceback

        traceback.print_exc()
        view.keep()
        raise


def _interrupted(run: Run) -> bool:
    current = asyncio.current_task()
    cancelling = getattr(current, "cancelling", None)
    if cancelling is not None:  # Python >= 3.11 counts cancellation requests
        return bool(cancelling())
    return run.done() and run.result().stop_reason == "interrupted"


def _formatter(shell: Any) -> Any:
    def fmt(obj: Any) -> dict[str, Any]:
        data, _ = shell.display_formatter.format(obj)
        return dict(data)

    return fmt
