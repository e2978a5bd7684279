"""The options of ``%%route`` and ``%%agent``, parsed the IPython way.

Parsing goes through IPython's ``magic_arguments``, so a bad option gives
the usual short usage message (a ``UsageError``), never a traceback.
"""

from __future__ import annotations

import keyword
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from IPython.core.error import UsageError
from IPython.core.magic_arguments import argument, magic_arguments, parse_argstring

from notebook_router.agents.approval import (
    CODE_POLICIES,
    TOOL_POLICIES,
    CodePolicy,
    ToolPolicy,
    check_code_policy,
    check_tool_policy,
)
from notebook_router.data.sharing import SHARE_LEVELS, ShareLevel, check_share
from notebook_router.errors import ConfigError
from notebook_router.run_options import (
    PLANNER_STYLES,
    PlannerStyle,
    add_limit_options,
    limits_from,
)
from notebook_router.styles import MODES, STYLES, ResponseStyle, RunMode

# The options (and so the magics' help) are declared at ``%load_ext``; Limits,
# a pydantic model, is first built when a line is parsed (``limits_from``).
if TYPE_CHECKING:
    from notebook_router.planner.rails import Limits


def _limit_arguments(func: Any) -> Any:
    """``@argument`` for each of the run limit options the CLI shares (in their order)."""
    decorators: list[Any] = []
    add_limit_options(lambda *flags, **kwargs: decorators.append(argument(*flags, **kwargs)))
    for decorate in reversed(decorators):  # decorators apply bottom-up
        func = decorate(func)
    return func


@dataclass(frozen=True)
class RouteOptions:
    """What a ``%%route`` line asked for."""

    model: str | None
    agents: str | None
    limits: Limits
    background: bool
    output: str | None
    style: ResponseStyle | None
    """How the answer is written (None: read from the task's words)."""
    code: CodePolicy | None = None
    """Whether agent-written code runs (None: the session's policy, ``%route code``)."""
    insert: bool = False
    """Put the code behind the answer into a new cell below."""
    no_data: bool = False
    """Keep the kernel's variables out of the run (no descriptions to a model, no analyst)."""
    fresh: bool = False
    """Plan without the memory of the notebook's earlier runs."""
    planner: PlannerStyle | None = None
    """How the run is planned (None: the default, ``decider``)."""
    share: ShareLevel | None = None
    """What of the data a model is sent (None: the session's level, ``%route share``)."""
    tools: ToolPolicy | None = None
    """Whether MCP servers' tools are called (None: the session's policy, ``%route tools``)."""
    attach: tuple[str, ...] = ()
    """MCP resources to attach as media, each ``SERVER:URI``."""
    mode: RunMode | None = None
    """quick, normal or thorough (None: read from the task's words)."""
    executor: str | None = None
    """Where function agents run (None: the session's choice, ``%route executor``)."""


@magic_arguments()
@argument("-m", "--model", help="provider:model, e.g. offline or openai:gpt-4o-mini")
@argument("-a", "--agents", help="agent names (comma-separated) or a variable holding agents")
@_limit_arguments
@argument("-b", "--background", action="store_true", help="return at once; the run goes on")
@argument("-o", "--output", metavar="NAME", help="store the Run object in this variable")
@argument(
    "--style",
    choices=STYLES,
    default=None,
    help="how the answer is written: conversational, structured or report (default: read "
    "from the task's words, e.g. 'write a report', 'as bullet points')",
)
@argument(
    "--mode",
    choices=MODES,
    default=None,
    help="quick, normal or thorough: budgets, checking and answer length (default: read "
    "from the task's words, e.g. 'quick question', 'take your time')",
)
@argument(
    "--code",
    choices=CODE_POLICIES,
    default=None,
    help="agent-written code: ask (Run/Edit/Skip in the panel), auto (run it), never (show it)",
)
@argument("--insert", action="store_true", help="put the code behind the answer in a new cell")
@argument(
    "--no-data",
    action="store_true",
    help="keep the kernel's variables out of this run (nothing of them reaches a model)",
)
@argument(
    "--fresh", action="store_true", help="plan without the memory of this notebook's earlier runs"
)
@argument(
    "--share",
    choices=SHARE_LEVELS,
    default=None,
    help="what of the data a model is sent: schema (names and types), stats (and column "
    "statistics) or rows (and the first rows)",
)
@argument(
    "--planner",
    choices=PLANNER_STYLES,
    default=None,
    help="decider (JSON decisions; rules offline) or supervisor (the model calls tools)",
)
@argument(
    "--tools",
    choices=TOOL_POLICIES,
    default=None,
    help="MCP servers' tools: ask (Run/Edit/Skip in the panel), auto (call them), never",
)
@argument(
    "--attach",
    action="append",
    default=[],
    metavar="SERVER:URI",
    help="attach an MCP server's resource to the run as media (repeatable)",
)
@argument(
    "--executor",
    default=None,
    metavar="local|dask|ADDRESS",
    help="where function agents run: local (the kernel), dask (a cluster of worker processes "
    "on this machine) or a Dask scheduler's address (tcp://HOST:PORT)",
)
def route_options(line: str, cell: str | None = None) -> None:
    """Run the task in the cell body with the router."""


