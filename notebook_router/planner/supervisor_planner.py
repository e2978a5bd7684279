"""The supervisor planner: a model drives the supervisor's tools by native tool calling.

An alternative to the Decider's JSON decisions (``Router(planner="supervisor")``,
``%%route --planner supervisor``, ``--planner supervisor`` on the command line).
Each run holds one conversation with the model, offered four tools:
``retrieve_agents``, ``call_agent``, ``write_todos`` and ``reflect_on_progress``
(their JSON schemas come from the supervisor's pydantic input models).

* ``retrieve_agents``, ``write_todos`` and ``reflect_on_progress`` are answered
  here, in the process, and the model is asked again within the same decision
  (at most ``max_tool_rounds`` model calls per decision; then a
  :class:`~notebook_router.errors.PlannerError` the run retries with feedback).
* ``call_agent`` is not run here: the calls of one reply become the decision
  (one call: ``execute``, several: ``parallel``), so the tasks go through the
  run's executor and the panel, Stop, budgets, the critic and the store see them.
  The next decision answers those calls with the tasks' results: status,
  summary, and the critic's check.
* A reply without tool calls finishes (``complete``); while the critic still
  wants more from an agent, the first such reply is refused with a note.

The router turns its :class:`~notebook_router.verification.critic.RuleCritic` on for
this style when it has no critic, so every worker result is checked. Redirects
and the final answer are the JSON calls of
:class:`~notebook_router.planner.planner.ModelPlanner`. The offline model cannot
call tools: a router asked for this style with it raises a
:class:`~notebook_router.errors.ConfigError` (see :func:`notebook_router.wiring.resolve_planner`).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import ClassVar

from pydantic import ValidationError

from notebook_router.agents.registry import AgentRegistry
from notebook_router.errors import PlannerError, SupervisorToolError
from notebook_router.planner import prompts
from notebook_router.planner.decisions import Decision, RedirectDecision, Synthesis, TaskSpec
from notebook_router.planner.planner import ModelPlanner, PlannerCall
from notebook_router.planner.planner_view import ViewBuilder
from notebook_router.planner.prerouter import instant_reply_to
from notebook_router.planner.state import ACTIVE_STATUSES, OK_STATUSES, RunState, Task
from notebook_router.planner.task_ids import fresh_task_ids
from notebook_router.providers.base import CompletionRequest, Message, ToolCall
from notebook_router.supervisor.combos import AgentComboCache
from notebook_router.supervisor.models import CallAgentInput, CallAgentOutput
from notebook_router.supervisor.specs import tool_defs
from notebook_router.supervisor.tools import Supervisor
from notebook_router.text.preview import preview

MAX_TOOL_ROUNDS = 6
"""Model calls one decision may make answering tools in the process."""
HELD_CONVERSATIONS = 64
"""Conversations kept at once (one per running run); an evicted one is rebuilt from the state."""

SUPERVISE = """\
You are the supervisor of a router agent. You never do the work yourself: you hand tasks
to agents through tools and decide what to do after every result.
- retrieve_agents finds the agents that fit a request (the run state lists some of them).
- call_agent hands one task to one agent. Several call_agent calls in one reply run in
  parallel; each call's answer is the task's result (status, summary, data, and the
  critic's check in "critic").
- write_todos keeps your plan; reflect_on_progress takes stock of it.
Use only agent names from the run state or from retrieve_agents. A failed or unable task
may be tried once more with another agent. When the critic says "needs_more", call an
agent again for what is missing. When the goal is met, or nothing useful is left to try,
reply in one sentence without any tool call: the answer is written from the results.
"""


@dataclass(slots=True)
class _Conversation:
    """One run's exchange with the model, and the supervisor session behind its tools."""

    messages: list[Message]
    supervisor: Supervisor
    goal_version: int
    history_seen: int
    known: set[str]
    """Tasks the model has heard of: its own calls, and those the run state showed it."""
    outstanding: list[tuple[str, str]] = field(default_factory=list)
    """(tool call id, task id) of the ``call_agent`` calls not answered yet."""


class SupervisorPlanner:
    """A :class:`~notebook_router.planner.planner.Planner` that plans by native tool calls.

    >>> from notebook_router import Router
    >>> from notebook_router.providers.scripted import ScriptedProvider
    >>> type(Router(model=ScriptedProvider(), planner="supervisor").planner).__name__
    'SupervisorPlanner'
    """

    consult_after_each_result: ClassVar[bool] = True
    """The model decides after every result (its calls must be answered), not only on surprise."""
    plans_with_model: ClassVar[bool] = True
    """Its first decision is a model call worth caching (see ``ComboPlanner``)."""
    wants_critic: ClassVar[bool] = True
    """A router with no critic gives it a ``RuleCritic``: every result is checked."""

    def __init__(
        self,
        views: ViewBuilder | None = None,
        *,
        max_tool_rounds: int = MAX_TOOL_ROUNDS,
        retrieval_cache: AgentComboCache | None = None,
    ) -> None:
        self.json = ModelPlanner(views)
        """Writes redirects and the final answer (JSON calls)."""
        self.max_tool_rounds = max_tool_rounds
        self.retrieval_cache = retrieval_cache or AgentComboCache()
        """What ``retrieve_agents`` found for a kind of request (shared by the runs)."""
        self.tools = tool_defs()
        self._conversations: OrderedDict[str, _Conversation] = OrderedDict()

    async def decide(self, call: PlannerCall) -> Decision:
        state = call.state
        running = [t.id for t in state.plan.with_status("running")]
        if running:
            # Every call of the model's last reply must be answered before it is asked again.
            return Decision(action="wait", reason=f"waiting for {', '.join(running)}")
        if instant_reply_to(state, self.json.views.agent_cards(call.agents)) is not None:
            return Decision(action="complete", reason="instant reply: no model call needed")
        conv = self._conversation(call)
        question = _catch_up(conv, state, call.feedback)
        if question is not None:
            return Decision(
                action="clarify", question=question, reason="an agent needs the user's answer"
            )
        for _ in range(self.max_tool_rounds):
            completion = await call.model.complete(
                CompletionRequest(
                    messages=tuple(conv.messages),
                    tools=self.tools,
                    purpose="router.decide",
                    temperature=0.0,
                )
            )
            calls = completion.tool_calls
            conv.messages.append(
                Message(role="assistant", content=completion.text, tool_calls=calls)
            )
            if not calls:
                refusal = conv.supervisor.refuse_completion()
                if refusal:
                    conv.messages.append(Message(role="user", content=refusal))
                    continue
                reason = completion.text.strip() or "the supervisor finished"
                return Decision(action="complete", reason=preview(reason, 200))
            decision = await _answer_tools(conv, calls, state, call.agents, completion.text)
            if decision is not None:
                return decision
        conv.messages.append(
            Message(
                role="user",
                content=f"That was {self.max_tool_rounds} tool rounds without calling an "
                "agent or finishing: call call_agent now, or reply without tools to finish.",
            )
        )
        raise PlannerError(
            f"The supervisor made {self.max_tool_rounds} tool rounds in one decision without "
            "calling an agent or finishing; it was asked to call call_agent or finish."
        )

    async def redirect(self, call: PlannerCall, message: str) -> RedirectDecision:
        return await self.json.redirect(call, message)

    async def synthesise(self, call: PlannerCall) -> Synthesis:
        self._conversations.pop(call.state.run_id, None)  # the run is ending
        return await self.json.synthesise(call)

    def _conversation(self, call: PlannerCall) -> _Conversation:
        """The run's conversation; a new one for a new run or a new goal (restart, refine)."""
        state = call.state
        conv = self._conversations.get(state.run_id)
        if conv is not None and conv.goal_version == state.goal_version:
            self._conversations.move_to_end(state.run_id)
            return conv
        supervisor = Supervisor(call.agents, model=call.model.provider, cache=self.retrieval_cache)
        supervisor.begin_turn(state.goal, user_words=state.user_words())
        view = self.json.views.build(state, call.agents, iteration=call.iteration)
        conv = _Conversation(
            messages=[
                Message(role="system", content=SUPERVISE),
                # Media go once, with the request, not with every call.
                Message(
                    role="user",
                    content=prompts.render_view(view),
                    media=tuple(state.attachments),
                ),
            ],
            supervisor=supervisor,
            goal_version=state.goal_version,
            history_seen=len(state.history),
            # Finished tasks are in the view; those still to run are reported when they end.
            known={t.id for t in state.plan if t.status not in ACTIVE_STATUSES},
        )
        self._conversations[state.run_id] = conv
        while len(self._conversations) > HELD_CONVERSATIONS:
            self._conversations.popitem(last=False)
        return conv

    def __repr__(self) -> str:
        return f"SupervisorPlanner(max_tool_rounds={self.max_tool_rounds})"


def _catch_up(conv: _Conversation, state: RunState, feedback: str | None) -> str | None:
    """Tell the model what happened since its last reply; an agent's question, if any.

    ``feedback``: why the run refused the last decision, when it did.
    """
    question: str | None = None
    plan = state.plan.tasks
    for call_id, task_id in conv.outstanding:
        task = plan.get(task_id)
        if task is None:  # the run refused the decision whole
            content = _error(f"The call was not carried out: {feedback or 'the run refused it'}")
        else:
            output = _output(state, task)
            conv.supervisor.record_call(
                task.agent,
                task.description,
                task.status,
                verdict=output.critic,
                question=output.question,
            )
            question = question or output.question
            content = output.model_dump_json(exclude_defaults=True)
        conv.messages.append(Message(role="tool", content=content, tool_call_id=call_id))
    conv.known.update(task_id for _, task_id in conv.outstanding)
    conv.outstanding = []
    news = _others(conv, state) + _messages(conv, state)
    if news:
        conv.messages.append(Message(role="user", content="\n".join(news)))
    return question


def _others(conv: _Conversation, state: RunState) -> list[str]:
    """Lines on tasks that ran without the model's calls (a reused plan, a resumed run)."""
    ended = [t for t in state.plan if t.id not in conv.known and t.status not in ACTIVE_STATUSES]
    conv.known.update(t.id for t in ended)
    if not ended:
        return []
    lines = [_output(state, t).model_dump_json(exclude_defaults=True) for t in ended]
    return ["These tasks ran for the request without your calls:", *lines]


def _messages(conv: _Conversation, state: RunState) -> list[str]:
    """Lines on what the user said (answers, redirects) since the model last heard."""
    new = state.history[conv.history_seen :]
    conv.history_seen = len(state.history)
    if not new:
        return []
    return ["Since your last step:", *(f"- {h.role}: {h.content}" for h in new)]


async def _answer_tools(
    conv: _Conversation,
    calls: tuple[ToolCall, ...],
    state: RunState,
    agents: AgentRegistry,
    said: str,
) -> Decision | None:
    """Answer the tools this process runs; the ``call_agent`` calls as a decision, if any."""
    wanted: list[tuple[str, CallAgentInput]] = []
    for tool_call in calls:
        if tool_call.name == "call_agent":
            args, problem = _agent_call(tool_call, agents)
            if args is not None:
                wanted.append((tool_call.id, args))
                continue
            content = _error(problem)
        else:
            try:
                output = await conv.supervisor.call(tool_call.name, tool_call.arguments)
            except SupervisorToolError as exc:
                content = _error(str(exc))
            else:
                content = json.dumps(output, ensure_ascii=False)
        conv.messages.append(Message(role="tool", content=content, tool_call_id=tool_call.id))
    if not wanted:
        return None
    ids = fresh_task_ids(state.plan.tasks, len(wanted))
    conv.outstanding = [(c, task_id) for (c, _), task_id in zip(wanted, ids, strict=True)]
    run = [
        TaskSpec(id=task_id, description=args.task, agent=args.agent, checkpoint=True)
        for (_, args), task_id in zip(wanted, ids, strict=True)
    ]
    names = ", ".join(dict.fromkeys(args.agent for _, args in wanted))
    return Decision(
        action="execute" if len(run) == 1 else "parallel",
        run=run,
        reason=preview(said.strip() or f"the supervisor called {names}", 200),
    )


def _agent_call(call: ToolCall, agents: AgentRegistry) -> tuple[CallAgentInput | None, str]:
    """The checked arguments of a ``call_agent`` call, or why they cannot be used."""
    try:
        args = CallAgentInput.model_validate(call.arguments)
    except ValidationError as exc:
        return None, f"Invalid arguments for call_agent: {exc}"
    if args.agent in agents:
        return args, ""
    folded = {n.lower(): n for n in agents.all_names()}
    if args.agent.lower() in folded:
        return args.model_copy(update={"agent": folded[args.agent.lower()]}), ""
    return None, (
        f"There is no agent {args.agent!r}: use retrieve_agents to find one, "
        "or a name from the run state's agents."
    )


def _output(state: RunState, task: Task) -> CallAgentOutput:
    """A finished task as the answer to the ``call_agent`` call that started it."""
    result = state.results.get(task.id)
    ok = task.status in OK_STATUSES
    asks = task.status == "needs_user_input"
    data = result.data if result is not None and ok else None
    return CallAgentOutput(
        agent=task.agent,
        task_id=task.id,
        status=task.status,
        summary=(task.summary or "") if ok else "",
        data=None if data is None else preview(data, 1000),
        confidence=result.confidence if result is not None else 0.0,
        path=[task.agent],
        hops=len(state.delegations.get(task.id, ())),
        error=None if asks else (task.error or (task.note if not ok else None)),
        question=(task.error or "The agent needs more information.") if asks else None,
        critic=state.critiques.get(task.id),
    )


def _error(message: str) -> str:
    return json.dumps({"error": message}, ensure_ascii=False)
