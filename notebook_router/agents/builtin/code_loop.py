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

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from notebook_router.agents.base import AgentContext, TaskRequest
from notebook_router.code import CodeOutcome, run_code
from notebook_router.data.source import DataSource
from notebook_router.data.tables import as_table
from notebook_router.errors import ProviderError
from notebook_router.language.phrases import phrase_table
from notebook_router.media import CODE_MIME, Media
from notebook_router.providers.base import CompletionRequest, Message
from notebook_router.result import AgentResult
from notebook_router.text.preview import clip
from notebook_router.text.secrets import redact

SYSTEM = """\
You write Python that runs in the user's Jupyter kernel, on their live variables.
Reply with exactly one ```python code block and nothing else.
- The variables described below exist already: use them by name. Do not load files unless asked.
- Import what you use (pandas as pd, numpy as np, matplotlib.pyplot as plt, scipy).
- End with an expression whose value is the result (a DataFrame, Series, number or text):
  it is shown to the user. Print only what helps them read it.
- For a chart use matplotlib with a title and axis labels; do not call plt.show().
- Never modify or reassign the user's variables: make new names (a variable the task asks
  you to create gets the name it asks for).
- No network access, no writing or deleting files, no installing packages."""

NO_CODE = "Your reply had no ```python code block. Reply with the whole code in one block."
EDITED = "The user edited your code before it ran:\n```python\n{code}\n```\n"
NOTHING = (
    "The code ran but produced nothing to show: end it with an expression whose value is "
    "the result (or print it). Reply with the whole corrected code in one ```python block."
)
FAILED = (
    "That code failed:\n```\n{error}\n```\n"
    "Reply with the whole corrected code in one ```python block."
)
REFUSED = (
    "That code was not run: {problems}. Reply with the whole corrected code in one ```python block."
)
UNUSED = (
    "The code ran, but it does not answer the whole task: {missing}. Correct it so that it "
    "uses every part of the task, and reply with the whole code in one ```python block. "
    "If the task does not ask for that as stated, reply with your code unchanged and a first "
    "line `# kept: <why>`."
)
_KEPT = re.compile(r"^[ \t]*#[ \t]*kept:[ \t]*(.+?)[ \t]*$", re.M | re.I)

_FENCE = re.compile(r"```[ \t]*(?:python|py|python3)?[ \t]*\n(.*?)(?:```|\Z)", re.DOTALL | re.I)


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
            if attempt.outcome is not None and _useful(attempt.outcome):
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
        Message(role="user", content=_ask(task, context.goal, about, extra)),
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
        if _useful(outcome):
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
            context.trace("code", f"attempt {number} {_what_went_wrong(outcome)}")
        if approval.edited:  # the model must repair what ran, not what it wrote
            feedback = EDITED.format(code=approval.code) + feedback
        messages.append(Message(role="user", content=feedback))
    if work.succeeded:
        work.problem = ""  # the code sent back for what it left out stands as the answer
    elif not work.problem:
        last = work.last
        work.problem = f"the code still failed after {attempts} attempts" + (
            f": {_what_went_wrong(last.outcome)}" if last and last.outcome else ""
        )
    return work


def extract_code(reply: str) -> str | None:
    """The code in a model's reply: its fenced blocks, or the whole reply if it is Python."""
    blocks = [b.strip() for b in _FENCE.findall(reply) if b.strip()]
    if blocks:
        return "\n\n".join(blocks)
    text = reply.strip()
    if not text:
        return None
    try:
        compile(text, "<reply>", "exec")
    except (SyntaxError, ValueError):
        return None
    return text


def finish(
    work: CodeWork, task: TaskRequest, source: DataSource | None, *, kind: str
) -> AgentResult:
    """The agent's result for ``work``, after publishing the variables the task asked for."""
    result = result_of(work, task.id, kind=kind)
    created, kept = publish_asked(work, task.description, source, user_words=task.said_by_user)
    notes = [f"Created {', '.join(f'`{n}`' for n in created)}."] if created else []
    if kept:
        names = ", ".join(f"`{n}`" for n in kept)
        notes.append(
            f"Your {names} {'was' if len(kept) == 1 else 'were'} left as before: only a "
            "variable your own request asks to replace (“update df …”) is replaced."
        )
    if not notes:
        return result
    return result.model_copy(update={"summary": " ".join([result.summary or "", *notes]).strip()})


