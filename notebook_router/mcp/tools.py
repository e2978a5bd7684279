"""An MCP server's tools as tool-store tools: names, specs and what a call needs to know.

Each tool enters the store under the namespace ``mcp/<server>`` with the name
``<server>.<tool>`` (names are unique across the store, and two servers may both
have a ``search``), its description (the title first, when the server gives one)
and its JSON Schema inputs, so the tool router ranks, chooses and validates them
as it does any tool. A name the store cannot hold as written (the MCP spec allows
longer names and more characters) is mapped to one it can; the call always uses
the server's own name.

The store's tools carry no function: nothing calls an MCP tool except through a
run's tool policy (see :class:`~notebook_router.mcp.agent.MCPServerAgent`) or an
explicit :meth:`MCPServers.call <notebook_router.mcp.servers.MCPServers.call>`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from notebook_router.errors import ToolSpecError
from notebook_router.tools.spec import Tool, ToolSpec

MAX_NAME = 64
_UNSAFE = re.compile(r"[^A-Za-z0-9_.\-]+")


def namespace(server: str) -> str:
    """The store namespace of ``server``'s tools.

    >>> namespace("files")
    'mcp/files'
    """
    return f"mcp/{server}"


@dataclass(frozen=True, slots=True)
class ServerTool:
    """One MCP tool as the store knows it, with what a call of it needs."""

    server: str
    name: str
    """The server's own name for it (what a call sends)."""
    tool: Tool
    """The store's tool (``tool.name`` is ``<server>.<name>``, mapped if need be)."""
    read_only: bool = False
    """The server marks it as changing nothing (``readOnlyHint``)."""
    title: str = ""

    @property
    def store_name(self) -> str:
        """Its name in the store."""
        return self.tool.name


@dataclass(frozen=True, slots=True)
class Skipped:
    """A tool the store could not take, and why."""

    server: str
    name: str
    reason: str


def store_name(server: str, tool: str) -> str:
    """The store name of ``tool`` of ``server``: ``server.tool``, made safe and short.

    >>> store_name("files", "read_file"), store_name("gh", "repos/list issues")
    ('files.read_file', 'gh.repos_list_issues')
    """
    safe = _UNSAFE.sub("_", tool).strip("_") or "tool"
    name = f"{server}.{safe}"
    if len(name) <= MAX_NAME:
        return name
    digest = hashlib.sha1(tool.encode()).hexdigest()[:8]
    return f"{name[: MAX_NAME - 9]}-{digest}"


def server_tools(server: str, tools: Iterable[Any]) -> tuple[list[ServerTool], list[Skipped]]:
    """The store's view of a server's MCP tools (``mcp.types.Tool``), and those skipped."""
    kept: list[ServerTool] = []
    skipped: list[Skipped] = []
    taken: set[str] = set()
    for item in tools:
        try:
            made = server_tool(server, item)
        except ToolSpecError as exc:
            skipped.append(Skipped(server, str(item.name), str(exc)))
            continue
        if made.store_name in taken:
            skipped.append(Skipped(server, item.name, f"its name maps to {made.store_name}, taken"))
            continue
        taken.add(made.store_name)
        kept.append(made)
    return kept, skipped


def server_tool(server: str, item: Any) -> ServerTool:
    """One MCP tool (``mcp.types.Tool``) as a :class:`ServerTool`."""
    annotations = getattr(item, "annotations", None)
    title = (item.title or (annotations.title if annotations else None) or "").strip()
    description = (item.description or "").strip()
    if title and not description.lower().startswith(title.lower()):
        description = f"{title}. {description}".strip()
    spec = ToolSpec(
        name=store_name(server, item.name),
        description=description or title or item.name.replace("_", " "),
        parameters=input_schema(item.input_schema),
    )
    words = item.name.replace("_", " ").replace("-", " ")
    return ServerTool(
        server=server,
        name=item.name,
        tool=Tool(spec, keywords=(words, title) if title else (words,)),
        read_only=bool(annotations and annotations.read_only_hint),
        title=title,
    )


def input_schema(schema: Mapping[str, Any] | None) -> dict[str, Any]:
    """A server's input schema as the store takes it: an object with ``properties``.

    Keys the store does not read (``title``, ``$schema``, ``additionalProperties``)
    pass through; ``$defs`` references are kept as the server wrote them.
    """
    body = dict(schema or {})
    body.setdefault("type", "object")
    if not isinstance(body.get("properties"), Mapping):
        body["properties"] = {}
    body.pop("$schema", None)
    return body


__all__ = [
    "MAX_NAME",
    "ServerTool",
    "Skipped",
    "input_schema",
    "namespace",
    "server_tool",
    "server_tools",
    "store_name",
]
