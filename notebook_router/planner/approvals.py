"""A run's decisions on agent-written code and on calls of outside tools: the code and
tool policies, and the user's Run or Skip.

:class:`Approvals` is owned by its :class:`~notebook_router.planner.run.Run`
and lives on the run's loop thread. An agent asks through its context
(:meth:`AgentContext.approve_code <notebook_router.agents.base.AgentContext.approve_code>`);
under ``ask`` the code is published (the panel shows it with Run / Edit /
Skip) and only that agent waits: the rest of the run goes on, Stop cancels
the wait like any other work, and the agent's timeout is paused while the
user reads. Like everything in a run, it changes state only through events.

A call of an MCP server's tool is asked about the same way under the tool policy: the
event's ``about`` is ``"tool"``, its ``code`` the arguments as JSON (what Edit edits).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Literal

from notebook_router.agents.approval import CodeApproval, CodePolicy, ToolCall, ToolPolicy
from notebook_router.errors import ConfigError, NoPendingApprovalError
from notebook_router.planner import events as ev
from notebook_router.planner.decisions import Synthesis
from notebook_router.planner.eventlog import EventLog
from notebook_router.planner.state import RunState
from notebook_router.text.secrets import redact

Decision = Literal["run", "skip"]
DECISIONS: tuple[Decision, ...] = ("run", "skip")


def check_decision(value: object) -> Decision:
    """``value`` as a :data:`Decision`, or a :class:`ConfigError` saying what it may be."""
    for decision in DECISIONS:
        if value == decision:
            return decision
    raise ConfigError(f"A code approval is 'run' or 'skip', not {value!r}.")


AUTO_NOTE = "the code policy is auto: agent-written code runs without asking"
_HOW = (
    "%%route --code auto or %route code auto in a notebook, --code auto on the command line, "
    "Router(code='auto') in Python"
)
NEVER_NOTE = "the code was not run: the code policy is never"
NOBODY_NOTE = (
    "the code was not run: the code policy is ask, and no panel is open to ask in "
    "(a notebook run by nbclient or in CI, a script, a terminal that is not interactive)"
)
HOW_TO_RUN = {
    NEVER_NOTE: f"To run agent-written code: {_HOW}; or code ask, to approve each piece.",
    NOBODY_NOTE: f"To run agent-written code unattended: {_HOW}.",
}
"""What a run whose code the policy held back adds to its answer, once (each task's
line says only that its code did not run, and why)."""
KEY_NOTE = (
    "the code was not run: it holds an API key written out (shown as [redacted]); code "
    "that needs a key reads it from the environment (os.environ), so no key is in its text"
)
SKIPPED_NOTE = "the code was not run: you chose Skip"
RUN_NOTE = "you approved the code"
EDITED_NOTE = "you edited the code, then ran it"

_TOOL_HOW = (
    "%%route --tools auto or %route tools auto in a notebook, --tools auto on the command "
    "line, Router(tool_policy='auto') in Python"
)
TOOL_NOTES = {
    "auto": "the tool policy is auto: the tool was called without asking",
    "never": (
        "the tool was not called: the tool policy is never (to call tools from MCP servers: "
        f"{_TOOL_HOW}; or tools ask, to approve each call)"
    ),
    "nobody": (
        "the tool was not called: the tool policy is ask, and no panel is open to ask in "
        "(a notebook run by nbclient or in CI, a script, a terminal that is not interactive); "
        f"to call tools unattended: {_TOOL_HOW}"
    ),
    "key": (
        "the tool was not called: its arguments hold an API key written out (shown as "
        "[redacted]); a key never leaves for another server in a tool's arguments"
    ),
    "read_only": (
        "called without asking: the server marks the tool read-only, and you trust this "
        "server's marks"
    ),
    "skip": "the tool was not called: you chose Skip",
    "run": "you approved the call",
    "edited": "you edited the arguments, then called the tool",
}
"""Notes on tool calls, in the words the answer carries, by what decided the call."""

POLL_S = 0.05
"""How often a fresh ``ask`` looks again for a panel that may be about to show."""


class Approvals:
    """Decides, for each piece of agent-written code, whether it runs."""

    def __init__(
        self,
        state: RunState,
        events: EventLog,
        policy: CodePolicy,
        *,
        answerable: Callable[[], bool],
        grace_s: float,
        tools: ToolPolicy = "ask",
    ) -> None:
        """``answerable()`` says whether someone can answer now (a panel is open);
        until ``grace_s`` after the run began, a request waits for one to show.
        ``tools`` is the run's tool policy (calls of MCP servers' tools)."""
        self.state = state
        self.events = events
        self.policy: CodePolicy = policy
        self.tools: ToolPolicy = tools
        self._answerable = answerable
        self._grace_s = grace_s
        self._waiting: dict[str, tuple[asyncio.Future[CodeApproval], str]] = {}
        """Per approval id: its decision to come, and the agent's code, byte for byte
        what the event and the panel show (code holding a key is never asked about)."""
        self._asked: dict[str, int] = {}
        self._since = time.monotonic()
        self.held_back: str | None = None
        """Why the policy kept code from running in this run (a note of :data:`HOW_TO_RUN`)."""

    def asks(self, tool: ToolCall | None = None) -> bool:
        """Whether a request (of code, or of the tool call ``tool``) may wait for the user."""
        return (self.tools if tool is not None else self.policy) == "ask"

    async def request(
        self, task_id: str, agent: str, code: str, purpose: str, *, tool: ToolCall | None = None
    ) -> CodeApproval:
        """The decision on ``code``, written by ``agent`` for task ``task_id``; with
        ``tool``, on that tool call (``code`` is its arguments as JSON).

        Code holding a key never runs, whatever the policy: shown masked, it would
        not be the code that runs, and a key in code ends up in outputs and files.
        A tool call whose arguments hold a key is not made, for the same reasons.
        """
        if tool is not None:
            early = self._tool_rule(tool, code)
            if early is not None:
                return early
            if not await self._someone_can_answer():
                return CodeApproval(run=False, code=code, note=TOOL_NOTES["nobody"])
            return await self._ask(task_id, agent, code, purpose, kind="tool")
        if redact(code) != code:
            return CodeApproval(run=False, code=redact(code), note=KEY_NOTE)
        if self.policy == "auto":
            return CodeApproval(run=True, code=code, note=AUTO_NOTE)
        if self.policy == "never":
            return self._held_back(code, NEVER_NOTE)
        if not await self._someone_can_answer():
            return self._held_back(code, NOBODY_NOTE)
        return await self._ask(task_id, agent, code, purpose, kind="code")

    def _tool_rule(self, tool: ToolCall, shown: str) -> CodeApproval | None:
        """The decision the tool policy makes without asking, or None to ask."""
        if redact(shown) != shown:
            return CodeApproval(run=False, code=redact(shown), note=TOOL_NOTES["key"])
        if self.tools == "auto":
            return CodeApproval(run=True, code=shown, note=TOOL_NOTES["auto"])
        if self.tools == "never":
            return CodeApproval(run=False, code=shown, note=TOOL_NOTES["never"])
        if tool.read_only and tool.trusted:
            return CodeApproval(run=True, code=shown, note=TOOL_NOTES["read_only"])
        return None

    async def _ask(
        self, task_id: str, agent: str, code: str, purpose: str, *, kind: str
    ) -> CodeApproval:
        """Publish the request and wait for the user's Run or Skip."""
        n = self._asked[task_id] = self._asked.get(task_id, 0) + 1
        approval_id = f"{task_id}#{n}"
        decided: asyncio.Future[CodeApproval] = asyncio.get_running_loop().create_future()
        self._waiting[approval_id] = (decided, code)
        self.events.publish(
            ev.CodeApprovalRequested(
                id=approval_id,
                task_id=task_id,
                agent=agent,
                code=code,  # as it will run: it holds no key (refused above)
                purpose=redact(purpose),
                about=kind,
            )
        )
        try:
            return await decided
        finally:
            # Cancelled (Stop, a timeout): the reducer forgets the approval with its task.
            self._waiting.pop(approval_id, None)

    def _held_back(self, code: str, note: str) -> CodeApproval:
        self.held_back = self.held_back or note
        return CodeApproval(run=False, code=code, note=note)

    def with_how_to_run(self, synthesis: Synthesis) -> Synthesis:
        """``synthesis`` saying, once, how to have code run, when the policy held some back."""
        if self.held_back is None:
            return synthesis
        how = HOW_TO_RUN[self.held_back]
        if how in synthesis.answer:
            return synthesis
        answer = f"{synthesis.answer.rstrip()}\n\n{how}" if synthesis.answer.strip() else how
        return synthesis.model_copy(update={"answer": answer})

    def give(
        self, decision: Decision, approval: str | None = None, code: str | None = None
    ) -> None:
        """The user's Run or Skip for ``approval`` (the oldest waiting when None); loop thread.

        ``code``: the user's edit, run instead of the agent's. Raises
        :class:`NoPendingApprovalError` when nothing with that id waits. (``Run.approve``
        has checked ``decision`` already, on the caller's thread.)

        What runs is exactly what the user saw (the code was shown as it is), or
        exactly what they typed.
        """
        key = approval if approval is not None else next(iter(self._waiting), None)
        waiting = self._waiting.get(key) if key is not None else None
        pending = self.state.approvals.get(key) if key is not None else None
        if key is None or waiting is None or waiting[0].done() or pending is None:
            raise NoPendingApprovalError(self.state.run_id, approval, self._waiting)
        decided, written = waiting
        edited = code is not None and code.strip() != written.strip()
        run = decision == "run"
        if pending.about == "tool":
            note = TOOL_NOTES[("edited" if edited else "run") if run else "skip"]
        else:
            note = (EDITED_NOTE if edited else RUN_NOTE) if run else SKIPPED_NOTE
        self.events.publish(
            ev.CodeApprovalGiven(
                id=key, task_id=pending.task_id, decision=decision, edited=edited, note=note
            )
        )
        final = code if edited and code is not None else written
        decided.set_result(CodeApproval(run=run, code=final, note=note, edited=edited))

    async def _someone_can_answer(self) -> bool:
        """Whether anyone can answer; a panel shown a moment ago may not have said so yet."""
        while not self._answerable():
            if time.monotonic() - self._since >= self._grace_s:
                return False
            await asyncio.sleep(POLL_S)
        return True
