"""The template synthesiser: a readable answer without a model call.

Used by the rule planner (the offline model's), and by every run that ends early (stop,
interrupt, budgets), where spending more tokens or seconds on a model call
would defeat the reason for stopping.
"""

from __future__ import annotations

import itertools
import re

from notebook_router.planner.decisions import Synthesis
from notebook_router.planner.planner_view import PlannerView, TaskView
from notebook_router.planner.state import STOP_REASON_TEXT, Attribution
from notebook_router.text.markdown_data import markdown_lines
from notebook_router.text.preview import clip

_DONE = ("fulfilled", "partial")
_PROBLEM = ("failed", "unable")


def template_synthesis(
    view: PlannerView, *, note: str | None = None, detail: str | None = None
) -> Synthesis:
    """Write the answer from the finished tasks in ``view``, in its style.

    ``detail`` says why the run stopped, when ``view.stopping`` says that it did.
    """
    done = [t for t in view.tasks if t.status in _DONE]
    problems = [t for t in view.tasks if t.status in _PROBLEM]
    went_on = _answered_and_went_on(view)
    unfinished = [t for t in view.tasks if t.status not in _DONE + _PROBLEM and t.id not in went_on]
    writer = {"structured": _structured, "report": _report}.get(view.style, _conversational)
    if view.mode == "quick" and writer is _conversational and _just_findings(view, done):
        writer = _quick
    body = writer(view, done, problems, unfinished, detail)
    if note:
        body = f"{body}\n\n({note})"
    attributions = [Attribution(task_id=t.id, agent=t.agent, text=t.summary or "") for t in done]
    return Synthesis(answer=body.strip(), attributions=attributions)


def _answered_and_went_on(view: PlannerView) -> set[str]:
    """Tasks that asked the user a question, got the answer, and went on as a later task of
    the same agent: the asking is done, the later task holds the work (and its outcome)."""
    history = view.history
    answered = {
        line.content
        for line, reply in itertools.pairwise(history)
        if line.role == "planner" and reply.role == "user" and reply.content.strip()
    }
    went_on: set[str] = set()
    for i, task in enumerate(view.tasks):
        if task.status != "needs_user_input" or (task.error or "") not in answered:
            continue
        if any(later.agent == task.agent for later in view.tasks[i + 1 :]):
            went_on.add(task.id)
    return went_on


def nothing_run(reason: str, candidates: list[str]) -> str:
    """Why a run the planner completed without starting any agent did nothing (a stop detail)."""
    why = f" (its reason: “{reason.strip().rstrip('.')}”)" if reason.strip() else ""
    if candidates:
        who = "the agent" if len(candidates) == 1 else "agents"
        agents = f"{who} that could have done it: {', '.join(candidates)}"
    else:
        agents = "no agent matches the request"
    return (
        f"nothing was run: the planner decided the run was complete without starting "
        f"any agent{why}; {agents}"
    )


def _opening(
    view: PlannerView,
    done: list[TaskView],
    detail: str | None = None,
    problems: list[TaskView] | None = None,
) -> str:
    if view.stopping == "needs_clarification" and view.question:
        return f"I need an answer before I can go on: {view.question}"
    if view.stopping:
        if view.stopping == "unanswered" and detail:  # the planner ran nothing: say why
            return f"For “{view.goal}”, {detail}."
        reason = _unbracketed(STOP_REASON_TEXT.get(view.stopping, view.stopping))
        if not done:
            return f"The run ended before any task finished ({reason})."
        return f"The run ended early ({reason}). Here is what was finished:"
    if not done:
        return f"I could not get anything done for “{clip(view.goal)}”."
    if problems or any(t.status == "partial" for t in done):
        # Never a confident opening over an answer with a hole in it: say so first.
        return f"Not every part of “{clip(view.goal)}” succeeded; what is missing is said below:"
    return f"Here is what I found for “{clip(view.goal)}”:"


def _unbracketed(reason: str) -> str:
    """``reason`` fit to go in brackets: "interrupted (kernel interrupt or cancellation)"
    becomes "interrupted: kernel interrupt or cancellation", so no "))" closes the sentence."""
    return _ASIDE.sub(r": \1", reason)


_ASIDE = re.compile(r"\s*\(([^()]*)\)")


def _line(task: TaskView) -> str:
    partial = " (partial)" if task.status == "partial" else ""
    summary = task.summary or "done"
    checked = " ".join(p for p in (_why_partial(task), _checked(task)) if p)
    listed = markdown_lines(task.data, "  ")
    if listed is not None:  # a list or table under the task's line, not a line of JSON
        line = "\n".join([f"{_sentence(task.description)}{partial} [{task.id}]:", *listed])
    else:
        line = f"{_sentence(task.description)}{partial}: {summary} [{task.id}]"
    return f"{line}\n  {checked}" if checked else line