@magic_arguments()
@argument("name", help="the agent's name")
@argument("--can", default="", help='topics it handles, comma-separated: "sales, revenue"')
@argument("--desc", default=None, help="one-line description (default: the cell's first comment)")
@argument("--timeout", type=float, default=None, metavar="SECONDS", help="per-call timeout")
@argument("--thread", action="store_true", help="run the body in a worker thread")
@argument("--parent", default=None, metavar="AGENT", help="place this agent under another agent")
def agent_options(line: str, cell: str | None = None) -> None:
    """Register the cell as an agent."""


@dataclass(frozen=True)
class ResumeOptions:
    """What a ``%route resume`` line asked for."""

    run: str
    model: str | None
    agents: str | None
    background: bool
    output: str | None


@magic_arguments()
@argument("run", help="the run to continue: its id or first characters (see %route runs)")
@argument("-m", "--model", help="provider:model for the rest of the run (default: as for %%route)")
@argument("-a", "--agents", help="agent names (comma-separated) or a variable holding agents")
@argument("-b", "--background", action="store_true", help="return at once; the run goes on")
@argument("-o", "--output", metavar="NAME", help="store the Run object in this variable")
def resume_options(line: str, cell: str | None = None) -> None:
    """Continue an interrupted run from its last recorded state."""


def parse_resume_options(line: str) -> ResumeOptions:
    """Parse a ``%route resume`` line; raise :class:`UsageError` if it is wrong."""
    args = _parse(resume_options, line, "%route resume")
    output = _variable(unquote(args.output), "%route resume")
    return ResumeOptions(
        run=unquote(args.run) or "",
        model=unquote(args.model),
        agents=unquote(args.agents),
        background=args.background,
        output=output,
    )


def unquote(value: str | None) -> str | None:
    """Strip one pair of matching quotes (IPython's magic parser keeps them)."""
    if value and len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return value


def parse_agent_options(line: str) -> Any:
    """Parse a ``%%agent`` line; raise :class:`UsageError` if it is wrong."""
    args = _parse(agent_options, line, "%%agent")
    args.name, args.can, args.desc = unquote(args.name), unquote(args.can), unquote(args.desc)
    args.parent = unquote(args.parent)
    if args.timeout is not None and not args.timeout > 0:
        raise UsageError(f"%%agent: --timeout needs seconds above 0, not {args.timeout:g}")
    return args


def parse_route_options(line: str) -> RouteOptions:
    """Parse a ``%%route`` line; raise :class:`UsageError` if it is wrong."""
    args = _parse(route_options, line, "%%route")
    args.model, args.agents, args.output = (
        unquote(args.model),
        unquote(args.agents),
        unquote(args.output),
    )
    try:
        limits = limits_from(args)
    except ConfigError as exc:
        raise UsageError(f"%%route: {exc}") from None
    _variable(args.output, "%%route")
    if args.insert and args.background:
        raise UsageError(
            "%%route: --insert puts code in a new cell when the run ends, so the cell must "
            "wait for it: drop -b/--background"
        )
    return RouteOptions(
        model=args.model,
        agents=args.agents,
        limits=limits,
        background=args.background,
        output=args.output,
        style=args.style,
        code=check_code_policy(args.code) if args.code else None,
        insert=args.insert,
        no_data=args.no_data,
        fresh=args.fresh,
        planner=args.planner,
        share=check_share(args.share) if args.share else None,
        tools=check_tool_policy(args.tools) if args.tools else None,
        attach=tuple(_attachment(unquote(a) or "") for a in args.attach),
        mode=args.mode,
        executor=unquote(args.executor),
    )


def _attachment(value: str) -> str:
    """``SERVER:URI`` as given, once it has both parts."""
    server, sep, uri = value.partition(":")
    if not sep or not server or not uri:
        raise UsageError(
            f"%%route --attach {value!r}: write SERVER:URI, e.g. --attach files:data://sales.csv"
        )
    return value


def _parse(options: Any, line: str, magic: str) -> Any:
    """``parse_argstring``, with a usage message for a line shlex cannot split."""
    try:
        return parse_argstring(options, line)
    except ValueError as exc:  # "No closing quotation", "No escaped character"
        raise UsageError(f"{magic}: {exc} in the options line: check its quotes") from None


def _variable(name: str | None, magic: str) -> str | None:
    """``name`` if it can hold a value (``-o NAME``); a usage error otherwise."""
    if name is not None and (not name.isidentifier() or keyword.iskeyword(name)):
        raise UsageError(f"{magic}: -o/--output needs a variable name, not {name!r}")
    return name
