"""Whether code an agent wrote may run, or a tool it chose may be called: the user's say.

Running model-written code in the user's kernel is the user's decision. A
run has one :data:`CodePolicy`: ``auto`` runs it, ``never`` does not, and
``ask`` shows the code (the notebook panel's Run / Edit / Skip,
``%route answer run|skip``, ``run.approve``) and waits for the user. Where
nobody can answer (no panel open: nbclient, CI, a script), ``ask`` behaves as
``never`` and the answer says so. Code that is part of the package (the
offline analyst's read-only operations) does not ask: it runs under every
policy.

Tools from outside the kernel (an MCP server's) follow a :data:`ToolPolicy` of the
same three words: ``ask`` shows the server, the tool and its arguments with the same
Run / Edit / Skip (Edit changes the arguments), ``auto`` calls it, ``never`` does not.
A tool a server marks read-only may be called without asking, under ``ask``, when
the user has said they trust that server's marks (:attr:`ToolCall.trusted`).

Agents ask through :meth:`AgentContext.approve_code
<notebook_router.agents.base.AgentContext.approve_code>` and
:meth:`~notebook_router.agents.base.AgentContext.approve_tool`; the run decides.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, get_args

from notebook_router.errors import ConfigError

CodePolicy = Literal["ask", "auto", "never"]
"""What happens to code an agent wrote: ask the user, run it, or never run it."""

CODE_POLICIES: tuple[CodePolicy, ...] = get_args(CodePolicy)


@dataclass(frozen=True, slots=True)
class CodeApproval:
    """The decision on one piece of code.

    ``code`` is what to run: the agent's, or the user's edit of it. ``note``
    says why, in words the answer can carry ("the code policy is never").
    """

    run: bool
    code: str
    note: str
    edited: bool = False


ToolPolicy = Literal["ask", "auto", "never"]
"""What happens when an agent chose a tool from outside the kernel (an MCP server's):
ask the user, call it, or never call it."""

TOOL_POLICIES: tuple[ToolPolicy, ...] = get_args(ToolPolicy)


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A tool call an agent wants to make: where, which tool, with what.

    ``read_only``: the server marks the tool as changing nothing (its
    ``readOnlyHint``); ``trusted``: the user lets such tools run without asking
    under the ``ask`` policy (a server's marks are its own claim, so trusting them
    is the user's choice, per server).
    """

    server: str
    tool: str
    arguments: Mapping[str, Any] = field(default_factory=dict)
    read_only: bool = False
    trusted: bool = False

    @property
    def shown(self) -> str:
        """The arguments as the user sees and edits them: indented JSON."""
        return json.dumps(dict(self.arguments), indent=2, ensure_ascii=False, default=str)

    @property
    def purpose(self) -> str:
        """One line for the approval: which tool of which server."""
        marks = " (marked read-only by the server)" if self.read_only else ""
        return f"call the {self.tool} tool of the MCP server {self.server}{marks}"


@dataclass(frozen=True, slots=True)
class ToolApproval:
    """The decision on one tool call: whether to call, with which arguments, and why."""

    run: bool
    arguments: dict[str, Any]
    note: str
    edited: bool = False


class ApproveHook(Protocol):
    """``hook(code, purpose, tool=None)``: the run's decision on an agent's code, or on
    the tool call ``tool`` (shown as ``code``); see :class:`Approvals
    <notebook_router.planner.approvals.Approvals>`."""

    def __call__(
        self, code: str, purpose: str, *, tool: ToolCall | None = None
    ) -> Awaitable[CodeApproval]: ...


def check_code_policy(value: object, *, option: str = "code") -> CodePolicy:
    """``value`` as a :data:`CodePolicy`, or a :class:`ConfigError` naming the choices."""
    if isinstance(value, str):
        for policy in CODE_POLICIES:
            if policy == value.strip().lower():
                return policy
    raise ConfigError(
        f"{option} must be one of {', '.join(CODE_POLICIES)}, not {value!r}: "
        "'ask' shows agent-written code and waits for Run or Skip, 'auto' runs it, "
        "'never' only shows it."
    )


def check_tool_policy(value: object, *, option: str = "tools") -> ToolPolicy:
    """``value`` as a :data:`ToolPolicy`, or a :class:`ConfigError` naming the choices."""
    if isinstance(value, str):
        for policy in TOOL_POLICIES:
            if policy == value.strip().lower():
                return policy
    raise ConfigError(
        f"{option} must be one of {', '.join(TOOL_POLICIES)}, not {value!r}: 'ask' shows "
        "the server, the tool and its arguments and waits for Run or Skip, 'auto' calls "
        "it, 'never' calls no tool from outside the kernel."
    )


def tool_decision(call: ToolCall, decided: CodeApproval) -> ToolApproval:
    """The run's decision on ``call``, its arguments read back from what the user ran.

    An edit that is not a JSON object calls nothing: the note says what to fix.
    """
    if not decided.run or not decided.edited:
        return ToolApproval(decided.run, dict(call.arguments), decided.note, decided.edited)
    try:
        arguments = json.loads(decided.code)
    except json.JSONDecodeError as exc:
        arguments, problem = None, f"it is not JSON ({exc.msg}, line {exc.lineno})"
    else:
        problem = "" if isinstance(arguments, dict) else "it is not a JSON object"
    if not isinstance(arguments, dict):
        note = f"the tool was not called: your edit of its arguments could not be read: {problem}"
        return ToolApproval(False, dict(call.arguments), note, edited=True)
    return ToolApproval(True, arguments, decided.note, edited=True)


NO_RUN_TO_ASK = "the code was not run: the agent ran outside a router run, with nobody to ask"
"""The note when an agent is called with no run around it (a unit test, a direct call)."""

NO_RUN_TO_ASK_TOOL = (
    "the tool was not called: the agent ran outside a router run, with nobody to ask"
)


__all__ = [
    "CODE_POLICIES",
    "NO_RUN_TO_ASK",
    "NO_RUN_TO_ASK_TOOL",
    "TOOL_POLICIES",
    "ApproveHook",
    "CodeApproval",
    "CodePolicy",
    "ToolApproval",
    "ToolCall",
    "ToolPolicy",
    "check_code_policy",
    "check_tool_policy",
    "tool_decision",
]
