"""An MCP server as an agent: a task in, one of the server's tools chosen, asked for, called.

The planner sees one agent per server (``mcp.<server>``), described by the
server's instructions and capable of what its tools do, so a request reaches the
server whose tools fit it, by the same matching as any agent (and, with many
agents, by the same retrieval). The agent then routes the task to exactly one
of the server's tools with the tool router (:class:`~notebook_router.tools.ToolRouter`):
by rules offline, by the run's model otherwise (as native function declarations to
the providers that have them, OpenAI's and Gemini's; as a JSON decision to others),
over the server's tools only, or the most relevant of them when it has many. The
inputs are validated like any tool's; missing ones are asked for, never invented.

Then the run's tool policy decides (see :mod:`notebook_router.agents.approval`):
``ask`` shows the server, the tool and the arguments in the panel with Run / Edit /
Skip, ``auto`` calls, ``never`` does not. A call not made is a ``partial`` result
that says which tool would have been called, with what, and why it was not.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from notebook_router.agents.approval import ToolCall
from notebook_router.agents.base import AgentContext, BaseAgent, Capability, TaskRequest
from notebook_router.errors import MCPServerError
from notebook_router.mcp.results import source_of, tool_result
from notebook_router.mcp.tools import namespace
from notebook_router.providers.base import Completion, CompletionRequest, ModelClient
from notebook_router.result import AgentResult, Citation
from notebook_router.text.preview import clip
from notebook_router.text.secrets import redact
from notebook_router.tools.decision import ToolDecision
from notebook_router.tools.router import ToolRouter

if TYPE_CHECKING:
    from notebook_router.mcp.servers import MCPServers

AGENT_PREFIX = "mcp."
NATIVE_TOOLS = frozenset({"openai", "gemini"})
"""Providers whose wire format carries function declarations (OpenAI-compatible servers
included, recordings of them too); other models are asked for the JSON decision."""
TIMEOUT_MARGIN_S = 15.0
"""An agent's time limit is its server's call timeout plus this (routing, the approval wait
is not counted: the run pauses the limit while the user reads)."""


def agent_name(server: str) -> str:
    """The agent of ``server``.

    >>> agent_name("files")
    'mcp.files'
    """
    return f"{AGENT_PREFIX}{server}"


class MCPServerAgent(BaseAgent):
    """The tools of one MCP server, as one agent (see the module docstring)."""

    def __init__(self, servers: MCPServers, server: str) -> None:
        self.servers = servers
        self.server = server
        self.name = agent_name(server)
        self.timeout_s = servers.spec(server).timeout_s + TIMEOUT_MARGIN_S
        self._description: str | None = None
        self._capabilities: tuple[Capability, ...] | None = None

    @property
    def description(self) -> str:
        """The server's own instructions, then what its tools are called (or what was set)."""
        if self._description is not None:
            return self._description
        tools = self.servers.tools(self.server)
        about = self.servers.instructions(self.server)
        names = ", ".join(t.title or t.name.replace("_", " ") for t in tools[:12])
        more = f" and {len(tools) - 12} more" if len(tools) > 12 else ""
        lead = f"{about.rstrip('.')}. " if about else ""
        return clip(f"{lead}Calls the tools of the MCP server {self.server}: {names}{more}.", 400)

    @description.setter
    def description(self, value: str) -> None:
        self._description = value

    @property
    def capabilities(self) -> tuple[Capability, ...]:
        """One topic per tool: its title, or its name in words (or what was set)."""
        if self._capabilities is not None:
            return self._capabilities
        return tuple(
            Capability(topic=t.title or t.name.replace("_", " ").replace("-", " "), confidence=0.9)
            for t in self.servers.tools(self.server)
        )

    @capabilities.setter
    def capabilities(self, value: tuple[Capability, ...]) -> None:
        self._capabilities = value

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        """Choose one of the server's tools for ``task``, ask the tool policy, call it."""
        if not self.servers.tools(self.server):
            down = self.servers.error(self.server)
            why = f"it is not connected ({down})" if down else "it lists no tools"
            return AgentResult.unable(f"the MCP server {self.server} has no tool to call: {why}")
        decision = await self._choose(task.description, context)
        early = _not_called(self.server, decision)
        if early is not None:
            return early
        assert decision.tool is not None
        chosen = self.servers.find(decision.tool)
        call = ToolCall(
            server=self.server,
            tool=chosen.name,
            arguments=decision.inputs,
            read_only=chosen.read_only,
            trusted=self.servers.spec(self.server).trust_read_only,
        )
        context.trace("tool_call", f"{self.server}.{chosen.name} chosen", arguments=call.shown)
        approval = await context.approve_tool(call)
        if not approval.run:
            return _not_run(call, approval.note)
        arguments = approval.arguments
        if approval.edited:
            problem = self.servers.check(decision.tool, arguments)
            if problem:
                return _not_run(call, f"the tool was not called: your edit {problem}")
        try:
            result = await self.servers.call(self.server, chosen.name, arguments)
        except MCPServerError as exc:
            return AgentResult.failed(
                redact(str(exc)), citations=(_cited(self.server, chosen.name, arguments),)
            )
        context.trace("tool_call", f"{self.server}.{chosen.name} answered")
        return tool_result(self.server, chosen.name, arguments, result, note=approval.note)

    async def _choose(self, request: str, context: AgentContext) -> ToolDecision:
        """The tool router's decision over this server's tools (nothing runs)."""
        provider = _Accounted(context.model)
        router = ToolRouter(
            self.servers.store.scope(namespace(self.server)),
            model=provider,
            native_tools=context.model.provider.name in NATIVE_TOOLS,
        )
        return await router.achoose(request)


class _Accounted:
    """The run's model client as a provider: the tool router's calls count for this agent."""

    def __init__(self, client: ModelClient) -> None:
        self._client = client
        self.name = client.provider.name
        self.model = client.provider.model

    async def complete(self, request: CompletionRequest) -> Completion:
        return await self._client.complete(request)


def _not_called(server: str, decision: ToolDecision) -> AgentResult | None:
    """The result when the decision calls nothing: no tool fits, or inputs are missing."""
    if decision.tool is None:
        reason = decision.error or decision.reason or "none fits"
        return AgentResult.unable(
            f"no tool of the MCP server {server} fits this ({reason})",
            suggestions=tuple(decision.candidates[:3]),
        )
    if decision.missing:
        return AgentResult.needs_input(
            decision.message or f"{decision.tool} needs {', '.join(decision.missing)}"
        )
    return None


def _not_run(call: ToolCall, note: str) -> AgentResult:
    """A tool chosen and not called: which, with what, and why (a partial result)."""
    return AgentResult(
        status="partial",
        data={"server": call.server, "tool": call.tool, "arguments": dict(call.arguments)},
        summary=f"Chose the {call.tool} tool of MCP server {call.server} "
        f"with {json.dumps(dict(call.arguments), default=str)}; {note}.",
        citations=(_cited(call.server, call.tool, call.arguments),),
        confidence=0.3,
        error=note,
    )


def _cited(server: str, tool: str, arguments: Any) -> Citation:
    shown = json.dumps(dict(arguments), ensure_ascii=False, default=str, sort_keys=True)
    return Citation(
        source=f"MCP server {server}, tool {tool}",
        text=f"{source_of(server, tool)} {clip(redact(shown), 300)}",
    )


__all__ = ["AGENT_PREFIX", "MCPServerAgent", "agent_name"]
