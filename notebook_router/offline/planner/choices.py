"""When a word of the request may mean several outputs: ask which, then plan with the one
the user chose.

The notebook marks the candidates of an ambiguous "it" (``media.AMBIGUOUS``; the view's
``choices``). The rule planner asks before planning anything; once the user answers
("Out[2]", "the audio", "cell 4"), the request is planned with the word replaced by the
chosen output's name ("is there silence in Out[2]?"), and an agent given that task
reads that output. An answer that fits none of them is asked about again.
"""

from __future__ import annotations

import re

from notebook_router.language.references import kind_of, kinds_called, mentions
from notebook_router.language.words import words
from notebook_router.planner.decisions import Decision
from notebook_router.planner.media_notes import MediaNote
from notebook_router.planner.planner_view import PlannerView

WHICH_MARK = "Which output do you mean by"
"""How the question opens (an answer is recognised as the reply to it)."""
_NUMBER = re.compile(r"\d+")


def settle_choice(view: PlannerView) -> Decision | PlannerView:
    """A question for the user while the choice is open; else ``view`` with the request
    naming the output chosen (unchanged when there is nothing to choose)."""
    options = view.choices
    if len(options) < 2:
        return view
    word = options[0].ambiguous or "it"
    question = _question(word, options)
    reply = _reply_to(view, question)
    chosen = None if reply is None else _chosen(reply, options)
    if chosen is None:
        heard = "" if reply is None else f" (I could not tell which from “{reply}”)"
        return Decision(
            action="clarify",
            reason=f"“{word}” may mean {len(options)} outputs{heard}",
            question=question,
        )
    return view.model_copy(update={"goal": _naming(view.goal, chosen.source)})


def _question(word: str, options: list[MediaNote]) -> str:
    named = [f"{n.source} ({_about(n)})" for n in options]
    listed = ", ".join(named[:-1]) + f" or {named[-1]}"
    return (
        f"{WHICH_MARK} “{word}”: {listed}? Answer with its name (e.g. “{options[-1].source}”) "
        "or its kind."
    )


def _about(note: MediaNote) -> str:
    """What an option is: its description, else its kind ("audio (audio/wav)")."""
    about = note.label.removeprefix(f"{note.source}: ")
    return note.kind if about in (note.source, "attached to the request") else about


def _reply_to(view: PlannerView, question: str) -> str | None:
    """The user's latest reply to ``question`` (asked again after a reply that named none)."""
    history = view.history
    for i in range(len(history) - 2, -1, -1):
        line, reply = history[i], history[i + 1]
        if line.role == "planner" and line.content == question and reply.role == "user":
            return reply.content.strip() or None
    return None


def _chosen(reply: str, options: list[MediaNote]) -> MediaNote | None:
    """The option the reply names: by its name (``Out[2]``, "cell 4", "2"), else by its
    kind ("the audio", "the chart") when one option alone is of that kind."""
    numbers = set(_NUMBER.findall(reply))
    by_name = [n for n in options if n.source == reply.strip() or _numbers(n.source) & numbers]
    if len(by_name) == 1:
        return by_name[0]
    said = {k for m in mentions(reply) for k in m.kinds}
    said |= {k for w in words(reply) for k in kinds_called(w)}
    by_kind = [n for n in options if kind_of(n.mime_type) in said]
    return by_kind[0] if len(by_kind) == 1 else None


def _numbers(source: str) -> set[str]:
    return set(_NUMBER.findall(source))


def _naming(goal: str, source: str) -> str:
    """``goal`` with its pointing pronouns ("it", "its") replaced by the chosen output's
    name ("is there silence in Out[2]?", "what is Out[2]'s duration?")."""
    spans = [m for m in mentions(goal) if m.pronoun and not m.antecedent]
    for m in reversed(spans):
        name = f"{source}'s" if m.phrase.lower() == "its" else source
        goal = goal[: m.start] + name + goal[m.end :]
    return goal
