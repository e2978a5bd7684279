"""The agent's result for what the code loop did (:mod:`.code_loop`): the value, the code
as evidence, the figures, how the answer's code came about, and what it left out."""

from __future__ import annotations

from notebook_router.agents.base import TaskRequest
from notebook_router.agents.builtin.code_prompts import KEPT
from notebook_router.agents.builtin.code_variables import publish_asked
from notebook_router.agents.builtin.code_work import CodeWork, useful, what_went_wrong
from notebook_router.data.source import DataSource
from notebook_router.data.tables import as_table
from notebook_router.media import CODE_MIME, Media
from notebook_router.result import AgentResult
from notebook_router.text.preview import clip
from notebook_router.text.secrets import redact


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
        code_media[0:1] = [_not_run(last.code, task_id, kind)]
        return AgentResult(
            status="partial",
            data=last.code,
            summary=f"Wrote {kind} for this; {work.not_run}.",
            media=tuple(code_media),
            confidence=0.3,
        )
    return AgentResult.failed(work.problem or "no code was written", media=tuple(code_media))


def _not_run(code: str, task_id: str, kind: str) -> Media:
    return Media(
        mime_type=CODE_MIME,
        data=code,
        source=task_id,
        description=f"the {kind}, not run",
        metadata={"ran": False},
    )


def _history(work: CodeWork) -> str:
    """How the answer's code came about, when it took more than one go (else '')."""
    notes = []
    first, tries = work.attempts[0], len(work.attempts)
    unrun = next((a for a in work.attempts if a.refused), None)
    if unrun is not None:
        notes.append(f"code was sent back once without running: {'; '.join(unrun.refused)}")
    if tries > 1 and first.outcome is not None and not useful(first.outcome):
        notes.append(
            f"it took {tries} attempts: the first failed with {what_went_wrong(first.outcome)}"
        )
    sent, answer, last = work.sent_back, work.answer, work.last
    if sent is not None and not work.missing:
        said = "; ".join(
            gap.replace("the code does not", "the first code did not", 1) for gap in sent.missing
        )
        notes.append(f"corrected once: {said}")
    elif sent is not None and answer is not None and answer is not sent:
        kept = KEPT.search(answer.code)
        notes.append(
            f"asked once to correct this, the model kept its code: {clip(kept.group(1), 300)}"
            if kept
            else "asked once to correct this, the model left it out again"
        )
    elif sent is not None and last is not None and last is not sent and last.outcome is not None:
        notes.append(f"the corrected code failed with {what_went_wrong(last.outcome)}")
    return f" ({'; '.join(notes)})" if notes else ""
