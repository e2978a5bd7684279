"""``python -m notebook_router``: run a task from the command line.

python -m notebook_router run "TASK" | - | @FILE [--model offline] [--agents MODULE] [--json]
                              [--data FILE.csv|.tsv|.parquet|.json|.jsonl|.xlsx]
                              [--out DIR] [--open]
python -m notebook_router agents --agents MODULE_OR_FILE
python -m notebook_router execute NOTEBOOK.ipynb
python -m notebook_router runs [--store PATH] [--json]
python -m notebook_router export RUN --to FILE.json|FILE.html [--store PATH]
python -m notebook_router purge --older-than AGE [--store PATH]
python -m notebook_router mcp [--http PORT] [--data PATH ...]   (serve the router over MCP)

A run sees, as DataFrames, the data files its task names ("mean fare in titanic.csv")
and those given with --data; it prints the answer, then each result's table and code,
and saves the figures (and audio) its agents made in a folder (--out DIR, by default
route-<run id>), printing their paths; --open shows them in the system's viewer.
``run --mcp CONFIG.json`` lets the run use the tools of the MCP servers the config names
(``--tools auto|ask|never`` says whether they are called).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from notebook_router.agents.approval import CODE_POLICIES, TOOL_POLICIES
from notebook_router.cli_io import DraftPrinter, read_task, terminal_output
from notebook_router.errors import ConfigError, NotebookRouterError
from notebook_router.mcp_server.cli import add_serve_parser
from notebook_router.run_options import PLANNER_STYLES, add_limit_options, limits_from
from notebook_router.styles import MODES, STYLES

# The wiring, the planner and the renderers are imported by the command that uses
# them, so ``--help`` and a usage error answer at once.
if TYPE_CHECKING:
    from notebook_router.agents.base import Agent
    from notebook_router.planner import events as ev
    from notebook_router.planner.result import RunResult
    from notebook_router.planner.run import Run
    from notebook_router.planner.state import RunState
    from notebook_router.wiring import RunSetup

EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for documentation and tests)."""
    parser = argparse.ArgumentParser(
        prog="python -m notebook_router",
        description="Plan a task, delegate the pieces to agents, and print the answer.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run one task")
    run.add_argument(
        "task", help="what you want done, in plain words; - reads it from stdin, @FILE from a file"
    )
    run.add_argument(
        "--model", default=None, help="provider:model (default: $NOTEBOOK_ROUTER_MODEL or offline)"
    )
    _add_agents(run)
    run.add_argument(
        "--data",
        action="append",
        default=[],
        metavar="PATH",
        help="a data file to load as a DataFrame (besides those the task names); repeatable",
    )
    run.set_defaults(usage_error=run.error)  # for the checks parse_args cannot make
    run.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    # The styles are read from light modules: importing the router for a few words
    # would make --help wait for the whole planner.
    run.add_argument(
        "--style",
        choices=STYLES,
        default=None,
        help="how the answer is written (default: read from the task's words)",
    )
    run.add_argument(
        "--mode",
        choices=MODES,
        default=None,
        help="quick, normal or thorough: budgets, checking and answer length "
        "(default: read from the task's words)",
    )
    run.add_argument(
        "--planner",
        choices=PLANNER_STYLES,
        default=None,
        help="decider (JSON decisions; rules offline) or supervisor (the model calls tools)",
    )
    add_limit_options(run.add_argument)
    run.add_argument(
        "--executor",
        default=None,
        metavar="local|dask|ADDRESS",
        help="where function agents run: local (this process, the default), dask (a cluster of "
        "worker processes on this machine) or a Dask scheduler's address (tcp://HOST:PORT)",
    )
    run.add_argument(
        "--code",
        choices=CODE_POLICIES,
        default="never",
        help=(
            "code an agent writes: never (show it, the default here), auto (run it), "
            "ask (show it and ask on the terminal)"
        ),
    )
    run.add_argument(
        "--mcp",
        default=None,
        metavar="CONFIG",
        help='MCP servers whose tools the run may use: a JSON file with {"mcpServers": {...}}',
    )
    run.add_argument(
        "--tools",
        choices=TOOL_POLICIES,
        default="ask",
        help="MCP servers' tools: ask (on the terminal; never when none), auto (call them), never",
    )
    run.add_argument(
        "--out",
        default=None,
        metavar="DIR",
        help="where the figures and audio the run made are saved (default: route-<run id>)",
    )
    run.add_argument(
        "--open", action="store_true", help="open each saved figure in the system's viewer"
    )
    run.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")
    agents = sub.add_parser("agents", help="list the agents a module or file defines")
    _add_agents(agents)
    execute = sub.add_parser(
        "execute", help="run a notebook headless (nbclient) and print each %%%%route answer"
    )
    execute.add_argument("notebook", help="path to a .ipynb file")
    execute.add_argument("--timeout", type=float, default=300, metavar="SECONDS", help="per cell")
    runs = sub.add_parser("runs", help="list the runs stored next to a notebook")
    _add_store(runs)
    runs.add_argument("--limit", type=int, default=20, metavar="N")
    runs.add_argument("--json", action="store_true", help="one JSON object per run")
    export = sub.add_parser("export", help="export a stored run to .json or .html")
    export.add_argument("run", help="run id (or its first characters)")
    export.add_argument("--to", required=True, metavar="FILE", help="FILE.json or FILE.html")
    _add_store(export)
    purge = sub.add_parser("purge", help="delete stored runs older than AGE (30d, 12h, ...)")
    purge.add_argument("--older-than", required=True, metavar="AGE")
    _add_store(purge)
    add_serve_parser(sub)
    return parser


