"""Planners: who makes the Decider's choices.

A :class:`Planner` decides the next step, handles redirects and writes the
final answer. :class:`ModelPlanner` does all three by asking the run's model
(``openai:...``, ``gemini:...``, ``local``) for JSON that matches the decision
schemas; the ``offline`` model's runs use
:class:`~notebook_router.offline.planner.RulePlanner` instead, which applies
rules to the same view with no model call. The loop validates every decision
and retries with the validation error as feedback, so a planner only has to
produce a decision, not a correct one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from pydantic import BaseModel

from notebook_router.agents.registry import AgentRegistry
from notebook_router.errors import InvalidDecisionError
from notebook_router.media import Media
from notebook_router.planner import prompts
from notebook_router.planner.agent_offer import AgentOffers
from notebook_router.planner.decisions import (
    Decision,
    RedirectDecision,
    Synthesis,
    decision_schema,
)
from notebook_router.planner.media_notes import MediaLedger, media_notes
from notebook_router.planner.planner_view import PlannerView, ViewBuilder
from notebook_router.planner.prerouter import instant_reply_to
from notebook_router.planner.rails import Limits
from notebook_router.planner.state import RunState
from notebook_router.planner.view_budget import fit_view
from notebook_router.providers.base import CompletionRequest, Message, ModelClient, TextSink
from notebook_router.text.json_reply import parse_model_output
from notebook_router.text.partial_json import FieldStream

if TYPE_CHECKING:
    from notebook_router.tools.retrieval import Retriever

M = TypeVar("M", bound=BaseModel)

RETRIEVALS = 2
"""``retrieve_agents`` requests a model planner answers within one decision."""
_DEFAULT_LIMITS = Limits()


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
    limits: Limits | None = None
    """The run's limits (the planner's token budget and agent list size); None: the defaults."""


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
    """A planner that asks the run's model for structured decisions.

    What it sends is kept small and stable: the run state fits
    ``Limits.planner_tokens`` (see :mod:`~notebook_router.planner.view_budget`),
    a run's attachments go as media parts with the first call that sees them
    and are described afterwards (:mod:`~notebook_router.planner.media_notes`),
    past ``Limits.planner_agents`` agents only the relevant ones are listed
    (:mod:`~notebook_router.planner.agent_offer`; pass ``agent_retriever`` to
    retrieve them another way, e.g. with embeddings), and the prompt opens with
    what stays the same over a run so providers' prompt caching applies.
    """

    def __init__(
        self, views: ViewBuilder | None = None, *, agent_retriever: Retriever | None = None
    ) -> None:
        self.views = views or ViewBuilder()
        self.offers = AgentOffers(agent_retriever)
        self.media = MediaLedger()

    async def decide(self, call: PlannerCall) -> Decision:
        if self._instant(call) is not None:
            return Decision(action="complete", reason="instant reply: no model call needed")
        feedback = call.feedback
        for retrievals in range(RETRIEVALS + 1):
            prompt = self._prompt(call, feedback=feedback, iteration=call.iteration)
            schema = decision_schema(tuple(c.name for c in prompt.view.agents))
            decision = await self._ask(
                call.model, "router.decide", prompts.DECIDE, prompt, Decision, json_schema=schema
            )
            if decision.action != "retrieve_agents":
                break
            if retrievals == RETRIEVALS:
                raise InvalidDecisionError(
                    f"'retrieve_agents' asked {RETRIEVALS + 1} times for one decision: choose "
                    "from the agents listed, or 'complete'."
                )
            feedback = self._retrieve(call, decision.query or decision.reason, retrievals + 1)
        self.media.mark_sent(call.state, prompt.media)
        return decision

    async def redirect(self, call: PlannerCall, message: str) -> RedirectDecision:
        prompt = self._prompt(call, message=message, feedback=call.feedback, attach=False)
        return await self._ask(
            call.model, "router.redirect", prompts.REDIRECT, prompt, RedirectDecision
        )

    async def synthesise(self, call: PlannerCall) -> Synthesis:
        reply = self._instant(call)
        if reply is not None:
            return Synthesis(answer=reply)
        prompt = self._prompt(call, summary_chars=1200, answering=True)
        state = call.state
        system = prompts.SYNTHESISE + prompts.STYLE[state.style] + prompts.MODE[state.mode]
        # The model writes Synthesis JSON: the user sees only the answer's text.
        sink = None if call.on_text is None else FieldStream("answer", call.on_text).write
        synthesis = await self._ask(
            call.model, "router.synthesise", system, prompt, Synthesis, on_text=sink
        )
        self.media.mark_sent(call.state, prompt.media)
        return synthesis

    def _instant(self, call: PlannerCall) -> str | None:
        return instant_reply_to(call.state, self.views.agent_cards(call.agents))

    def _prompt(
        self,
        call: PlannerCall,
        *,
        message: str | None = None,
        feedback: str | None = None,
        iteration: int | None = None,
        summary_chars: int | None = None,
        attach: bool = True,
        answering: bool = False,
    ) -> _Prompt:
        """The view for ``call``, within its budgets, rendered, and the media to send with it."""
        state, limits = call.state, call.limits or _DEFAULT_LIMITS
        cards = self.views.cards_for(state, call.agents)
        offered = self.offers.offer(state, cards, limits.planner_agents)
        media = self.media.to_attach(state) if attach else ()
        notes = media_notes(state, media)

        def build(level: int) -> PlannerView:
            return self.views.build(
                state,
                call.agents,
                summary_chars=summary_chars,
                message=message,
                feedback=feedback,
                iteration=iteration,
                offered=offered,
                media=notes,
                condense=level,
                answering=answering,
            )

        def fill(view: PlannerView, chars: int) -> int:
            return self.views.fill_values(state, view, chars)

        view, text = fit_view(build, limits.planner_tokens, fill)
        return _Prompt(view, text, media)

    def _retrieve(self, call: PlannerCall, query: str, n: int) -> str:
        """Show the run's planner the agents matching ``query``; the feedback saying so."""
        cards = self.views.cards_for(call.state, call.agents)
        limit = (call.limits or _DEFAULT_LIMITS).planner_agents
        if limit is None or len(cards) <= limit:
            return "retrieve_agents: every agent is already in 'agents'; choose from them."
        found = self.offers.retrieve(call.state, cards, query)
        last = " This was the last retrieval for this decision." if n == RETRIEVALS else ""
        if not found:
            return (
                f"retrieve_agents found no other agent for {query!r}: choose from 'agents'.{last}"
            )
        return (
            f"retrieve_agents found {', '.join(found)} for {query!r}: they are now in 'agents'. "
            f"Decide the next step.{last}"
        )

    async def _ask(
        self,
        model: ModelClient,
        purpose: str,
        system: str,
        prompt: _Prompt,
        schema: type[M],
        *,
        json_schema: dict[str, Any] | None = None,
        on_text: TextSink | None = None,
    ) -> M:
        request = CompletionRequest(
            messages=(
                Message(role="system", content=system),
                Message(role="user", content=prompt.text, media=prompt.media),
            ),
            schema=json_schema or schema.model_json_schema(),
            schema_name=schema.__name__,
            purpose=purpose,
            temperature=0.0,
        )
        completion = await model.complete(request, on_text=on_text)
        return parse_model_output(completion.text, schema)


@dataclass(slots=True, frozen=True)
class _Prompt:
    view: PlannerView
    text: str
    """The view rendered, as sent."""
    media: tuple[Media, ...]
    """The attachments sent with it (the first call of a run that sees them)."""
