"""How an MCP server is reached: a spec from a command line, a URL, or a config entry.

One server is a :class:`ServerSpec`, made by :func:`server_spec` from what people write:

* a command line, run as a subprocess speaking MCP over its stdin and stdout:
  ``"uvx mcp-server-sqlite --db-path sales.db"``;
* a Streamable HTTP URL: ``"http://127.0.0.1:8765/mcp"``;
* an entry of the common JSON config format, as desktop agents, editors and
  JupyterLab's AI extension write it::

      {"mcpServers": {
          "warehouse": {"command": "uvx", "args": ["warehouse-mcp"],
                        "env": {"WAREHOUSE_TOKEN": "${WAREHOUSE_TOKEN}"}},
          "files": {"url": "http://127.0.0.1:8765/mcp",
                    "headers": {"Authorization": "Bearer ${FILES_TOKEN}"}}}}

  (:func:`read_config` reads a whole file; VS Code's ``{"servers": {...}}`` too).

Secrets come from variables: ``${NAME}`` (also ``${env:NAME}`` and
``${NAME:-default}``) in a command, its arguments, ``env``, the URL or ``headers``
is replaced by the environment variable when the server is connected, never
before, and the spec keeps the ``${NAME}`` form. A spec's text (its ``repr``,
:meth:`ServerSpec.describe`, ``%route mcp list``) shows variables by name and
literal header and secret-looking environment values masked; the values found are
handed to :func:`notebook_router.text.secrets.remember`, so whatever echoes them (a
server's error message, a tool's result) is masked before it reaches an output,
the session database, a recording or a model.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shlex
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from notebook_router.errors import MCPConfigError
from notebook_router.text.secrets import remember

Transport = Literal["stdio", "http"]

SERVER_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,31}$")
"""A server's name: it names the agent (``mcp.NAME``), the tools' namespace
(``mcp/NAME``) and the tools themselves (``NAME.tool``)."""

CALL_TIMEOUT_S = 120.0
"""How long one tool call may take by default (a config entry's ``timeout``, in
seconds, changes it for that server)."""

CONNECT_TIMEOUT_S = 60.0
"""How long starting or reaching a server may take (``uvx`` may first download it)."""

_VARIABLE = re.compile(r"\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")
_SECRET_NAME = re.compile(r"(?i)key|token|secret|passw|auth|credential|cookie")
_TRANSPORTS = {
    "stdio": "stdio",
    "http": "http",
    "streamable-http": "http",
    "streamable_http": "http",
    "streamablehttp": "http",
}
MASK = "••••••"


@dataclass(frozen=True)
class ServerSpec:
    """One MCP server: how to start or reach it, and what it may do without asking.

    Exactly one of ``command`` (stdio) and ``url`` (Streamable HTTP) is set. ``env``
    and ``headers`` hold their values as written (``${NAME}`` forms unexpanded).
    ``trust_read_only``: under the ``ask`` tool policy, tools this server marks
    read-only are called without asking (the marks are the server's own claim, so
    this is the user's choice, server by server).
    """

    name: str
    command: str | None = None
    args: tuple[str, ...] = ()
    env: tuple[tuple[str, str], ...] = field(default=(), repr=False)
    cwd: str | None = None
    url: str | None = None
    headers: tuple[tuple[str, str], ...] = field(default=(), repr=False)
    trust_read_only: bool = False
    timeout_s: float = CALL_TIMEOUT_S

    def __post_init__(self) -> None:
        check_name(self.name)
        if (self.command is None) == (self.url is None):
            raise MCPConfigError(
                f"MCP server {self.name!r}: give either a command to start it (stdio) or a "
                "URL to reach it (Streamable HTTP), not both or neither."
            )
        if self.url is not None and not self.url.startswith(("http://", "https://", "${")):
            raise MCPConfigError(
                f"MCP server {self.name!r}: {self.url!r} is not an http:// or https:// URL."
            )
        if not self.timeout_s > 0:
            raise MCPConfigError(
                f"MCP server {self.name!r}: the timeout must be above 0 seconds, "
                f"not {self.timeout_s:g}."
            )

    @property
    def transport(self) -> Transport:
        """``stdio`` (a command) or ``http`` (a URL)."""
        return "stdio" if self.command is not None else "http"

    @property
    def target(self) -> str:
        """The command line or the URL, as written (variables unexpanded)."""
        if self.command is not None:
            return shlex.join([self.command, *self.args])
        assert self.url is not None
        return self.url

    def describe(self) -> str:
        """One line for a person: transport, target, then env and headers by name.

        >>> ServerSpec("files", url="http://127.0.0.1:8765/mcp",
        ...            headers=(("Authorization", "Bearer ${FILES_TOKEN}"),)).describe()
        'http http://127.0.0.1:8765/mcp · headers: Authorization=Bearer ${FILES_TOKEN}'
        """
        parts = [f"{self.transport} {_masked_target(self)}"]
        if self.env:
            parts.append("env: " + ", ".join(f"{k}={_shown(k, v)}" for k, v in self.env))
        if self.headers:
            parts.append("headers: " + ", ".join(f"{k}={_shown(k, v)}" for k, v in self.headers))
        if self.trust_read_only:
            parts.append("read-only tools run without asking")
        return " · ".join(parts)

    def resolved(self) -> Resolved:
        """The spec with every ``${NAME}`` replaced from the environment, now.

        Raises :class:`MCPConfigError` naming the variable that is not set. The
        values found are remembered as secrets (masked wherever text is shown).
        """
        found: list[str] = []
        expand = _expander(self.name, found)
        resolved = Resolved(
            command=expand(self.command, "its command") if self.command is not None else None,
            args=tuple(expand(a, "its arguments") for a in self.args),
            env={k: expand(v, f"its environment variable {k}") for k, v in self.env},
            cwd=expand(self.cwd, "its working folder") if self.cwd is not None else None,
            url=expand(self.url, "its URL") if self.url is not None else None,
            headers={k: expand(v, f"its header {k}") for k, v in self.headers},
        )
        for value in found:
            remember(value)
        # Literal credentials (written into the config, not taken from a variable).
        secret_env = [v for k, v in self.env if _SECRET_NAME.search(k)]
        for value in (*(v for _, v in self.headers), *secret_env):
            if not _VARIABLE.search(value):
                remember(value.removeprefix("Bearer ").strip())
        return resolved


@dataclass(frozen=True)
class Resolved:
    """A spec's values with the variables filled in: what connecting uses, never shown."""

    command: str | None
    args: tuple[str, ...]
    env: dict[str, str] = field(repr=False)
    cwd: str | None
    url: str | None = field(repr=False)
    headers: dict[str, str] = field(repr=False)


ServerLike = str | Mapping[str, Any] | ServerSpec


def server_spec(name: str, value: ServerLike, *, trust_read_only: bool | None = None) -> ServerSpec:
    """The spec of server ``name`` from a command line, a URL or a config entry.

    >>> server_spec("units", "uvx units-mcp --precise").args
    ('--precise',)
    >>> server_spec("files", {"url": "http://127.0.0.1:8765/mcp"}).transport
    'http'
    """
    check_name(name)
    if isinstance(value, ServerSpec):
        spec = value if value.name == name else dataclasses.replace(value, name=name)
    elif isinstance(value, str):
        spec = _from_text(name, value)
    elif isinstance(value, Mapping):
        spec = _from_entry(name, value)
    else:
        raise MCPConfigError(
            f"MCP server {name!r}: give a command line, a URL or a config entry (a dict with "
            f"'command' or 'url'), not {type(value).__name__}."
        )
    if trust_read_only is not None and trust_read_only != spec.trust_read_only:
        spec = dataclasses.replace(spec, trust_read_only=trust_read_only)
    return spec


def server_specs(servers: Mapping[str, ServerLike] | Iterable[ServerSpec]) -> list[ServerSpec]:
    """Specs from ``{name: command | URL | entry}`` or from specs; disabled entries skipped."""
    if isinstance(servers, Mapping):
        return [
            server_spec(name, value)
            for name, value in servers.items()
            if not (isinstance(value, Mapping) and value.get("disabled") is True)
        ]
    specs = list(servers)
    for spec in specs:
        if not isinstance(spec, ServerSpec):
            raise MCPConfigError(
                "Give MCP servers as {name: command | URL | entry}, or as ServerSpec objects."
            )
    return specs


def read_config(source: str | Path | Mapping[str, Any]) -> list[ServerSpec]:
    """The servers of a JSON config (a file's path, or the parsed JSON).

    Reads ``{"mcpServers": {NAME: ENTRY, ...}}`` (desktop agents, editors,
    JupyterLab's AI extension) and ``{"servers": {...}}`` (VS Code). An entry has
    ``command`` with ``args``, ``env`` and ``cwd``; or ``url`` (``serverUrl`` too)
    with ``headers``; optionally ``type`` (``stdio``, ``http``, ``streamable-http``),
    ``disabled``, ``timeout`` (seconds a tool call may take) and ``trustReadOnly``.
    """
    where = "the config"
    if isinstance(source, Mapping):
        data: Any = source
    else:
        path = Path(source).expanduser()
        where = str(source)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise MCPConfigError(
                f"No MCP config file at {source} (looked in {Path.cwd()})."
            ) from None
        except OSError as exc:
            raise MCPConfigError(f"Cannot read the MCP config {source}: {exc.strerror}.") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MCPConfigError(
                f"{source} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})."
            ) from None
    servers = data.get("mcpServers", data.get("servers")) if isinstance(data, Mapping) else None
    if not isinstance(servers, Mapping):
        raise MCPConfigError(
            f'{where} has no "mcpServers" object: write {{"mcpServers": {{"NAME": '
            '{"command": "...", "args": [...]}}}} (or "url" for a server over HTTP).'
        )
    return server_specs(servers)


def check_name(name: str) -> str:
    """``name`` if it can name a server, else an :class:`MCPConfigError` that says why."""
    if not isinstance(name, str) or not SERVER_NAME.match(name):
        raise MCPConfigError(
            f"{name!r} cannot name an MCP server: start with a letter and use letters, "
            "digits, '_' or '-' (at most 32), e.g. 'warehouse'. The name prefixes its tools "
            "(warehouse.query) and names its agent (mcp.warehouse)."
        )
    return name


def _from_text(name: str, text: str) -> ServerSpec:
    text = text.strip()
    if not text:
        raise MCPConfigError(f"MCP server {name!r}: the command or URL is empty.")
    if text.startswith(("http://", "https://")):
        return ServerSpec(name, url=text)
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise MCPConfigError(
            f"MCP server {name!r}: cannot read the command line ({exc})."
        ) from None
    return ServerSpec(name, command=words[0], args=tuple(words[1:]))


def _from_entry(name: str, entry: Mapping[str, Any]) -> ServerSpec:
    kind = str(entry.get("type") or entry.get("transport") or "").strip().lower()
    if kind == "sse":
        raise MCPConfigError(
            f"MCP server {name!r} uses the old SSE transport, which is not supported: use "
            "its Streamable HTTP endpoint (usually the same address ending in /mcp)."
        )
    if kind and kind not in _TRANSPORTS:
        raise MCPConfigError(
            f"MCP server {name!r}: unknown transport type {kind!r}; use stdio or http."
        )
    url = entry.get("url", entry.get("serverUrl"))
    command = entry.get("command")
    args = entry.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, str | int | float) for a in args):
        raise MCPConfigError(f"MCP server {name!r}: 'args' must be a list of strings.")
    timeout = entry.get("timeout", CALL_TIMEOUT_S)
    if not isinstance(timeout, int | float) or isinstance(timeout, bool):
        raise MCPConfigError(f"MCP server {name!r}: 'timeout' must be a number of seconds.")
    return ServerSpec(
        name,
        command=str(command) if command is not None else None,
        args=tuple(str(a) for a in args),
        env=_pairs(name, "env", entry.get("env")),
        cwd=str(entry["cwd"]) if entry.get("cwd") else None,
        url=str(url) if url is not None else None,
        headers=_pairs(name, "headers", entry.get("headers")),
        trust_read_only=entry.get("trustReadOnly") is True,
        timeout_s=float(timeout),
    )


