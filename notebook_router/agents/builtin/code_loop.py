"""Model-written code, run in the kernel and repaired from its traceback: a bounded loop.

The loop the best data-interpreter agents use, kept small: the model writes
one code block for the task over the described data; the run's code policy
decides whether it runs (:meth:`AgentContext.approve_code
<notebook_router.agents.base.AgentContext.approve_code>`); it runs in a
scratch namespace (:func:`notebook_router.code.run_code`); a failure, or code
that ran and produced nothing, goes back to the model with what went wrong,
at most ``attempts`` times in all. Each repair is new code, so under ``ask``
the user approves it again: what runs is always what they saw.

Code that ran can still answer a simpler question than the one asked (a filter
dropped, a group-by forgotten). Given a ``check`` (the parts of the task the code
leaves unused, in words), the loop sends code that leaves some out back once, naming
them; code that still leaves some out is the answer, with the gap kept in
:attr:`CodeWork.missing` for the result to state.

Some code must not run at all (over a Dask DataFrame, code that would pull the whole
frame into the kernel). Given a ``refuse`` (what in the code must not run, in words),
the loop checks the model's code before it asks for approval or runs it, sends code with
such a problem back once, naming it, and refuses code that still has one: it is shown
as not run, and the result says why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from notebook_router.agents.base import AgentContext
from notebook_router.agents.builtin.code_prompts import (
    EDITED,
    FAILED,
    NO_CODE,
    NOTHING,
    REFUSED,
    SYSTEM,
    UNUSED,
    ask,
)
from notebook_router.agents.builtin.code_reply import extract_code
from notebook_router.agents.builtin.code_result import finish, result_of
from notebook_router.agents.builtin.code_variables import asked_names, publish_asked
from notebook_router.agents.builtin.code_work import Attempt, CodeWork, useful, what_went_wrong
from notebook_router.code import CodeOutcome, run_code
from notebook_router.errors import ProviderError
from notebook_router.providers.base import CompletionRequest, Message
from notebook_router.text.preview import clip
from notebook_router.text.secrets import redact

__all__ = [
    "SYSTEM",
    "Attempt",
    "CodeWork",
    "asked_names",
    "extract_code",
    "finish",
    "publish_asked",
    "result_of",
    "write_and_run",
]
"""The loop, and the names its agents and tests import from here (defined in
:mod:`.code_prompts`, :mod:`.code_work`, :mod:`.code_reply`, :mod:`.code_result` and
:mod:`.code_variables`)."""


async def write_and_run(
    context: AgentContext,
    task: str,
    *,
    about: str,
    variables: Mapping[str, Any],
    attempts: int = 3,
    timeout_s: float | None = 60.0,
    purpose: str = "agent.code",
    check: Callable[[str], Sequence[str]] | None = None,
    judge: Callable[[CodeOutcome], Sequence[str]] | None = None,
    refuse: Callable[[str], Sequence[str]] | None = None,
    extra: str = "",
) -> CodeWork:
    """Have the model write code for ``task``, run it (if the policy allows) and repair it.

    ``about`` describes the variables for the model (descriptions, never the
    data); ``variables`` are what the code may read; ``attempts`` bounds the
    code written, repairs included, plus the one correction ``check`` may ask
    for: ``check(code)`` lists the parts of the task code that ran does not use, and
    ``judge(outcome)`` what in its result is no answer (one far too large); both go back
    in that one correction.
    ``refuse(code)`` lists what in code must not run (checked before approval): such
    code goes back once, and is refused the second time. ``extra`` is added to the
    model's instructions (what the data needs, e.g. Dask's idioms).
    """
    messages = [
        Message(role="system", content=SYSTEM),
        Message(role="user", content=ask(task, context.goal, about, extra)),
    ]
    work = CodeWork()
    limit, number, corrected, call = attempts, 0, False, purpose
    sent_back_unrun = False
    while number < limit:
        number += 1
        try:
            completion = await context.model.complete(
                CompletionRequest(messages=tuple(messages), purpose=call)
            )
        except ProviderError as exc:
            work.problem = f"the model could not write the code: {exc}"
            return work
        reply = completion.text
        messages.append(Message(role="assistant", content=reply))
        code = extract_code(reply)
        call = f"{purpose}.repair"
        if code is None:
            messages.append(Message(role="user", content=NO_CODE))
            work.problem = "the model replied without code"
            continue
        work.problem = ""
        problems = tuple(refuse(code)) if refuse is not None else ()
        if problems:  # never asked for, never run
            said = "; ".join(problems)
            work.attempts.append(Attempt(code=code, note=f"not run: {said}", refused=problems))
            context.trace("code", f"attempt {number} not run: {clip(said, 300)}")
            if sent_back_unrun:
                work.refused, work.not_run = True, f"it was not run: {said}"
                return work
            sent_back_unrun, limit = True, limit + 1
            messages.append(Message(role="user", content=REFUSED.format(problems=said)))
            continue
        approval = await context.approve_code(code, purpose=clip(task, 200))
        attempt = Attempt(code=approval.code, note=approval.note)
        work.attempts.append(attempt)
        if not approval.run:
            work.not_run = approval.note
            return work
        context.trace("code", f"attempt {number}: {_first_line(approval.code)}")
        attempt.outcome = outcome = await run_code(approval.code, variables, timeout_s=timeout_s)
        if useful(outcome):
            attempt.missing = (
                *(check(approval.code) if check is not None else ()),
                *(judge(outcome) if judge is not None else ()),
            )
            if not attempt.missing or corrected:
                return work
            # Once, and on top of the repairs for failures: the model corrects what it left out.
            corrected, limit, call = True, limit + 1, f"{purpose}.correct"
            context.trace("code", f"attempt {number} leaves out: {'; '.join(attempt.missing)}")
            feedback = UNUSED.format(missing="; ".join(attempt.missing))
        else:
            # What the code printed or raised goes to the model: no key may ride along.
            feedback = (
                FAILED.format(error=redact(outcome.error or "")) if not outcome.ok else NOTHING
            )
            context.trace("code", f"attempt {number} {what_went_wrong(outcome)}")
        if approval.edited:  # the model must repair what ran, not what it wrote
            feedback = EDITED.format(code=approval.code) + feedback
        messages.append(Message(role="user", content=feedback))
    if work.succeeded:
        work.problem = ""  # the code sent back for what it left out stands as the answer
    elif not work.problem:
        last = work.last
        work.problem = f"the code still failed after {attempts} attempts" + (
            f": {what_went_wrong(last.outcome)}" if last and last.outcome else ""
        )
    return work


def _first_line(code: str) -> str:
    lines: Sequence[str] = [line for line in code.splitlines() if line.strip()]
    return clip(lines[0], 120) if lines else ""
