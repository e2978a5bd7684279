"""``%route mcp ...`` and ``%route tools ...``: the kernel's MCP servers and its tool policy.

::

    %route mcp add [--trust-read-only] [--header NAME=VALUE] [--env NAME=VALUE]
                   [--timeout SECONDS] NAME COMMAND...|URL
    %route mcp list                  the servers, connected or down, and their tools
    %route mcp tools [NAME]          each tool: its name in the store, read-only or not
    %route mcp remove NAME           disconnect (a stdio server's process ends)
    %route mcp load FILE             every server of a {"mcpServers": {...}} config
    %route mcp resources NAME        what a server offers to read
    %route mcp read NAME URI [-o VAR]    read one: a table becomes a DataFrame in VAR
    %route tools [ask|auto|never]    whether runs call the servers' tools

Servers stay connected for the kernel's life (a broken connection is made again
when next used) and every ``%%route`` cell's run gets one agent per server.
Write secrets as ``${VARIABLE}`` (read from the environment when connecting):
the notebook then holds the variable's name, never the token.
"""

from __future__ import annotations

import argparse
import io
from typing import TYPE_CHECKING, Any, NoReturn

from IPython.core.error import UsageError

from notebook_router.agents.approval import check_tool_policy
from notebook_router.notebook.transform import unescape_spec_variables

if TYPE_CHECKING:
    from notebook_router.mcp.servers import MCPServers, ServerInfo
    from notebook_router.notebook.session import NotebookSession

TOOL_POLICY_TEXT = {
    "ask": "shown in the panel with the server, tool and arguments (Run / Edit / Skip); "
    "not called where no panel can ask",
    "auto": "called without asking",
    "never": "never called",
}

USAGE = (
    "%route mcp add [--trust-read-only] [--header NAME=VALUE] [--env NAME=VALUE] "
    "[--timeout SECONDS] NAME COMMAND...|URL  |  list  |  tools [NAME]  |  remove NAME  |  "
    "load FILE  |  resources NAME  |  read NAME URI [-o VAR]"
)
TABLE_TYPES = ("text/csv", "text/tab-separated-values", "application/json")
SUBCOMMANDS = ("add", "list", "tools", "remove", "load", "resources", "read")


class MCPCommands:
    """The ``%route mcp`` and ``%route tools`` subcommands, over the kernel's session."""

    def __init__(self, session: NotebookSession, show_table: Any) -> None:
        self.session = session
        self._show_table = show_table

    def tools(self, rest: list[str]) -> None:
        """``%route tools [ask|auto|never]``: show or set the tool policy of new runs."""
        if len(rest) > 1:
            raise UsageError("%route tools [ask|auto|never]")
        if rest:
            self.session.tools = check_tool_policy(rest[0])
        policy = self.session.tools
        print(
            f"Tools of MCP servers in new runs: {policy} ({TOOL_POLICY_TEXT[policy]}). "
            "--tools on a %%route line for one run."
        )

    def mcp(self, rest: list[str]) -> Any:
        """``%route mcp SUBCOMMAND ...``."""
        command = rest[0] if rest else "list"
        if command not in SUBCOMMANDS:
            raise UsageError(USAGE)
        return getattr(self, f"_{command}")(rest[1:])

    # ------------------------------------------------------------------ subcommands

    def _add(self, words: list[str]) -> None:
        args = _parse_add([unescape_spec_variables(word) for word in words])
        entry: dict[str, Any] = {}
        target = args.target
        if len(target) == 1 and target[0].startswith(("http://", "https://")):
            entry["url"] = target[0]
        else:
            entry["command"], entry["args"] = target[0], target[1:]
        if args.env:
            entry["env"] = _pairs(args.env, "--env")
        if args.header:
            entry["headers"] = _pairs(args.header, "--header")
        if args.timeout is not None:
            entry["timeout"] = args.timeout
        entry["trustReadOnly"] = args.trust_read_only
        info = self.session.mcp_servers().add(args.name, entry)
        print(f"Connected {_connected(info)}")

    def _list(self, words: list[str]) -> None:
        if words:
            raise UsageError("%route mcp list")
        servers = self.session.mcp
        if servers is None or not len(servers):
            print(
                "No MCP servers yet: %route mcp add NAME COMMAND...|URL, or %route mcp load FILE."
            )
            return
        rows = []
        for info in servers.infos():
            state = f"{info.tools} tools" if info.connected else f"down: {info.error}"
            if info.skipped:
                state += f", {len(info.skipped)} skipped"
            rows.append([info.name, f"mcp.{info.name}", state, info.described])
        self._show_table(["server", "agent", "state", "reached by"], rows)
        print(f"Tool policy for new runs: {self.session.tools}.")

    def _tools(self, words: list[str]) -> None:
        servers = self._servers()
        names = words or servers.names()
        rows = [
            [t.store_name, "read-only" if t.read_only else "", t.tool.description]
            for name in names
            for t in servers.tools(servers.spec(name).name)
        ]
        skipped = [s for name in names for s in servers.info(name).skipped]
        if not rows:
            print("No tools: the servers list none (or are down: %route mcp list).")
        else:
            self._show_table(["tool", "marked", "description"], rows)
        for item in skipped:
            print(f"skipped {item.server}.{item.name}: {item.reason}")

    def _remove(self, words: list[str]) -> None:
        if len(words) != 1:
            raise UsageError("%route mcp remove NAME")
        self._servers().remove(words[0])
        print(f"Removed the MCP server {words[0]}.")

    def _load(self, words: list[str]) -> None:
        if len(words) != 1:
            raise UsageError('%route mcp load FILE  (a JSON file with {"mcpServers": {...}})')
        for info in self.session.mcp_servers().load(words[0]):
            if info.connected:
                print(f"Connected {_connected(info)}")
            else:
                print(f"Could not connect {info.name}: {info.error} (kept; used again, it retries)")

    def _resources(self, words: list[str]) -> None:
        if len(words) != 1:
            raise UsageError("%route mcp resources NAME")
        found = self._servers().resources(words[0])
        if not found:
            print(f"The MCP server {words[0]} lists no resources.")
            return
        rows = [[r.uri, r.name, r.mime_type or "", r.description or ""] for r in found]
        self._show_table(["uri", "name", "type", "description"], rows)

    def _read(self, words: list[str]) -> Any:
        parser = _parser("%route mcp read", "%route mcp read NAME URI [-o VAR]")
        parser.add_argument("name")
        parser.add_argument("uri")
        parser.add_argument("-o", "--output", default=None, metavar="VAR")
        args = _parse(parser, words, "%route mcp read NAME URI [-o VAR]")
        media = self._servers().read(args.name, args.uri)
        if not media:
            raise UsageError(f"{args.uri} on {args.name} holds nothing to read.")
        first = media[0]
        value: Any = _table(first) if first.mime_type in TABLE_TYPES else None
        value = value if value is not None else (first if len(media) == 1 else media)
        if args.output:
            if not args.output.isidentifier():
                raise UsageError(f"-o {args.output}: give a variable name.")
            self.session.shell.user_ns[args.output] = value
            kind = "a DataFrame" if _is_frame(value) else "media"
            print(f"{args.output} = {args.uri} from {args.name}, as {kind}.")
            return None
        return value

    def _servers(self) -> MCPServers:
        servers = self.session.mcp
        if servers is None or not len(servers):
            raise UsageError("No MCP servers yet: %route mcp add NAME COMMAND...|URL.")
        return servers