def _pairs(name: str, key: str, value: Any) -> tuple[tuple[str, str], ...]:
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        raise MCPConfigError(f"MCP server {name!r}: {key!r} must map names to strings.")
    return tuple((str(k), str(v)) for k, v in value.items())


def _expander(server: str, found: list[str]) -> Any:
    def expand(text: str, where: str) -> str:
        def value(match: re.Match[str]) -> str:
            variable, default = match[1], match[2]
            got = os.environ.get(variable)
            if got is None or (got == "" and default is not None):
                if default is None:
                    raise MCPConfigError(
                        f"MCP server {server!r}: {where} uses ${{{variable}}}, which is not "
                        f"set. Set the environment variable {variable} (in a notebook: "
                        f"os.environ[{variable!r}] = ..., or before starting Jupyter) and "
                        "connect again."
                    )
                return default
            found.append(got)
            return got

        return _VARIABLE.sub(value, text)

    return expand


def _shown(key: str, value: str) -> str:
    """A value as shown: variables by name; literal credentials masked."""
    if _VARIABLE.search(value):
        return value
    if _SECRET_NAME.search(key) or key.lower() == "authorization":
        return MASK
    return value


def _masked_target(spec: ServerSpec) -> str:
    """The target with a URL's user and password masked (``https://user:pw@host``)."""
    if spec.url is None:
        return spec.target
    return re.sub(r"(?<=://)[^/@]+@", f"{MASK}@", spec.url)


__all__ = [
    "CALL_TIMEOUT_S",
    "CONNECT_TIMEOUT_S",
    "SERVER_NAME",
    "Resolved",
    "ServerLike",
    "ServerSpec",
    "Transport",
    "check_name",
    "read_config",
    "server_spec",
    "server_specs",
]