def result_of(work: CodeWork, task_id: str, *, kind: str = "code") -> AgentResult:
    """The agent's result for ``work``: the value, the code as evidence, the figures.

    Code that ran but leaves part of the task unused is a ``partial`` result whose
    ``error`` and summary say what it left out.
    """
    last, answer = work.last, work.answer
    shown = answer or last
    code_media = (
        [
            Media(
                mime_type=CODE_MIME,
                data=shown.code,
                source=task_id,
                description=f"the {kind} that ran",
            )
        ]
        if shown is not None and not shown.refused
        else [_not_run(shown.code, task_id, kind)]
        if shown is not None
        else []
    )
    if answer is not None and answer.outcome is not None:
        outcome = answer.outcome
        value = outcome.value
        data = as_table(value) if as_table(value) is not None else value
        if data is None:
            data = redact(outcome.stdout.strip()) or None
        elif isinstance(data, str):
            data = redact(data)
        if work.missing:
            gap = "; ".join(work.missing)
            unrun = f" (the corrected {kind} did not run: {work.not_run})" if work.not_run else ""
            said = f"{gap[:1].upper()}{gap[1:]}{_history(work)}{unrun}"
            return AgentResult(
                status="partial",
                data=data,
                summary=clip(
                    redact(f"{said}, so this does not answer the whole task. {outcome.text()}"),
                    4000,
                ),
                media=(*code_media, *outcome.media),
                confidence=0.4,
                error=clip(f"not everything the task asks is used: {gap}", 1000),
            )
        return AgentResult(
            data=data,
            summary=clip(redact(f"Ran the {kind}{_history(work)}. {outcome.text()}"), 4000),
            media=(*code_media, *outcome.media),
            confidence=0.8 if len(work.attempts) == 1 else 0.7,
        )
    if work.refused and last is not None:
        return AgentResult(
            status="unable",
            summary=f"Wrote {kind} for this twice, and did not run it: {', '.join(last.refused)}.",
            media=(_not_run(last.code, task_id, kind),),
            confidence=0.0,
            error=clip(f"the {kind} was not run: {'; '.join(last.refused)}", 1000),
        )
    if work.not_run and last is not None:
        code_media[0:1] = [
            Media(
                mime_type=CODE_MIME,
                data=last.code,
                source=task_id,
                description=f"the {kind}, not run",
                metadata={"ran": False},
            )
        ]
        return AgentResult(
            status="partial",
            data=last.code,
            summary=f"Wrote {kind} for this; {work.not_run}.",
            media=tuple(code_media),
            confidence=0.3,
        )
    return AgentResult.failed(work.problem or "no code was written", media=tuple(code_media))


_NAME = r"`?(?P<name>[A-Za-z_]\w*)`?"
_SAID = phrase_table("variable_names")
"""How a task names a variable (``language/data/variable_names.toml``)."""


def _w(group: str) -> str:
    return _SAID.either(group, space=" ")


_KINDS = _w("kinds")
# The phrases that ask for a variable by name; the name is what follows them.
_ASKED = tuple(
    re.compile(pattern, re.I)
    for pattern in (
        rf"\b{_w('called')}\s+{_NAME}",
        rf"\b{_w('save_as')}\b[^.;\n]{{0,60}}?\bas\s+"
        rf"(?:an?\s+)?(?:new\s+)?(?:{_KINDS}\s+)?{_NAME}",
        rf"\b{_w('save_in')}\b[^.;\n]{{0,60}}?\b{_w('save_into')}\s+"
        rf"(?:an?\s+)?(?:new\s+)?{_KINDS}\s+{_NAME}",
        rf"\b{_w('create')}\s+(?:an?\s+)?(?:new\s+)?{_KINDS}\s+{_NAME}",
    )
)
_OVERWRITE = re.compile(rf"\b{_w('overwrite')}\s+(?:the\s+)?{_NAME}", re.I)
_NOT_NAMES = _SAID.word_set("not_names")


