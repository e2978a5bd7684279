"""Safety rails: limits, budgets and stall detection."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.usage import Usage

if TYPE_CHECKING:  # the run state is more than the limits need (the CLI's --help reads them)
    from notebook_router.planner.state import StopReason


class Limits(BaseModel):
    """Every limit a run respects; each one that trips ends the run with its own reason.

    >>> Limits(max_iterations=10, timeout_s=60).max_iterations
    10
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_iterations: int = Field(
        default=50,
        ge=1,
        description="Planning decisions before stopping (waits for running agents not counted).",
    )
    max_tokens: int | None = Field(default=None, ge=1, description="Token budget (all calls).")
    max_cost_usd: float | None = Field(default=None, gt=0, description="Cost budget in USD.")
    timeout_s: float | None = Field(default=None, gt=0, description="Wall-clock budget.")
    agent_timeout_s: float | None = Field(
        default=300.0, gt=0, description="Default per-agent timeout (an agent may set its own)."
    )
    stall_decisions: int = Field(
        default=2, ge=1, description="Consecutive decisions with no change that count as a stall."
    )
    planner_retries: int = Field(
        default=2, ge=0, description="Retries after a malformed or invalid decision."
    )
    cancel_grace_s: float = Field(
        default=2.0, ge=0, description="How long cancelled agents get to finish before we move on."
    )
    max_concurrent_model_calls: int = Field(
        default=8, ge=1, description="Model calls in flight at once (planner and agents together)."
    )
    max_hops: int = Field(
        default=8,
        ge=0,
        description="How deep a request may travel down a tree of agents before it gives up.",
    )
    hop_timeout_s: float | None = Field(
        default=None,
        gt=0,
        description=(
            "Per-request timeout inside a tree of agents (an agent's own timeout wins); it "
            "covers the agent's whole subtree. None: only the task's own timeout applies."
        ),
    )
    verify_below: float | None = Field(
        default=0.5,
        ge=0,
        le=1,
        description=(
            "Verify the claims of results less confident than this, and send a result whose "
            "claims fail back once, reworded (0 or None: never verify)."
        ),
    )
    planner_tokens: int | None = Field(
        default=3000,
        ge=0,
        description=(
            "Token budget for the run state a model planner reads at each call (decide, "
            "redirect, synthesise): finished results are condensed to fit, each task still "
            "listed. About four characters a token. 0 or None: no budget."
        ),
    )
    planner_agents: int | None = Field(
        default=20,
        ge=1,
        description=(
            "Agents (tree members counted) a model planner is shown at most: past this, it "
            "sees the ones most relevant to the goal and the plan, and can ask for others "
            "(retrieve_agents). None: always show every agent."
        ),
    )
    schedule: Literal["eager", "waves"] = Field(
        default="eager",
        description=(
            "eager: act on every batch of results. waves: act only when every running task "
            "has ended, so a run asks the same questions in the same order each time "
            "(recorded and replayed runs use it)."
        ),
    )
    replan_below: float | None = Field(
        default=0.5,
        ge=0,
        le=1,
        description=(
            "A result less confident than this is a surprise: the planner is asked what to "
            "do next instead of the plan going on by itself (0 or None: never)."
        ),
    )
    prefetch: bool = Field(
        default=True,
        description=(
            "While the planner makes its first decision, read the files the request names "
            "and load the readers its attached media need, for the tasks to take; whatever "
            "no task took is dropped when the run ends. Answers are the same either way."
        ),
    )


def budget_exceeded(limits: Limits, usage: Usage) -> tuple[StopReason, str] | None:
    """The budget ``usage`` breaks, if any, with a sentence saying so."""
    if limits.max_tokens is not None and usage.total_tokens > limits.max_tokens:
        return "token_budget", f"{usage.total_tokens:,} tokens used, budget {limits.max_tokens:,}"
    if limits.max_cost_usd is not None and usage.cost_usd > limits.max_cost_usd:
        return "cost_budget", f"${usage.cost_usd:.4f} spent, budget ${limits.max_cost_usd:.4f}"
    return None


class StallDetector:
    """Notices when consecutive decisions leave the plan and context unchanged.

    It compares O(1) fingerprints (running digests), never the state itself,
    so its cost does not grow with the run.
    """

    __slots__ = ("_last", "threshold", "unchanged")

    def __init__(self, threshold: int) -> None:
        self.threshold = threshold
        self.unchanged = 0
        self._last: object = None

    def observe(self, fingerprint: object) -> bool:
        """Record the state before a decision; True once it has stalled."""
        if fingerprint == self._last:
            self.unchanged += 1
        else:
            self.unchanged = 0
            self._last = fingerprint
        return self.unchanged >= self.threshold
