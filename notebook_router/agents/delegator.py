"""Delivering a request through a tree of agents.

An agent first gets the request itself. If it answers (fulfilled, or it
needs the user), that is the answer. If it cannot (unable), breaks
(failed) or does only part (partial), the request goes to all of its
children in parallel and their answers are combined
(:func:`~notebook_router.agents.delegation.resolve_alternatives`). An agent
may instead split its request with
:class:`~notebook_router.agents.delegation.Delegate`: the parts go to the
named (or best-matching) descendants in parallel and every part counts
(:func:`~notebook_router.agents.delegation.combine_parts`). An
:class:`~notebook_router.agents.group.AgentGroup` has no body: requests go
straight to its children.

Guards on every hop: a request that would visit an agent twice fails with
the cycle's path; a request past ``max_hops`` fails; an agent whose circuit
is open is skipped (unable); each hop has a timeout (the agent's own, else
``hop_timeout_s``) that covers its whole subtree. Exceptions never escape:
they become ``failed`` answers, so one broken branch never sinks its
siblings. Cancellation does escape, and is recorded on the way out.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

from notebook_router.agents.base import Agent
from notebook_router.agents.breaker import CircuitBreaker, CircuitState
from notebook_router.agents.delegation import (
    PATH_PENALTY,
    Ask,
    Delegate,
    DelegationRequest,
    DelegationResponse,
    combine_parts,
    refusal,
    resolve_alternatives,
    response_from_result,
)
from notebook_router.agents.discovery import DEPTH_PENALTY, AgentTree, TreeMember
from notebook_router.agents.tree import children_of, tree_generation
from notebook_router.errors import DelegationCycleError, NeedsUserInput, Unable
from notebook_router.result import AgentResult, coerce_result, describe_exception

Invoke = Callable[[Agent, DelegationRequest], Awaitable[Any]]
"""Runs one agent's own body for a request; returns whatever the agent returned."""


class DelegationObserver(Protocol):
    """Hears about every hop (the run turns these into events and graph nodes)."""

    def requested(self, request: DelegationRequest) -> None:
        """A request reached an agent."""

    def responded(
        self,
        request: DelegationRequest,
        response: DelegationResponse | None,
        duration_s: float,
    ) -> None:
        """The agent answered (``response``) or was cancelled (``None``)."""

    def circuit_changed(self, agent: str, state: CircuitState, failures: int) -> None:
        """An agent's circuit opened, half-opened or closed."""