def asked_names(task: str) -> tuple[frozenset[str], frozenset[str]]:
    """The variable names ``task`` asks code to create, and those it asks it to overwrite.

    >>> asked_names("save the monthly totals as monthly, then update df")
    (frozenset({'monthly'}), frozenset({'df'}))
    """
    created = {m["name"] for pattern in _ASKED for m in pattern.finditer(task)}
    overwritten = {m["name"] for m in _OVERWRITE.finditer(task)}
    return (
        frozenset(n for n in created if n.lower() not in _NOT_NAMES and n.isidentifier()),
        frozenset(n for n in overwritten if n.lower() not in _NOT_NAMES),
    )


def publish_asked(
    work: CodeWork, task: str, source: DataSource | None, *, user_words: str
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Put into the user's namespace the variables the task asked the code to create.

    Only a name the task asks for in so many words ("save it as monthly", "a
    dataframe called top10", "create a series totals") is published, and a
    name the user already has only when the task says to overwrite or update
    that very name ("update df") and so do ``user_words``, the user's own: a
    task may be a model's words, and a model may not replace the user's data.
    Everything else the code bound, however the task's words happen to match
    it, stays in its scratch namespace. Returns the names published, and the
    user's names the task asked to replace but the user did not (left as they were).
    """
    last = work.last
    if source is None or last is None or last.outcome is None or not work.succeeded:
        return (), ()
    created, overwritten = asked_names(task)
    allowed = asked_names(user_words)[1]
    bound = last.outcome.assigned
    chosen = {
        name: value
        for name, value in bound.items()
        if (name in created and name not in source.namespace)
        or (name in overwritten and name in allowed and name in source.namespace)
    }
    kept = tuple(
        n for n in bound if n in overwritten and n not in allowed and n in source.namespace
    )
    return (source.publish(chosen) if chosen else ()), kept


def _not_run(code: str, task_id: str, kind: str) -> Media:
    return Media(
        mime_type=CODE_MIME,
        data=code,
        source=task_id,
        description=f"the {kind}, not run",
        metadata={"ran": False},
    )


def _ask(task: str, goal: str, about: str, extra: str = "") -> str:
    parts = [f"Task: {task}"]
    if goal and goal != task:
        parts.append(f"(Part of the user's goal: {goal})")
    parts.append(f"The variables you can use:\n{about}" if about else "No data is loaded.")
    if extra:
        parts.append(extra)
    return "\n\n".join(parts)


def _history(work: CodeWork) -> str:
    """How the answer's code came about, when it took more than one go (else '')."""
    notes = []
    first, tries = work.attempts[0], len(work.attempts)
    unrun = next((a for a in work.attempts if a.refused), None)
    if unrun is not None:
        notes.append(f"code was sent back once without running: {'; '.join(unrun.refused)}")
    if tries > 1 and first.outcome is not None and not _useful(first.outcome):
        notes.append(
            f"it took {tries} attempts: the first failed with {_what_went_wrong(first.outcome)}"
        )
    sent, answer, last = work.sent_back, work.answer, work.last
    if sent is not None and not work.missing:
        said = "; ".join(
            gap.replace("the code does not", "the first code did not", 1) for gap in sent.missing
        )
        notes.append(f"corrected once: {said}")
    elif sent is not None and answer is not None and answer is not sent:
        kept = _KEPT.search(answer.code)
        notes.append(
            f"asked once to correct this, the model kept its code: {clip(kept.group(1), 300)}"
            if kept
            else "asked once to correct this, the model left it out again"
        )
    elif sent is not None and last is not None and last is not sent and last.outcome is not None:
        notes.append(f"the corrected code failed with {_what_went_wrong(last.outcome)}")
    return f" ({'; '.join(notes)})" if notes else ""


def _useful(outcome: CodeOutcome) -> bool:
    """It ran and produced something a user can see."""
    return outcome.ok and (
        outcome.value is not None or bool(outcome.stdout.strip()) or bool(outcome.media)
    )


def _what_went_wrong(outcome: CodeOutcome | None) -> str:
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


def _first_line(code: str) -> str:
    lines: Sequence[str] = [line for line in code.splitlines() if line.strip()]
    return clip(lines[0], 120) if lines else ""