def _add_store(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--store",
        default=None,
        metavar="PATH",
        help="the session database or its folder (default: .notebook_router/ here)",
    )


def _add_agents(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--agents",
        action="append",
        default=[],
        metavar="MODULE_OR_FILE",
        help="module (pkg.mod) or .py file defining agents; repeatable",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    with terminal_output():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "run":
        # Refused like a bad option: a usage message and exit 2, in the words %%route uses.
        try:
            args.limits = limits_from(args)
            args.task = read_task(args.task)
        except ConfigError as exc:
            args.usage_error(str(exc))
    try:
        if args.command == "execute":
            from notebook_router.notebook.headless import execute_notebook

            return execute_notebook(args.notebook, timeout=args.timeout)
        if args.command in ("runs", "export", "purge"):
            from notebook_router.store.cli import store_command

            return store_command(args)
        from notebook_router.agents.loader import load_agents

        agents = [a for spec in args.agents for a in load_agents(spec)]
        if args.command == "agents":
            return _list_agents(agents)
        if args.command == "mcp":
            from notebook_router.mcp_server.cli import serve

            return serve(args, agents)
        return _run(args, agents)
    except NotebookRouterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


def _run(args: argparse.Namespace, agents: list[Agent]) -> int:
    from notebook_router.data.files import find_data_files, load_data_files
    from notebook_router.loop import run_to_end
    from notebook_router.render.text import evidence_text
    from notebook_router.wiring import wire

    interactive = sys.stdin.isatty() and not args.json
    # Read before the run starts, so a missing or unreadable file is a usage error (exit 2).
    missing: list[str] = []
    files = find_data_files(args.task, args.data, missing=missing)
    for name in missing:
        print(f"note: {name} is named in the task but no such file exists here", file=sys.stderr)
    setup = wire(
        agents,
        data=load_data_files(files) if files else None,
        model=args.model,
        limits=args.limits,
        style=args.style,
        mode=args.mode,
        on_clarify=_ask_on_terminal if interactive else None,
        # Someone at the terminal can answer questions and approve code as they come.
        clarify="wait" if interactive else "stop",
        code=args.code,
        planner=args.planner,
        mcp=_mcp_servers(args.mcp),
        tool_policy=args.tools,
        executor=args.executor,
    )
    # The answer streams to stdout as the model writes it (not into --json's document).
    draft = None if args.json else DraftPrinter(sys.stdout)
    # Not asyncio.run: it would wait for agents the run abandoned (see run_to_end).
    finished = run_to_end(
        _drive(
            setup,
            args.task,
            progress=None if args.quiet or args.json else sys.stderr,
            approve_on_terminal=interactive and "ask" in (args.code, args.tools),
            draft=draft,
        )
    )
    result, state = finished.value
    saved = _save_media(args, state)
    if args.json:
        summary = _summary(result, state)
        summary["files"] = [str(path) for path in saved]
        print(json.dumps(summary, ensure_ascii=False, indent=2))
    else:
        assert draft is not None
        draft.finish(result.answer)
        shown = evidence_text(state)
        if shown:
            print("\n".join(shown))
        if saved:
            print("\nsaved:\n" + "\n".join(f"  {path}" for path in saved))
        print(_footer(result, setup), file=sys.stderr)
    if args.open:
        _open_all(saved)
    note = finished.note()
    if note:
        print(f"note: {note}", file=sys.stderr)
    return 0


def _save_media(args: argparse.Namespace, state: RunState) -> list[Path]:
    """Save the figures and audio the run made (see :mod:`notebook_router.cli_media`)."""
    from notebook_router.cli_media import default_folder, save_media

    folder = Path(args.out) if args.out else default_folder(state.run_id)
    try:
        return save_media(state, folder)
    except OSError as exc:  # the answer is printed all the same
        print(
            f"note: could not save the run's figures in {folder}: {exc.strerror}", file=sys.stderr
        )
        return []


def _open_all(paths: list[Path]) -> None:
    from notebook_router.cli_media import open_file

    if not paths:
        print("note: the run made no figure to open", file=sys.stderr)
    for path in paths:
        if not open_file(path):
            print(f"note: no viewer could open {path}", file=sys.stderr)


async def _drive(
    setup: RunSetup,
    task: str,
    progress: TextIO | None,
    *,
    approve_on_terminal: bool = False,
    draft: Callable[[str], None] | None = None,
) -> tuple[RunResult, RunState]:
    import asyncio

    from notebook_router.planner import events as ev
    from notebook_router.wiring import start_run

    run = start_run(setup, task)
    if progress is not None:
        run.subscribe(lambda event: _progress(event, progress))
    if draft is not None:
        run.on_draft(draft)
    asking: set[asyncio.Task[None]] = set()
    if approve_on_terminal:

        def on_event(event: ev.Event) -> None:
            if isinstance(event, ev.CodeApprovalRequested):
                prompt = asyncio.ensure_future(_approve_on_terminal(run, event))
                asking.add(prompt)
                prompt.add_done_callback(asking.discard)

        run.subscribe(on_event)
    result: RunResult = await run
    # The state too: the evidence (tables, code) is rendered from it, as in the notebook.
    return result, run.state


def _summary(result: RunResult, state: RunState) -> dict[str, Any]:
    """``result.summary_dict()`` with each task's table (records) and code."""
    from notebook_router.render.evidence import evidence_json

    summary = result.summary_dict()
    shown = evidence_json(state)
    for task in summary["tasks"]:
        task.update(shown.get(task["id"], {"table": None, "code": "", "code_ran": None}))
    return summary


def _progress(event: ev.Event, out: TextIO) -> None:
    from notebook_router.planner import events as ev

    line = None
    match event:
        case ev.TaskStarted():
            line = f"  ▸ {event.task_id} {event.agent}: {event.description}"
        case ev.TaskFinished():
            mark = "✓" if event.status in ("fulfilled", "partial") else "✗"
            line = f"  {mark} {event.task_id} {event.status} in {event.duration_s:.2f} s"
        case ev.TaskCancelled():
            line = f"  ■ {event.task_id} cancelled: {event.reason}"
        case ev.TraceNote(note=ev.WORKER_NOTE):
            line = f"    {event.task_id} {event.message}"
        case ev.DelegationRequested():
            indent = "    " * event.hops
            line = f"  {indent}↳ {event.request_id} {' → '.join(event.path)}: {event.task}"
        case ev.DelegationResponded():
            indent = "    " * event.hops
            detail = event.summary if event.status in ("fulfilled", "partial") else event.error
            ending = f": {detail}" if detail else ""
            line = f"  {indent}  {event.request_id} {event.status}{ending}"
        case ev.DecisionFailed():
            line = f"  ! decision rejected: {event.error}"
    if line:
        print(line, file=out, flush=True)


async def _approve_on_terminal(run: Run, event: ev.CodeApprovalRequested) -> None:
    """Show code an agent wrote (``--code ask``), or a tool call it chose (``--tools ask``),
    and ask whether to run it."""
    from notebook_router.threads import in_thread

    if event.about == "tool":
        print(f"\n? {event.agent} wants to {event.purpose}, with:", file=sys.stderr)
    else:
        print(
            f"\n? {event.agent} wrote code for {event.task_id} ({event.purpose}):", file=sys.stderr
        )
    print("\n".join(f"    {line}" for line in event.code.splitlines()), file=sys.stderr)
    try:
        reply = await in_thread(
            input, "Call it? [y/N] " if event.about == "tool" else "Run it? [y/N] "
        )
    except EOFError:
        reply = ""
    decision = "run" if reply.strip().lower() in ("y", "yes", "run") else "skip"
    with contextlib.suppress(NotebookRouterError):  # the run ended or moved on meanwhile
        run.approve(decision, approval=event.id)


async def _ask_on_terminal(question: str) -> str | None:
    from notebook_router.threads import in_thread

    print(f"\n? {question}", file=sys.stderr)
    try:
        # A daemon thread: an unanswered prompt must not hold the process at exit.
        answer = await in_thread(input, "> ")
    except EOFError:
        return None
    return answer.strip() or None


def _footer(result: RunResult, setup: RunSetup) -> str:
    from notebook_router.planner.state import STOP_REASON_TEXT

    reason = STOP_REASON_TEXT.get(result.stop_reason, result.stop_reason)
    return (
        f"\n— {reason} · {result.duration_s:.2f} s · {result.iterations} decisions · "
        f"{len(result.tasks)} tasks · {result.usage.total_tokens:,} tokens · "
        f"model {setup.provider.name}:{setup.provider.model}"
    )


def _mcp_servers(config: str | None) -> Any:
    """The MCP servers ``--mcp CONFIG`` names, connected (None without the option)."""
    if config is None:
        return None
    from notebook_router.mcp.config import read_config
    from notebook_router.mcp.servers import MCPServers

    return MCPServers(read_config(config))


def _list_agents(agents: list[Agent]) -> int:
    from notebook_router.agents.tree import walk_tree

    if not agents:
        print("No agents: pass --agents MODULE_OR_FILE.", file=sys.stderr)
        return EXIT_USAGE
    for a in agents:
        for path, member in walk_tree(a):
            topics = ", ".join(c.topic for c in member.capabilities)
            name = "  " * (len(path) - 1) + member.name
            print(f"{name:<20} {member.description}" + (f"  [{topics}]" if topics else ""))
    return 0
