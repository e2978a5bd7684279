"""The rule planner's reading of a message the user sends while a run goes on.

A question about progress gets a status line, and so does a message asking for no
change ("keep them all", "carry on": how people answer a question about a message
they sent); "instead", "start over" and the like restart the run on the rest of the
message; "don't ..." drops the tasks
it names; a message made of instructions adds them to the goal. Anything else
is answered with a question. What the user dropped stays dropped (the plan
rules read ``view.dropped``) until a message asks for it again.
"""

from __future__ import annotations

import re

from notebook_router.language.clauses import decompose
from notebook_router.language.lexicon import terms
from notebook_router.language.numbers import NUM, NUMBER_WORDS
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import phrase_table
from notebook_router.language.tables import table
from notebook_router.planner.decisions import RedirectDecision
from notebook_router.planner.planner_view import PlannerView, TaskView

_OK = ("fulfilled", "partial")
_STEERING = phrase_table("steering")
"""The words of a mid-run message (``language/data/steering.toml``)."""
_STATUS = re.compile(rf"\b({_STEERING.either('status.phrases', space=' ')})\b", re.IGNORECASE)
_RESTART = re.compile(rf"\b({_STEERING.either('restart.phrases', space=' ')})\b", re.IGNORECASE)
_COUNT = rf"(?:{NUM}|{alternation(NUMBER_WORDS)})"
_CARRY_ON = re.compile(
    rf"^\W*(?:please\W+)?(?:{alternation(table('steering')['carry_on']['phrases'])})"
    rf"(?:\s+(?:the\s+)?{_COUNT}(?:\s+(?:of\s+them|tasks?))?)?"  # "keep all six"
    r"(?:\W+please)?\W*$",
    re.IGNORECASE,
)
_NEGATIVE = re.compile(rf"\b{_STEERING.either('drop.phrases', space=' ')}\s+(.+)", re.I)


def redirect(view: PlannerView) -> RedirectDecision:
    """Classify the user's mid-run message in ``view.message``."""
    message = (view.message or "").strip()
    if _STATUS.search(message):
        return RedirectDecision(
            kind="status", reason="the user asked for progress", reply=_status(view)
        )
    if _CARRY_ON.match(message):
        return RedirectDecision(
            kind="status",
            reason="the user asked for no change",
            reply=f"Going on as planned. {_status(view)}",
        )
    if _RESTART.search(message):
        goal = _RESTART.sub("", message).strip(" ,.;:-") or message
        return RedirectDecision(
            kind="restart",
            reason="the message replaces the task",
            goal=goal[:1].upper() + goal[1:],
            reply=f"Starting over on: {goal}",
        )
    negative = _NEGATIVE.search(message)
    if negative:
        unwanted = _matching_tasks(view.tasks, negative.group(1))
        if unwanted:
            listing = ", ".join(f"{t.id} ({t.description})" for t in unwanted)
            return RedirectDecision(
                kind="refine",
                reason="the user no longer wants part of the plan",
                goal=view.goal,
                cancel=[t.id for t in unwanted],
                reply=f"Dropping {listing}.",
            )
    clauses = decompose(message)
    if clauses and all(c.verb for c in clauses):
        addition = ". ".join(c.text for c in clauses)
        # Asked for again: a dropped task whose clause the goal still holds comes back.
        restore = [t for t, d in view.dropped.items() if _key(d) in {_key(c.text) for c in clauses}]
        again = {_key(view.dropped[t]) for t in restore}
        added = [c.text for c in clauses if _key(c.text) not in again]
        goal = view.goal if not added else f"{view.goal.rstrip('. ')}. {'. '.join(added)}"
        return RedirectDecision(
            kind="refine",
            reason="the message adds to the current task",
            goal=goal,
            restore=restore,
            reply=f"Adding to the plan: {addition}",
        )
    return RedirectDecision(
        kind="clarify",
        reason="unclear how the message relates to the task",
        question=(
            f"How should I use “{message}”? Tell me the new task to start over, "
            "or what to add or change in the current one."
        ),
        reply="I am not sure what to do with that message.",
    )


def _status(view: PlannerView) -> str:
    done = [t for t in view.tasks if t.status in _OK]
    running = [t for t in view.tasks if t.status == "running"]
    waiting = [t for t in view.tasks if t.status == "pending"]
    parts = [f"{len(done)} of {len(view.tasks)} tasks done"]
    if running:
        parts.append("running " + ", ".join(f"{t.id} ({t.agent})" for t in running))
    if waiting:
        parts.append(f"{len(waiting)} waiting")
    return "Iteration " + str(view.iteration) + ": " + "; ".join(parts) + "."


def _key(text: str) -> str:
    return " ".join(terms(text))


def _matching_tasks(tasks: list[TaskView], text: str) -> list[TaskView]:
    wanted = set(terms(text))
    out = []
    for task in tasks:
        if task.status not in ("pending", "running"):
            continue
        have = set(terms(task.description)) | set(terms(task.agent.replace("_", " ")))
        if wanted and len(wanted & have) / len(wanted) >= 0.5:
            out.append(task)
    return out
