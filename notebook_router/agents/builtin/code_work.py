"""What the code loop did for one task (:mod:`.code_loop`): each piece of code the model
wrote and what became of it, and which of them answers."""

from __future__ import annotations

from dataclasses import dataclass, field

from notebook_router.code import CodeOutcome
from notebook_router.text.preview import clip


@dataclass(slots=True)
class Attempt:
    """One piece of code the model wrote and what became of it."""

    code: str
    outcome: CodeOutcome | None = None
    """None when it did not run (not approved)."""
    note: str = ""
    missing: tuple[str, ...] = ()
    """The parts of the task the code, once it ran, was found not to use."""
    refused: tuple[str, ...] = ()
    """Why the code was not run, when ``refuse`` found problems in it."""


@dataclass(slots=True)
class CodeWork:
    """Everything the loop did for one task (the agent turns it into its result)."""

    attempts: list[Attempt] = field(default_factory=list)
    not_run: str = ""
    """Why the last code did not run (the policy or the user), or ''."""
    problem: str = ""
    """What stopped the loop without a result (the model wrote no code, gave up), or ''."""
    refused: bool = False
    """The last code was refused (``refuse`` found problems in it twice): it did not run."""

    @property
    def last(self) -> Attempt | None:
        return self.attempts[-1] if self.attempts else None

    @property
    def answer(self) -> Attempt | None:
        """The attempt whose result is shown: the last one that ran and produced something
        (an earlier one when the code sent back for what it left out did not run)."""
        for attempt in reversed(self.attempts):
            if attempt.outcome is not None and useful(attempt.outcome):
                return attempt
        return None

    @property
    def succeeded(self) -> bool:
        return self.answer is not None

    @property
    def missing(self) -> tuple[str, ...]:
        """What of the task the answer's code does not use (empty: all of it, or unchecked)."""
        answer = self.answer
        return answer.missing if answer is not None else ()

    @property
    def sent_back(self) -> Attempt | None:
        """The code sent back for what it left out (the first that ran and left some out)."""
        return next((a for a in self.attempts if a.missing), None)


def useful(outcome: CodeOutcome) -> bool:
    """It ran and produced something a user can see."""
    return outcome.ok and (
        outcome.value is not None or bool(outcome.stdout.strip()) or bool(outcome.media)
    )


def what_went_wrong(outcome: CodeOutcome | None) -> str:
    """What went wrong with code, in a few words: it did not run, ran out of time, its
    error's last line, or produced nothing."""
    if outcome is None:
        return "it did not run"
    if outcome.timed_out:
        return "it ran out of time"
    if not outcome.ok:
        last_line = (outcome.error or "").strip().splitlines()[-1:] or [
            outcome.error_type or "error"
        ]
        return clip(last_line[0], 200)
    return "it produced nothing"
