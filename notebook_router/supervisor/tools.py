"""The supervisor's four tools, for planners driven by an LLM.

A :class:`Supervisor` is one session: it keeps the plan across turns, the
agents called recently and a route hint, and gives a model four tools with
pydantic inputs and outputs (JSON schemas from :meth:`Supervisor.tool_specs`):

* ``retrieve_agents``: which agents (anywhere in the trees) fit a request;
  repeated kinds of request come from the agent-combination cache.
* ``call_agent``: run one agent on a task; an agent with children delegates
  through its tree with every guard. The critic checks each result, and a
  ``needs_more`` verdict keeps the plan open.
* ``write_todos``: write the plan; ``plan_complete`` ends it, and the next
  turn starts a fresh one.
* ``reflect_on_progress``: what is done, what is missing, what next.

>>> import asyncio
>>> from notebook_router.examples.travel import AGENTS
>>> sup = Supervisor(AGENTS)
>>> sup.begin_turn("Find a good restaurant in Rome")
>>> asyncio.run(sup.call("retrieve_agents", {"query": "restaurant in Rome"}))["agents"][0]["name"]
'restaurants'
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from notebook_router.agents.base import NO_INPUTS, Agent, AgentContext, TaskRequest
from notebook_router.agents.breaker import CircuitBreaker, CircuitState
from notebook_router.agents.delegation import DelegationRequest, DelegationResponse
from notebook_router.agents.delegator import Delegator
from notebook_router.agents.registry import AgentLike, AgentRegistry
from notebook_router.context.shared import SharedContext
from notebook_router.errors import AgentNotFoundError, SupervisorToolError
from notebook_router.providers.base import ModelClient, Provider
from notebook_router.providers.registry import resolve_model
from notebook_router.result import AgentResult
from notebook_router.supervisor.combos import AgentComboCache
from notebook_router.supervisor.models import (
    AgentOption,
    CallAgentInput,
    CallAgentOutput,
    ReflectInput,
    ReflectOutput,
    RetrieveAgentsInput,
    RetrieveAgentsOutput,
    SupervisorStep,
    ToolSpec,
    WriteTodosInput,
    WriteTodosOutput,
)
from notebook_router.supervisor.specs import INPUTS, tool_specs
from notebook_router.supervisor.todos import PlanBook, Todo
from notebook_router.text.preview import preview
from notebook_router.usage import ZERO_USAGE, Usage
from notebook_router.verification.critic import Critic, CriticVerdict, RuleCritic


class Supervisor:
    """One supervisor session over a set of agents (trees included)."""

    def __init__(
        self,
        agents: AgentRegistry | Iterable[AgentLike],
        *,
        model: str | Provider | None = None,
        cache: AgentComboCache | None = None,
        critic: Critic | None = None,
        breaker: CircuitBreaker | None = None,
        hop_timeout_s: float | None = None,
        agent_timeout_s: float | None = 300.0,
        max_hops: int = 8,
        on_step: Callable[[SupervisorStep], None] | None = None,
    ) -> None:
        self.agents = agents if isinstance(agents, AgentRegistry) else AgentRegistry(agents)
        self.provider = resolve_model(model)
        self.cache = cache or AgentComboCache()
        self.critic: Critic = critic or RuleCritic()
        self.breaker = breaker or CircuitBreaker()
        self.agent_timeout_s = agent_timeout_s
        self.max_hops = max_hops
        self.plan = PlanBook()
        self.session_id = uuid.uuid4().hex[:12]
        self.shared = SharedContext()
        self.route_hint = ""
        self.turn = 0
        self.goal = ""
        self.user_words = ""
        self.recent_agent_calls: deque[str] = deque(maxlen=3)
        self.needs_more: dict[str, str] = {}
        """Agent → what the critic still wants from it."""
        self._refused: set[str] = set()
        self.steps: list[SupervisorStep] = []
        self.usage: Usage = ZERO_USAGE
        self._on_step = on_step
        self._hop_lines: list[str] = []
        self._delegator = Delegator(
            breaker=self.breaker, observer=_TraceObserver(self), hop_timeout_s=hop_timeout_s
        )

    # -------------------------------------------------------------- session

    def begin_turn(
        self, message: str, route_hint: str = "", *, user_words: str | None = None
    ) -> None:
        """Start a turn with the user's ``message`` (a completed plan gives way to a new one).

        ``user_words``: what the user said, when ``message`` is a goal reworded from it
        (the agents' tasks may do only what these words ask; see
        :attr:`~notebook_router.agents.base.TaskRequest.user_words`).
        """
        self.turn += 1
        self.goal = message
        self.user_words = message if user_words is None else user_words
        self.route_hint = route_hint or self.route_hint
        self.plan.begin_turn()

    def tool_specs(self) -> list[ToolSpec]:
        """The four tools with their JSON schemas, ready for a model's tool list."""
        return tool_specs()

    async def call(self, name: str, arguments: dict[str, Any] | str) -> dict[str, Any]:
        """Run the tool ``name`` with a model's ``arguments`` (a dict or JSON text).

        Returns the tool's output as JSON-ready data. Unknown tools and invalid
        arguments raise :class:`SupervisorToolError` with a message meant to
        go back to the model.
        """
        schema = INPUTS.get(name)
        if schema is None:
            raise SupervisorToolError(f"There is no tool {name!r}. Tools: {', '.join(INPUTS)}.")
        try:
            raw = json.loads(arguments) if isinstance(arguments, str) else arguments
            args = schema.model_validate(raw)
        except (ValidationError, json.JSONDecodeError) as exc:
            raise SupervisorToolError(f"Invalid arguments for {name}: {exc}") from None
        output: BaseModel
        if isinstance(args, RetrieveAgentsInput):
            output = self.retrieve_agents(args.query, k=args.k)
        elif isinstance(args, CallAgentInput):
            output = await self.call_agent(args.agent, args.task)
        elif isinstance(args, WriteTodosInput):
            output = self.write_todos(args.todos, plan_complete=args.plan_complete)
        else:
            assert isinstance(args, ReflectInput)
            output = self.reflect_on_progress(args.done, args.missing, args.next_step)
        dumped: dict[str, Any] = output.model_dump(mode="json")
        return dumped

    # ---------------------------------------------------------------- tools

    def retrieve_agents(self, query: str, *, k: int = 3) -> RetrieveAgentsOutput:
        """The agents that fit ``query``, best first (cached by kind of request)."""
        tree = self.agents.tree()
        recent = list(self.recent_agent_calls)
        fingerprint = tree.fingerprint()
        entry = self.cache.lookup(self.route_hint, recent, query, fingerprint=fingerprint)
        cached = entry is not None
        if entry is not None:
            picks = list(zip(entry.agents, entry.scores or (1.0,) * len(entry.agents), strict=True))
        else:
            ranked = tree.route(query)[:k]
            picks = [(r.name, r.score) for r in ranked]
            if picks:
                self.cache.store(
                    self.route_hint,
                    recent,
                    query,
                    [p[0] for p in picks],
                    scores=[p[1] for p in picks],
                    fingerprint=fingerprint,
                )
        options = []
        for name, score in picks[:k]:
            member = tree.find(name)
            if member is None:
                continue
            options.append(
                AgentOption(
                    name=name,
                    path=list(member.path),
                    depth=member.depth,
                    score=round(score, 3),
                    description=member.agent.description,
                    topics=[c.topic for c in member.agent.capabilities],
                )
            )
        listing = ", ".join(f"{o.name} ({o.score:.2f})" for o in options) or "no agent fits"
        self._step("retrieve_agents", f"{query!r} → {listing}" + (" [cached]" if cached else ""))
        return RetrieveAgentsOutput(agents=options, cached=cached)

    async def call_agent(self, agent: str, task: str) -> CallAgentOutput:
        """Run ``agent`` on ``task`` (through its tree), then let the critic check the result."""
        try:
            target = self.agents.get(agent)
        except AgentNotFoundError as exc:
            raise SupervisorToolError(str(exc)) from None
        self._hop_lines = []
        response = await self._deliver(target, task)
        verdict: CriticVerdict | None = None
        if response.ok:
            verdict = await self.critic.review(task, target.name, response.to_result())
        self.record_call(
            target.name,
            task,
            response.status,
            path=response.path if response.hops else (),
            verdict=verdict,
            question=response.question,
        )
        return CallAgentOutput(
            agent=target.name,
            status=response.status,
            summary=(response.summary or preview(response.data, 300)) if response.ok else "",
            data=_json_safe(response.data),
            confidence=response.confidence,
            path=list(response.path),
            hops=response.hops,
            error=response.error,
            question=response.question,
            trace=list(self._hop_lines),
            critic=verdict,
        )

    def record_call(
        self,
        agent: str,
        task: str,
        status: str,
        *,
        path: Sequence[str] = (),
        verdict: CriticVerdict | None = None,
        question: str | None = None,
    ) -> None:
        """Book an agent call that ended with ``status`` (and the critic's ``verdict``).

        :meth:`call_agent` books its own calls; a planner that runs the calls
        elsewhere (through a run's executor) books them here, so the plan, the
        critic's open wishes and the recent calls stay as if this session made them.
        """
        self.recent_agent_calls.append(agent)
        self._step(
            "call_agent",
            f"{agent}: {task!r} → {status}" + (f" via {' → '.join(path)}" if path else ""),
            {"status": status, "path": list(path or (agent,))},
        )
        if verdict is not None and status in ("fulfilled", "partial"):
            self._after_critic(agent, verdict)
        elif status == "needs_user_input":
            self.plan.mark_agent(agent, ok=False, note=f"asks the user: {question}")

    def refuse_completion(self) -> str:
        """Why finishing now is refused (once per agent the critic wants more from), or "".

        The same rule as ``write_todos(plan_complete=True)``: the first attempt
        to finish while the critic still wants more is refused with a note that
        says what is missing; a second attempt finishes anyway.
        """
        wanting = {a: n for a, n in self.needs_more.items() if a not in self._refused}
        if not wanting:
            return ""
        self._refused |= set(wanting)
        listing = "; ".join(f"{a}: {n}" for a, n in wanting.items())
        self._step("reflect", f"finishing refused once: the critic wants more ({listing})")
        return (
            f"Not finished yet: the critic still wants more ({listing}). Call the agent again "
            "(or another one) for what is missing; reply without tools again to finish anyway."
        )

    def write_todos(
        self, todos: Iterable[Todo], *, plan_complete: bool = False
    ) -> WriteTodosOutput:
        """Replace the plan.

        While the critic still wants more from an agent, ``plan_complete`` is
        refused once (the plan stays open and the note says why); asking
        again completes it anyway, so a model is never stuck.
        """
        items = list(todos)
        note = ""
        wanting = {a: n for a, n in self.needs_more.items() if not _closed(a, items)}
        if plan_complete and wanting:
            blocked = {a for a in wanting if a not in self._refused}
            listing = "; ".join(f"{a}: {wanting[a]}" for a in wanting)
            if blocked:
                plan_complete = False
                self._refused |= blocked
                note = (
                    f"The plan stays open: the critic still wants more ({listing}). Call the "
                    "agent again, or cancel its step; ask again to complete anyway."
                )
            else:
                note = f"Completed although the critic wanted more ({listing})."
        fresh = self.plan.write(items, plan_complete)
        if plan_complete:
            self.needs_more.clear()
            self._refused.clear()
        done = sum(1 for t in self.plan.todos if t.status == "done")
        self._step(
            "write_todos",
            f"{'new plan' if fresh else 'plan'}: {done}/{len(self.plan.todos)} done"
            + (", complete" if self.plan.plan_complete else "")
            + (f" ({note})" if note else ""),
        )
        return WriteTodosOutput(
            todos=list(self.plan.todos),
            plan_complete=self.plan.plan_complete,
            fresh_plan=fresh,
            note=note,
        )

    def reflect_on_progress(
        self, done: str = "", missing: str = "", next_step: str = ""
    ) -> ReflectOutput:
        """Record a reflection; returns the open steps and what the critic still wants."""
        open_todos = [f"{t.id}: {t.content}" for t in self.plan.open_todos()]
        wanting = [f"{a}: {n}" for a, n in self.needs_more.items()]
        if wanting:
            suggestion = f"Call the agent again (or another one) for what is missing: {wanting[0]}"
        elif open_todos:
            suggestion = f"Continue with {open_todos[0]}"
        else:
            suggestion = "Everything planned is done: write_todos with plan_complete=true."
        parts = [("done", done), ("missing", missing), ("next", next_step)]
        note = " | ".join(f"{label}: {text}" for label, text in parts if text) or "(no notes)"
        self._step("reflect", note, {"open": open_todos, "needs_more": wanting})
        return ReflectOutput(
            note=note, open_todos=open_todos, needs_more=wanting, suggestion=suggestion
        )

    # ------------------------------------------------------------- internals

    async def _deliver(self, agent: Agent, task: str) -> DelegationResponse:
        request = DelegationRequest(
            id=f"s{self.turn}.{len(self.steps) + 1}",
            task_id=f"turn{self.turn}",
            task=task,
            goal=self.goal or task,
            path=(agent.name,),
            max_hops=self.max_hops,
        )

        async def invoke(member: Agent, hop: DelegationRequest) -> Any:
            sub = TaskRequest(
                id=hop.id,
                description=hop.task,
                goal=hop.goal,
                agent=member.name,
                user_words=self.user_words,
            )
            context = AgentContext(
                run_id=self.session_id,
                goal=hop.goal,
                task=sub,
                inputs=NO_INPUTS,
                shared=self.shared,
                model=ModelClient(self.provider, self._add_usage, member.name),
                _trace=None,
            )
            value = await member.run(sub, context)
            if isinstance(value, AgentResult) and value.usage:
                self._add_usage(value.usage, member.name)
            return value

        work = self._delegator.run(agent, request, invoke, timed=False)
        limit = agent.timeout_s or self.agent_timeout_s
        try:
            return await (asyncio.wait_for(work, limit) if limit else work)
        except TimeoutError:
            return DelegationResponse(
                request_id=request.id,
                agent=agent.name,
                status="failed",
                confidence=0.0,
                path=request.path,
                error=f"timed out after {limit:g} s",
            )

    def _after_critic(self, agent: str, verdict: CriticVerdict) -> None:
        self._step("critic", f"{agent}: {verdict.verdict}: {verdict.notes}", verdict.model_dump())
        if verdict.needs_more:
            self.needs_more[agent] = verdict.notes
            self.plan.plan_complete = False  # the critic keeps the plan open
            self.plan.mark_agent(agent, ok=False, note=verdict.notes)
        else:
            self.needs_more.pop(agent, None)
            self.plan.mark_agent(agent, ok=True, note=None)

    def _add_usage(self, usage: Usage, source: str) -> None:
        self.usage = self.usage + usage

    def _step(self, kind: str, summary: str, data: dict[str, Any] | None = None) -> None:
        step = SupervisorStep(turn=self.turn, kind=kind, summary=summary, data=data or {})
        self.steps.append(step)
        if self._on_step is not None:
            self._on_step(step)

    def __repr__(self) -> str:
        return (
            f"<Supervisor turn={self.turn} agents={self.agents.names()} "
            f"todos={len(self.plan.todos)} complete={self.plan.plan_complete}>"
        )


class _TraceObserver:
    """Collects one line per hop for ``call_agent``'s trace."""

    def __init__(self, supervisor: Supervisor) -> None:
        self.supervisor = supervisor

    def requested(self, request: DelegationRequest) -> None:
        return None

    def responded(
        self, request: DelegationRequest, response: DelegationResponse | None, duration_s: float
    ) -> None:
        if request.hops and response is not None:
            self.supervisor._hop_lines.append(f"{request.id} {response.line()}")

    def circuit_changed(self, agent: str, state: CircuitState, failures: int) -> None:
        self.supervisor._step("circuit", f"{agent}: circuit {state} after {failures} failures")


def _closed(agent: str, todos: list[Todo]) -> bool:
    """True when the plan closed the step meant for ``agent`` (done or cancelled by the model)."""
    steps = [t for t in todos if t.agent == agent]
    return bool(steps) and all(t.status in ("done", "cancelled") for t in steps)


def _json_safe(value: Any) -> Any:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return preview(value, 2000)
    return value
