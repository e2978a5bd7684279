"""Planners: who makes the Decider's choices.

A :class:`Planner` decides the next step, handles redirects and writes the
final answer. :class:`ModelPlanner` does all three by asking the run's model
(``openai:...``, ``gemini:...``, ``local``) for JSON that matches the decision
schemas; the ``offline`` model's runs use
:class:`~notebook_router.planner.rules.RulePlanner` instead, which applies
rules to the same view with no model call. The loop validates every decision
and retries with the validation error as feedback, so a planner only has to
produce a decision, not a correct one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from notebook_router.agents.registry import AgentRegistry
from notebook_router.media import Media
from notebook_router.planner import prompts
from notebook_router.planner.decisions import (
    Decision,
    RedirectDecision,
    Synthesis,
    decision_schema,
)
from notebook_router.planner.planner_view import PlannerView, ViewBuilder
from notebook_router.planner.prerouter import instant_reply_to
from notebook_router.planner.state import RunState
from notebook_router.providers.base import CompletionRequest, Message, ModelClient, TextSink
from notebook_router.text.json_reply import parse_model_output

M = TypeVar("M", bound=BaseModel)


@dataclass(slots=True)
class PlannerCall:
    """What a planner gets for one call."""

    state: RunState
    agents: AgentRegistry
    model: ModelClient
    feedback: str | None = None
    """Why the previous attempt was rejected (set on retries)."""
    iteration: int | None = None
    """``decide`` only: the number of the decision asked for (1 for the first).
    ``state.iteration`` counts the decisions already made."""
    on_text: TextSink | None = None
    """``synthesise`` only: receives the answer's text as the model writes it."""


class Planner(Protocol):
    """Makes the Decider's choices for a run."""

    async def decide(self, call: PlannerCall) -> Decision:
        """The next step, given the state after the latest results."""
        ...

    async def redirect(self, call: PlannerCall, message: str) -> RedirectDecision:
        """How to handle ``message``, sent by the user while the run goes on."""
        ...

    async def synthesise(self, call: PlannerCall) -> Synthesis:
        """The final answer from the finished tasks, citing which task gave what."""
        ...


class ModelPlanner:
    """A planner that asks the run's model for structured decisions."""

    def __init__(self, views: ViewBuilder | None = None) -> None:
        self.views = views or ViewBuilder()

    async def decide(self, call: PlannerCall) -> Decision:
        if self._instant(call) is not None:
            return Decision(action="complete", reason="instant reply: no model call needed")
        view = self.views.build(
            call.state, call.agents, feedback=call.feedback, iteration=call.iteration
        )
        schema = decision_schema(tuple(call.agents.all_names()))
        return await self._ask(
            call.model,
            "router.decide",
            prompts.DECIDE,
            view,
            Decision,
            call.state.attachments,
            json_schema=schema,
        )

    async def redirect(self, call: PlannerCall, message: str) -> RedirectDecision:
        view = self.views.build(call.state, call.agents, message=message, feedback=call.feedback)
        return await self._ask(
            call.model, "router.redirect", prompts.REDIRECT, view, RedirectDecision
        )

    async def synthesise(self, call: PlannerCall) -> Synthesis:
        reply = self._instant(call)
        if reply is not None:
            return Synthesis(answer=reply)
        view = self.views.build(call.state, call.agents, summary_chars=1200)
        system = prompts.SYNTHESISE + prompts.STYLE[call.state.style]
        return await self._ask(
            call.model, "router.synthesise", system, view, Synthesis, call.state.attachments
        )

    def _instant(self, call: PlannerCall) -> str | None:
        return instant_reply_to(call.state, self.views.agent_cards(call.agents))

    async def _ask(
        self,
        model: ModelClient,
        purpose: str,
        system: str,
        view: PlannerView,
        schema: type[M],
        state_media: Sequence[Media] = (),
        *,
        json_schema: dict[str, Any] | None = None,
    ) -> M:
        request = CompletionRequest(
            messages=(
                Message(role="system", content=system),
                Message(
                    role="user",
                    content=prompts.render_view(view),
                    media=tuple(state_media),
                ),
            ),
            schema=json_schema or schema.model_json_schema(),
            schema_name=schema.__name__,
            purpose=purpose,
            temperature=0.0,
        )
        completion = await model.complete(request)
        return parse_model_output(completion.text, schema)