class Delegator:
    """Delivers requests through trees of agents, with the guards above."""

    def __init__(
        self,
        *,
        breaker: CircuitBreaker | None = None,
        observer: DelegationObserver | None = None,
        hop_timeout_s: float | None = None,
        path_penalty: float = PATH_PENALTY,
        depth_penalty: float = DEPTH_PENALTY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.breaker = breaker
        self.observer = observer
        self.hop_timeout_s = hop_timeout_s
        self.path_penalty = path_penalty
        self.depth_penalty = depth_penalty
        self.clock = clock
        self._trees: dict[int, tuple[int, AgentTree]] = {}

    async def run(
        self, agent: Agent, request: DelegationRequest, invoke: Invoke, *, timed: bool = True
    ) -> DelegationResponse:
        """Deliver ``request`` to ``agent`` and return the answer that comes back up.

        ``timed=False`` skips the hop timeout for this first hop (the caller
        already bounds it, as the run's per-task watchdog does).
        """
        return await self._deliver(agent, request, invoke, timed=timed)

    # ------------------------------------------------------------------ a hop

    async def _deliver(
        self, agent: Agent, request: DelegationRequest, invoke: Invoke, *, timed: bool
    ) -> DelegationResponse:
        observer = self.observer
        if observer is not None:
            observer.requested(request)
        started = self.clock()
        allowed = False
        try:
            refused = self._guard(agent, request)
            if refused is not None:
                response = refused
            else:
                allowed = True
                response = await self._timed(agent, request, invoke, timed)
        except asyncio.CancelledError:
            if allowed and self.breaker is not None:
                self.breaker.release(agent.name)
            if observer is not None:
                observer.responded(request, None, self.clock() - started)
            raise
        if observer is not None:
            observer.responded(request, response, self.clock() - started)
        return response

    def _guard(self, agent: Agent, request: DelegationRequest) -> DelegationResponse | None:
        name = agent.name
        if name in request.path[:-1]:
            return refusal(request, "failed", str(DelegationCycleError(request.path)))
        if request.hops > request.max_hops:
            return refusal(
                request,
                "failed",
                f"gave up after {request.max_hops} hops (max_hops) at {' → '.join(request.path)}",
            )
        breaker = self.breaker
        if breaker is not None and not breaker.allow(name):
            return refusal(request, "unable", breaker.why_skipped(name))
        return None

    async def _timed(
        self, agent: Agent, request: DelegationRequest, invoke: Invoke, timed: bool
    ) -> DelegationResponse:
        limit = (agent.timeout_s or self.hop_timeout_s) if timed else None
        if limit is None:
            response, own_failed = await self._handle(agent, request, invoke)
        else:
            try:
                response, own_failed = await asyncio.wait_for(
                    self._handle(agent, request, invoke), limit
                )
            except TimeoutError:
                response = refusal(request, "failed", f"timed out after {limit:g} s")
                own_failed = True
        self._record(agent.name, ok=not own_failed)
        return response

    def _record(self, name: str, *, ok: bool) -> None:
        breaker = self.breaker
        if breaker is None:
            return
        before = breaker.state(name)
        after = breaker.record(name, ok=ok)
        if after != before and self.observer is not None:
            self.observer.circuit_changed(name, after, breaker.consecutive_failures(name))

    # -------------------------------------------------------- what happens in a hop

    async def _handle(
        self, agent: Agent, request: DelegationRequest, invoke: Invoke
    ) -> tuple[DelegationResponse, bool]:
        """The answer for ``request`` at ``agent``, and whether the agent's own body failed."""
        children = children_of(agent)
        if children and getattr(agent, "delegates_only", False):
            responses = await self._fan_out(request, [(c, request.task) for c in children], invoke)
            return resolve_alternatives(request, responses, path_penalty=self.path_penalty), False
        outcome = await self._body(agent, request, invoke)
        if isinstance(outcome, Delegate):
            if not children:
                reason = (
                    f"{agent.name} split its task with Delegate but has no child agents: "
                    "give it children (parent=..., add_child) or return a result."
                )
                return refusal(request, "failed", reason), True
            return await self._split(agent, request, outcome.asks, invoke), False
        own = response_from_result(request, outcome)
        failed = outcome.status == "failed"
        if not children or own.status in ("fulfilled", "needs_user_input"):
            return own, failed
        responses = await self._fan_out(request, [(c, request.task) for c in children], invoke)
        combined = resolve_alternatives(request, responses, own=own, path_penalty=self.path_penalty)
        return combined, failed

    async def _body(
        self, agent: Agent, request: DelegationRequest, invoke: Invoke
    ) -> AgentResult | Delegate:
        try:
            value = await invoke(agent, request)
        except Unable as exc:
            return AgentResult.unable(str(exc) or f"{agent.name} cannot do this")
        except NeedsUserInput as exc:
            return AgentResult.needs_input(str(exc) or f"{agent.name} needs more information")
        except Exception as exc:  # one broken agent must not sink the tree
            return AgentResult.failed(describe_exception(exc))
        if isinstance(value, Delegate):
            return value
        return coerce_result(value)

    async def _fan_out(
        self,
        request: DelegationRequest,
        targets: Sequence[tuple[Agent, str]],
        invoke: Invoke,
    ) -> list[DelegationResponse]:
        subs = [request.child(a.name, i, task) for i, (a, task) in enumerate(targets, 1)]
        return list(
            await asyncio.gather(
                *(
                    self._deliver(a, sub, invoke, timed=True)
                    for (a, _), sub in zip(targets, subs, strict=True)
                )
            )
        )

    async def _split(
        self, agent: Agent, request: DelegationRequest, asks: Sequence[Ask], invoke: Invoke
    ) -> DelegationResponse:
        tree = self._tree_of(agent)
        slots: list[DelegationResponse | None] = []
        pending: list[tuple[int, Agent, DelegationRequest]] = []
        for index, ask in enumerate(asks, 1):
            member = self._target(tree, agent.name, ask)
            if isinstance(member, str):
                lost = request.child(ask.to or "?", index, ask.task)
                slots.append(refusal(lost, "unable" if ask.to is None else "failed", member))
            else:
                pending.append(
                    (len(slots), member.agent, request.child(member.name, index, ask.task))
                )
                slots.append(None)
        answers = await asyncio.gather(
            *(self._deliver(a, sub, invoke, timed=True) for _, a, sub in pending)
        )
        for (slot, _, _), answer in zip(pending, answers, strict=True):
            slots[slot] = answer
        return combine_parts(request, [r for r in slots if r is not None])

    def _target(self, tree: AgentTree, parent: str, ask: Ask) -> TreeMember | str:
        if ask.to is not None:
            member = tree.find(ask.to)
            if member is None or member.depth == 0:
                below = ", ".join(n for n in tree.names() if n != parent) or "none"
                return f"{parent} asked {ask.to!r}, which is not one of its agents ({below})"
            return member
        ranked = tree.route(ask.task, within=parent, depth_penalty=self.depth_penalty)
        if not ranked:
            return f"no agent under {parent} fits “{ask.task}”"
        found = tree.find(ranked[0].name)
        assert found is not None
        return found

    def _tree_of(self, agent: Agent) -> AgentTree:
        generation = tree_generation()
        cached = self._trees.get(id(agent))
        if cached is None or cached[0] != generation or cached[1].roots[0] is not agent:
            cached = self._trees[id(agent)] = (generation, AgentTree([agent]))
        return cached[1]