def _parse_add(words: list[str]) -> argparse.Namespace:
    parser = _parser("%route mcp add", USAGE.split("  |  ")[0])
    parser.add_argument("--trust-read-only", action="store_true")
    parser.add_argument("--header", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--timeout", type=float, default=None, metavar="SECONDS")
    parser.add_argument("name")
    parser.add_argument("target", nargs=argparse.REMAINDER)
    args = _parse(parser, words, USAGE.split("  |  ")[0])
    if not args.target:
        raise UsageError(
            f"%route mcp add {args.name}: give the command that starts it, or its URL."
        )
    return args


class _Parser(argparse.ArgumentParser):
    """argparse that raises its complaint as a UsageError (argparse prints and exits)."""

    def __init__(self, prog: str, usage_line: str) -> None:
        super().__init__(prog=prog, add_help=False, exit_on_error=False)
        self.usage_line = usage_line

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.usage_line} ({message})")


def _parser(prog: str, usage: str) -> _Parser:
    return _Parser(prog, usage)


def _parse(parser: argparse.ArgumentParser, words: list[str], usage: str) -> argparse.Namespace:
    try:
        args, extra = parser.parse_known_args(words)
    except argparse.ArgumentError as exc:
        raise UsageError(f"{usage} ({exc})") from None
    if extra:
        raise UsageError(f"{usage} (unrecognized: {' '.join(extra)})")
    return args


def _pairs(items: list[str], option: str) -> dict[str, str]:
    pairs = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"{option} {item!r}: write NAME=VALUE, e.g. {option} TOKEN=${{TOKEN}}")
        pairs[name.strip()] = value
    return pairs


def _connected(info: ServerInfo) -> str:
    tools = f"{info.tools} tool{'s' if info.tools != 1 else ''}"
    skipped = (
        f" ({len(info.skipped)} skipped: %route mcp tools {info.name})" if info.skipped else ""
    )
    return f"{info.name}: {tools}{skipped}, as the agent mcp.{info.name}."


def _table(media: Any) -> Any:
    """A CSV, TSV or JSON resource as a DataFrame (None when pandas cannot read it)."""
    import pandas as pd

    text = media.data if isinstance(media.data, str) else media.data.decode("utf-8", "replace")
    try:
        if media.mime_type == "application/json":
            return pd.read_json(io.StringIO(text))
        sep = "\t" if media.mime_type == "text/tab-separated-values" else ","
        return pd.read_csv(io.StringIO(text), sep=sep)
    except ValueError:
        return None


def _is_frame(value: Any) -> bool:
    return type(value).__name__ == "DataFrame"


__all__ = ["TOOL_POLICY_TEXT", "MCPCommands"]
