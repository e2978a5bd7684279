"""What the ``%route`` subcommands and ``%%agent`` do, over the kernel's session.

Imported with the session the first time a magic runs (see
:mod:`~notebook_router.notebook.magics`, which IPython registers at ``%load_ext``).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import shlex
from html import escape
from typing import Any

from IPython.core.error import UsageError

from notebook_router.agents.approval import check_code_policy
from notebook_router.agents.builtin import with_builtins
from notebook_router.data.sharing import SHARE_TEXT, check_share
from notebook_router.errors import NotebookRouterError
from notebook_router.notebook.cells import CellAgent
from notebook_router.notebook.history import HistoryCommands
from notebook_router.notebook.options import parse_agent_options
from notebook_router.notebook.outputs import show_own
from notebook_router.planner.graph import to_mermaid
from notebook_router.planner.run import Delivery
from notebook_router.providers.registry import resolve_model
from notebook_router.text.preview import clip

DELIVERY_WAIT_S = 2.0
"""How long ``%route redirect`` / ``answer`` wait to hear whether the run took the message."""

SUBCOMMANDS = (
    "stop",
    "redirect",
    "answer",
    "status",
    "runs",
    "show",
    "resume",
    "purge",
    "export",
    "import",
    "store",
    "agents",
    "graph",
    "model",
    "code",
    "share",
    "executor",
    "forget",
    "facts",
    "search",
    "mcp",
    "tools",
)


def parse_model_options(words: list[str]) -> Any:
    """``%route model NAME [--record FILE] [--replay FILE] [--base-url URL]``."""
    import argparse

    parser = argparse.ArgumentParser(prog="%route model", add_help=False, exit_on_error=False)
    parser.add_argument("model")
    parser.add_argument("--record", default=None)
    parser.add_argument("--replay", default=None)
    parser.add_argument("--base-url", default=None)
    try:
        args, extra = parser.parse_known_args(words)
    except (argparse.ArgumentError, SystemExit) as exc:
        raise UsageError(
            f"%route model NAME [--record FILE] [--replay FILE] [--base-url URL] ({exc})"
        ) from None
    if extra:
        raise UsageError(f"%route model: unrecognized arguments: {' '.join(extra)}")
    return args


class RouteCommands(HistoryCommands):
    """The ``%route`` subcommands and ``%%agent``, for one kernel's session."""

    def define_agent(self, line: str, cell: str) -> None:
        """``%%agent``: register the cell as an agent (replacing one of the same name)."""
        args = parse_agent_options(line)
        if not cell.strip():
            raise UsageError("%%agent needs a cell body: the code the agent runs.")
        recorder = self.session.outputs
        try:
            parent = self.session.find_agent(args.parent) if args.parent else None
            cell_agent = CellAgent(
                args.name,
                cell,
                shell=self.session.shell,
                can=args.can,
                description=args.desc,
                execution_count=None,  # known once the cell has finished
                cell_id=recorder.current_id,
                timeout=args.timeout,
                thread=args.thread,
            )
            previous = (
                self.session.cell_agents.get(cell_agent.name)
                if cell_agent.name in self.session.cell_agents.names()
                else None
            )
            cell_agent.take_place_of(previous, parent)
        except NotebookRouterError as exc:
            raise UsageError(str(exc)) from None
        self.session.cell_agents.add(cell_agent)
        recorder.when_finished(lambda n: setattr(cell_agent, "execution_count", n))
        topics = ", ".join(c.topic for c in cell_agent.capabilities) or "no topics"
        verb = "Updated" if previous is not None else "Registered"
        where = f" under {parent.name!r}" if parent is not None else ""
        print(f"{verb} cell agent {cell_agent.name!r}{where} ({topics}).")

    # --------------------------------------------------------------- subcommands

    def line(self, line: str) -> Any:
        """``%route SUBCOMMAND ...``: carry it out (a wrong line is a ``UsageError``)."""
        try:
            words = shlex.split(line)
        except ValueError as exc:
            raise UsageError(f"%route: {exc}") from None
        if not words or words[0] not in SUBCOMMANDS:
            raise UsageError(
                f"%route {' | '.join(SUBCOMMANDS)} ...  (%%route starts a run; %route? for help)"
            )
        command, rest = words[0], words[1:]
        try:
            return getattr(self, f"_{command}")(rest)
        except NotebookRouterError as exc:
            raise UsageError(str(exc)) from None

    def _target(self, rest: list[str]) -> Any:
        if rest:
            return self.session.find_run(rest[0])
        active = self.session.active()
        return active[-1] if active else self.session.find_run(None)

    def _stop(self, rest: list[str]) -> None:
        run = self._target(rest)
        if run.done():
            print(f"Run {run.id} has already finished ({run.result().stop_reason}).")
            return
        run.stop()
        print(f"Stopping run {run.id}.")

    def _redirect(self, rest: list[str]) -> None:
        if not rest:
            raise UsageError('%route redirect "MESSAGE"')
        run = self._target([])
        _delivered(run.redirect(" ".join(rest)))  # a finished run says so: nothing is sent
        print(f"Sent to run {run.id}: {' '.join(rest)}")

    def _answer(self, rest: list[str]) -> None:
        if not rest:
            raise UsageError('%route answer "TEXT"  (or run|skip for code waiting to run)')
        word = " ".join(rest).strip().lower()
        if word in ("run", "skip") and self._decide_code(word):
            return
        run = self._target([])
        if word in ("run", "skip") and not run.done() and run.state.pending_question is None:
            # Sent on, "run" would reach the planner as a redirect: the code the user
            # meant to approve, once written, would then wait for ever.
            raise UsageError(
                f"%route answer {word}: no code is waiting to run in run {run.id} yet. Answer "
                "again once the panel or `%route status` shows the code; `%route redirect "
                "MESSAGE` sends the planner an instruction."
            )
        _delivered(run.answer(" ".join(rest)))
        print(f"Answered run {run.id}.")

    def _decide_code(self, decision: str) -> bool:
        """Run or skip the oldest code waiting in the newest run that has some; False if none.

        The newest run with code waiting, not just the newest run: a background
        run started since must not take the user's Run or Skip.
        """
        run = next((r for r in reversed(self.session.active()) if r.state.approvals), None)
        if run is None:
            return False
        first = next(iter(run.state.approvals.values()))
        _delivered(run.approve(decision, approval=first.id))
        if first.about == "tool":
            did = "Calling" if decision == "run" else "Skipped"
            print(f"{did} the tool {first.agent} chose for {first.task_id} (run {run.id}).")
            return True
        did = "Running" if decision == "run" else "Skipped"
        print(f"{did} the code {first.agent} wrote for {first.task_id} (run {run.id}).")
        return True

    def _code(self, rest: list[str]) -> None:
        if not rest:
            print(
                f"Agent-written code: {self.session.code} ({CODE_POLICY_TEXT[self.session.code]})"
            )
            return
        if len(rest) > 1:
            raise UsageError("%route code [ask|auto|never]")
        self.session.code = check_code_policy(rest[0])
        print(
            f"Agent-written code for new runs: {self.session.code} "
            f"({CODE_POLICY_TEXT[self.session.code]})"
        )

    def _mcp(self, rest: list[str]) -> Any:
        """``%route mcp ...``: the kernel's MCP servers (see :mod:`.mcp_commands`)."""
        return self._mcp_commands().mcp(rest)

    def _tools(self, rest: list[str]) -> None:
        """``%route tools [ask|auto|never]``: whether runs call MCP servers' tools."""
        self._mcp_commands().tools(rest)

    def _mcp_commands(self) -> Any:
        from notebook_router.notebook.mcp_commands import MCPCommands

        return MCPCommands(self.session, _show_table)

    def _share(self, rest: list[str]) -> None:
        """``%route share [schema|stats|rows]``: what of the data a model is sent."""
        if len(rest) > 1:
            raise UsageError("%route share [schema|stats|rows]")
        if rest:
            self.session.share = check_share(rest[0])
        level = self.session.share
        print(
            f"Data sent to a model in new runs: {SHARE_TEXT[level]} of the notebook's tables "
            f"({SHARE_HELP[level]}). --share on a %%route line, or --no-data, for one run."
        )

    def _executor(self, rest: list[str]) -> None:
        from notebook_router.notebook.executor_command import executor_command

        executor_command(self.session, rest)

    def _status(self, rest: list[str]) -> None:
        from notebook_router.notebook.run_output import show_status

        # Plain text too: consoles, nbval and text-only frontends show that one.
        show_status(self._target(rest), self.session.shell)

    def _resume(self, rest: list[str]) -> Any:
        # Reached when the cell holds more than the %route resume line (the
        # transformer only rewrites a cell that is just that line): the cell
        # cannot await, so the run goes on in the background.
        from notebook_router.notebook.options import parse_resume_options
        from notebook_router.notebook.runner import start_resume

        options = parse_resume_options(" ".join(shlex.quote(w) for w in rest))
        options = type(options)(**{**options.__dict__, "background": True})
        return start_resume(self.session, options)[0]

    def _agents(self, rest: list[str]) -> None:
        registry = self.session.agents(rest[0] if rest else None)
        if not rest:  # what a %%route cell without --agents gets: the built-ins join
            registry = with_builtins(registry, search=self.session.search)
        if not len(registry):
            print('No agents yet: define one with %%agent NAME --can "topics" or @agent.')
            return
        rows = []
        for member in registry.tree().members.values():
            a = member.agent
            topics = ", ".join(c.topic for c in a.capabilities)
            source = (
                a.origin
                if isinstance(a, CellAgent)
                else "built-in"
                if getattr(a, "builtin", False)
                else type(a).__name__
            )
            name = "  " * member.depth + ("└ " if member.depth else "") + a.name
            rows.append([name, topics, a.description, source])
        _show_table(["agent", "capabilities", "description", "source"], rows)

    def _search(self, rest: list[str]) -> None:
        if not rest:
            current = self.session.search
            name = getattr(current, "__name__", repr(current)) if current else "none"
            print(f"Research search function: {name}")
            return
        if len(rest) > 1:
            raise UsageError("%route search [FUNCTION|off]")
        if rest[0] == "off":
            self.session.search = None
            print("The research agent searches only the sources a run is given.")
            return
        function = self.session.shell.user_ns.get(rest[0])
        if not callable(function):
            raise UsageError(
                f"%route search: {rest[0]!r} is not a function in the notebook; define "
                "one taking a query and returning hits (strings, (title, text) pairs or "
                "dicts with title, text and url), then %route search NAME."
            )
        self.session.search = function
        print(f"The research agent searches with {rest[0]}() in new runs.")

    def _graph(self, rest: list[str]) -> None:
        """``%route graph [RUN] [--text]``: the run's tree as a diagram (``--text``: Mermaid)."""
        words = [w for w in rest if w != "--text"]
        if len(words) > 1 or any(w.startswith("-") for w in words):
            raise UsageError("%route graph [RUN] [--text]   (--text prints the Mermaid source)")
        run = self._target(words)
        if len(words) < len(rest):
            print(to_mermaid(run.graph()), end="")
            return
        from notebook_router.render.bundle import graph_bundle

        show_own(graph_bundle(run.state))

    def _model(self, rest: list[str]) -> None:
        if not rest:
            current = (
                self.session.model or "the default ($NOTEBOOK_ROUTER_MODEL, a key, or offline)"
            )
            print(f"Model: {current!r}" if not isinstance(current, str) else f"Model: {current}")
            return
        args = parse_model_options(rest)
        options = {"base_url": args.base_url} if args.base_url else {}
        provider = resolve_model(args.model, record=args.record, replay=args.replay, **options)
        # A recording wrapper is kept (it appends across runs); a plain model
        # string is kept as a string, so each run gets a fresh client.
        self.session.model = provider if (args.record or args.replay or options) else args.model
        what = f"{provider.name}:{provider.model}"
        if args.replay and (not args.record or getattr(provider, "mode", None) == "replay"):
            note = f", replayed from {args.replay} (no key or network needed)"
        elif args.replay:
            note = f", replaying the calls recorded in {args.record} and recording new ones"
        elif args.record:
            note = f", recording every call to {args.record}"
        else:
            note = ""
        print(f"Model for new runs: {what}{note}")

    def _forget(self, rest: list[str]) -> None:
        if rest:
            raise UsageError(
                "%route forget  (clears the arc; %route facts forget ID|all for facts)"
            )
        memory = self.session.memory()
        runs = memory.forget()
        kept = len(memory.facts.all())
        plural = "run" if runs == 1 else "runs"
        print(
            f"Forgot the arc of {runs} earlier {plural}: the next run starts without them. "
            f"{kept} facts kept (%route facts forget all clears those)."
        )

    def _facts(self, rest: list[str]) -> None:
        facts = self.session.memory().facts
        if rest and rest[0] == "forget":
            if len(rest) != 2:
                raise UsageError("%route facts forget ID|all")
            if rest[1] == "all":
                print(f"Forgot all {facts.clear()} facts.")
                return
            if not rest[1].isdigit():
                raise UsageError(f"%route facts forget ID|all: not a fact id: {rest[1]!r}")
            if not facts.delete(int(rest[1])):
                raise UsageError(f"No fact {rest[1]}: %route facts lists them.")
            print(f"Forgot fact {rest[1]}.")
            return
        if rest:
            raise UsageError("%route facts [forget ID|all]")
        every = facts.all()
        if not every:
            print('No facts yet: tell a run "remember that ..." and it keeps one.')
            return
        rows = [[str(f.id), f.text, f.topic, f.source] for f in every]
        _show_table(["id", "fact", "topic", "source"], rows)