def _why_partial(task: TaskView) -> str:
    """What a partial result left out, when its agent (or the run) said."""
    if task.status != "partial" or not task.error:
        return ""
    return f"Partial: {task.error.rstrip('.')}."


def _checked(task: TaskView) -> str:
    """What verification made of the task's claims and sources, in a sentence or two."""
    parts = []
    if task.verified:
        parts.append("Verified against the data: " + "; ".join(task.verified) + ".")
    if task.unverified:
        parts.append("Not verified: " + "; ".join(task.unverified) + ".")
    if task.sources:
        parts.append("Sources: " + "; ".join(task.sources) + ".")
    return " ".join(parts)


def _problem_line(task: TaskView) -> str:
    # A task another agent tried first keeps that agent's error in view too.
    rerouted = (task.note or "").startswith("re-routed from ")
    return (
        f"{_sentence(task.description)}: not done, {task.agent} was {task.status}"
        + (f" ({task.error})" if task.error else "")
        + (f"; {task.note}" if rerouted else "")
        + f" [{task.id}]"
    )


def _unfinished_line(unfinished: list[TaskView]) -> str:
    names = ", ".join(f"{t.id} ({clip(t.description)}, {t.status})" for t in unfinished)
    return f"Not finished: {names}."


def _conversational(
    view: PlannerView,
    done: list[TaskView],
    problems: list[TaskView],
    unfinished: list[TaskView],
    detail: str | None,
) -> str:
    paragraphs = [_opening(view, done, detail, problems)]
    bullets = [f"- {_line(t)}" for t in done] + [f"- {_problem_line(t)}" for t in problems]
    if bullets:
        paragraphs.append("\n".join(bullets))
    if unfinished:
        paragraphs.append(_unfinished_line(unfinished))
    return "\n\n".join(paragraphs)


def _just_findings(view: PlannerView, done: list[TaskView]) -> bool:
    """Whether a quick answer may be the findings alone: every task done, in full."""
    return bool(done) and not view.stopping and all(t.status == "fulfilled" for t in view.tasks)


def _quick(
    view: PlannerView,
    done: list[TaskView],
    problems: list[TaskView],
    unfinished: list[TaskView],
    detail: str | None,
) -> str:
    """A quick run's answer: the findings themselves, no opening."""
    if len(done) == 1:
        task = done[0]
        checked = _checked(task)
        listed = markdown_lines(task.data, "  ")
        if listed is not None:
            return "\n".join([f"{_sentence(task.description)} [{task.id}]:", *listed])
        line = f"{(task.summary or 'done').rstrip()} [{task.id}]"
        return f"{line}\n{checked}" if checked else line
    return "\n".join(f"- {_line(t)}" for t in done)


def _structured(
    view: PlannerView,
    done: list[TaskView],
    problems: list[TaskView],
    unfinished: list[TaskView],
    detail: str | None,
) -> str:
    lines = [_opening(view, done, detail, problems)]
    for t in [*done, *problems, *unfinished]:
        outcome = t.summary if t.status in _DONE else (t.error or t.note or "")
        checked = f" | {_checked(t)}" if t.status in _DONE and _checked(t) else ""
        lines.append(
            f"{t.id} | {t.agent} | {t.status} | {clip(t.description)} | {outcome}{checked}"
        )
    return "\n".join(lines)


def _report(
    view: PlannerView,
    done: list[TaskView],
    problems: list[TaskView],
    unfinished: list[TaskView],
    detail: str | None,
) -> str:
    lines = ["## Summary", "", _opening(view, done, detail, problems).rstrip(":.") + ".", ""]
    if done:
        lines += ["## Findings", ""]
        for t in done:
            listed = markdown_lines(t.data)
            lines += [
                f"### {_sentence(t.description)} ({t.agent}) [{t.id}]",
                "",
                *(listed if listed is not None else [t.summary or "done"]),
                "",
            ]
            if _checked(t):
                lines += [_checked(t), ""]
    if problems:
        lines += ["## Problems", ""] + [f"- {_problem_line(t)}" for t in problems] + [""]
    if unfinished:
        lines += ["## Not finished", "", _unfinished_line(unfinished)]
    return "\n".join(lines)


def _sentence(text: str) -> str:
    # The answer names each task; the task itself (maybe the whole long query) is kept elsewhere.
    text = clip(text).strip().rstrip(".")
    return text[:1].upper() + text[1:]