SHARE_HELP = {
    "schema": "names, kinds, sizes, column names and types; no values",
    "stats": "and per-column statistics: missing values, ranges, means, the most common values",
    "rows": "and per-column statistics and the first rows",
}

CODE_POLICY_TEXT = {
    "ask": "shown in the panel with Run / Edit / Skip; not run where no panel can ask",
    "auto": "runs without asking",
    "never": "shown, never run",
}


def _delivered(delivery: Delivery) -> None:
    """Raise if the run refused the message (it had finished); never wait long.

    On the run's own thread the answer is already there; from another thread
    (a kernel subshell) the run's loop gives it at once unless it is busy,
    and then the message is queued, not lost.
    """
    with contextlib.suppress(concurrent.futures.TimeoutError):  # not TimeoutError before 3.11
        delivery.result(timeout=DELIVERY_WAIT_S)


TEXT_CELL_CHARS = 60
"""How much of a cell the plain-text form of a ``%route`` table shows."""


def _show_table(header: list[str], rows: list[list[str]]) -> None:
    """Display rows as an HTML table, with an aligned text version for text/plain."""
    html = (
        "<table><tr>"
        + "".join(f"<th>{escape(h)}</th>" for h in header)
        + "</tr>"
        + "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
        + "</table>"
    )
    # The text form is for consoles and nbval: long cells are cut there (the HTML has them whole).
    cut = [[clip(str(cell), TEXT_CELL_CHARS) for cell in row] for row in [header, *rows]]
    widths = [max(len(r[i]) for r in cut) for i in range(len(header))]
    text = "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in cut
    )
    show_own({"text/plain": text, "text/html": html})
