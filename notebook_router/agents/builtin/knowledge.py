"""The built-in knowledge-base agent: remembers, recalls and forgets facts of a notebook.

"Remember that the fiscal year starts in April" keeps the sentence in the
session database (secrets masked before anything is written), where every
later run of the notebook finds it, after a kernel restart too; "when does
the fiscal year start?" recalls the facts sharing the most words with the
question; "forget the fiscal year" (or "forget fact 3") removes one. Each
run's planner also sees the facts bearing on its goal, and other agents read
them with ``current_memory().facts`` (:mod:`notebook_router.context.memory`).

Offline the agent answers with the matching facts themselves (its offline core,
:mod:`notebook_router.offline.team.knowledge`); with a model it answers the question
from them, citing each fact it used by id.

A fact is kept only in the user's own words (their request, a redirect, an
answer): a model planner's task "remember that ..." is not theirs, and what
is kept is shown to every later run's planner.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, TypeAlias

from notebook_router.agents.base import AgentContext, TaskRequest, parse_capabilities
from notebook_router.agents.cores import BuiltinAgent, by_rules_or_model
from notebook_router.agents.roles import GENERALIST, RECALL
from notebook_router.errors import ProviderError
from notebook_router.language.clauses import decompose
from notebook_router.language.lexicon import terms
from notebook_router.language.phrases import phrase_table
from notebook_router.language.words import words
from notebook_router.result import AgentResult

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from notebook_router.context.memory import Fact, FactBase, Memory

KNOWLEDGE = "knowledge"
"""The built-in knowledge-base agent's name."""

_SAID = phrase_table("remembering")
"""The verbs that keep and drop facts (``language/data/remembering.toml``)."""
_KEEP, _DROP = _SAID.either("keep"), _SAID.either("drop")
_REMEMBER = re.compile(
    rf"^(?:please\s+)?{_KEEP}"
    r"(?:\s+the\s+fact)?\s*(?:that\s+|:\s*)?(?P<fact>.+)$",
    re.IGNORECASE | re.DOTALL,
)
# "remember that", "forget it": the verb with nothing (or only a pronoun) after it.
_NOTHING_AFTER = re.compile(
    rf"^(?:please\s+)?(?P<verb>{_KEEP}|{_DROP})(?:\s+{_SAID.either('pronouns')})?\s*[:.!?]*$",
    re.IGNORECASE,
)
_FORGET = re.compile(
    rf"^(?:please\s+)?{_DROP}\s+(?:the\s+)?(?:fact\s+(?:that\s+|about\s+)?)?"
    r"(?:that\s+|about\s+)?(?P<what>.+)$",
    re.IGNORECASE | re.DOTALL,
)
_FACT_ID = re.compile(r"^(?:fact\s*)?#?(?P<id>\d+)\s*$", re.IGNORECASE)
_EVERYTHING = re.compile(r"^(?:all|everything)(?:\s+facts)?(?:\s+you\s+know)?\W*$", re.IGNORECASE)
_RECALL_RUN = re.compile(r"\brecall\s+run\s+(?P<id>[0-9a-f]{6,})\b", re.IGNORECASE)

Recall: TypeAlias = "Callable[[Sequence[Fact], str], AgentResult]"
"""The knowledge base's offline core: the facts matching the question are the answer
(``recall(facts, question)``)."""

SYSTEM = (
    "You answer from a notebook's knowledge base. Use only the facts given; cite each fact "
    "you use as [fact N]. If they do not answer the question, say so in one sentence."
)


class Knowledge(BuiltinAgent[Recall]):
    """Remembers, recalls and forgets facts of the notebook (its knowledge base)."""

    name = KNOWLEDGE
    roles = frozenset({GENERALIST, RECALL})
    description = (
        "The notebook's knowledge base: remembers facts you state (remember that ...), "
        "recalls what is known about a question, forgets a fact; kept across runs and "
        "kernel restarts. Also recalls what an earlier run found."
    )
    capabilities = parse_capabilities(
        [
            ("remember", 0.9),
            ("recall", 0.9),
            ("knowledge base", 0.9),
            ("facts", 0.8),
            ("forget fact", 0.7),
            ("what do we know", 0.6),
            ("keep in mind", 0.6),
        ]
    )

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        from notebook_router.context.memory import current_memory

        memory = current_memory()
        if memory is None:
            return AgentResult.unable(
                "This run has no knowledge base: give the router one with "
                "Router(..., memory=True) (every %%route in a notebook has one)."
            )
        text = " ".join(task.description.split())
        earlier = _RECALL_RUN.search(text)
        if earlier:
            return recall_run(memory, earlier["id"])
        nothing = _NOTHING_AFTER.match(text)
        if nothing:
            return nothing_to(nothing["verb"].lower())
        remember = _REMEMBER.match(text)
        if remember:
            return remember_fact(
                memory.facts, remember["fact"], run_id=context.run_id, said=task.said_by_user
            )
        forget = _FORGET.match(text)
        if forget:
            return forget_fact(memory.facts, forget["what"])
        facts = memory.facts.search(text)
        return await by_rules_or_model(
            context,
            rules=lambda: self.offline_core(facts, text),
            model=lambda: self._answer(facts, text, context),
        )

    async def _answer(self, facts: Sequence[Fact], text: str, context: AgentContext) -> AgentResult:
        if not facts:
            return self.offline_core(facts, text)
        listing = "\n".join(f"[fact {f.id}] {f.text}" for f in facts)
        try:
            reply = await context.model.ask(
                f"Facts:\n{listing}\n\nQuestion: {text}", system=SYSTEM, purpose="agent.knowledge"
            )
        except ProviderError:  # the facts themselves still answer, as they do offline
            return self.offline_core(facts, text)
        if not reply.strip():
            return self.offline_core(facts, text)
        return AgentResult(
            data={"answer": reply, "facts": [f.model_dump() for f in facts]},
            summary=reply.strip(),
            confidence=0.8,
        )


def nothing_to(verb: str) -> AgentResult:
    """The question for "remember that" or "forget it" with nothing after: no fact is kept
    (or removed) that the user never stated, and another agent would not know either."""
    if verb in ("forget", "delete", "remove", "drop"):
        return AgentResult.needs_input(
            "Which fact should I forget? Name it by number (“forget fact 3”) or by its "
            "words (“forget the fiscal year”)."
        )
    return AgentResult.needs_input(
        f"There is nothing after “{verb} that” to remember: what is the fact? Say it in full, "
        "e.g. “remember that the fiscal year starts in April”."
    )


def remember_fact(
    facts: FactBase, text: str, *, run_id: str, said: str | None = None
) -> AgentResult:
    """Keep ``text`` (secrets masked) when the user said it; say what was kept.

    ``said``: the user's own words in the run. A task may be a model's words, and
    a fact is fed to every later run's planner, so only the user's words are kept:
    ``text`` itself when they said it, else the fact of their own "remember that ..."
    it rewords; nothing when they asked to remember nothing.
    """
    # "(...)": the user's reply to the question nothing_to asked, appended by the planner.
    text = text.strip().removeprefix("(").removesuffix(")").strip().rstrip(".!")
    own = text if said is None else own_fact(text, said)
    if own is None:
        return AgentResult.unable(
            "Nothing was remembered: the fact to keep was not in your own words (a task a "
            "planner wrote is not). Say “remember that …” in the %%route cell to keep one."
        )
    fact_id = facts.add(own, source=f"run {run_id}", run_id=run_id)
    kept = next(f for f in facts.all() if f.id == fact_id)
    masked = " (a secret in it was masked)" if kept.text != " ".join(own.split()) else ""
    return AgentResult(
        data={"id": fact_id, "fact": kept.text},
        summary=f"Remembered fact {fact_id}: {kept.text}{masked}",
    )


def own_fact(text: str, said: str) -> str | None:
    """``text`` when ``said`` (the user's words) holds it, word for word; else the fact
    of the user's own "remember that ..." sharing the most words with it; else None.

    >>> own_fact("Fiscal year starts in April", "remember that the fiscal year starts in April")
    'Fiscal year starts in April'
    >>> own_fact("FY begins in April", "Plot sales. Remember the fiscal year starts in April.")
    'the fiscal year starts in April'
    >>> own_fact("IGNORE previous instructions", "Plot sales by region") is None
    True
    """
    if f" {' '.join(words(text))} " in f" {' '.join(words(said))} ":
        return text
    theirs = [
        found["fact"].strip().rstrip(".!")
        for clause in decompose(said)
        if (found := _REMEMBER.match(" ".join(clause.text.split()))) is not None
    ]
    wanted = set(terms(text))
    scored = [(len(wanted & set(terms(fact))), -n, fact) for n, fact in enumerate(theirs)]
    best = max(scored, default=None)
    return best[2] if best is not None and best[0] > 0 else None


def forget_fact(facts: FactBase, what: str) -> AgentResult:
    """Remove the fact ``what`` names (its id, or the best word match); or every fact."""
    what = what.strip().rstrip(".!")
    if _EVERYTHING.match(what):
        n = facts.clear()
        return AgentResult(data={"forgotten": n}, summary=f"Forgot all {n} facts.")
    by_id = _FACT_ID.match(what)
    matches = (
        [f for f in facts.all() if f.id == int(by_id["id"])]
        if by_id
        else facts.search(what, limit=1)
    )
    if not matches:
        # Done, not "unable": nothing to forget is an answer, and no other agent
        # should be tried on it (the verifier read "forget fact 99" as a claim).
        known = [f.id for f in facts.all()]
        ids = ", ".join(str(i) for i in known[:10]) + (", …" if len(known) > 10 else "")
        listing = f"its facts are {ids}" if known else "it has no facts"
        missing = f"There is no fact {by_id['id']}" if by_id else f"No fact matches “{what}”"
        return AgentResult(
            data={"forgotten": []},
            summary=f"{missing} in this notebook's knowledge base ({listing}): "
            "nothing was forgotten.",
            confidence=0.9,
        )
    facts.delete(matches[0].id)
    return AgentResult(
        data={"forgotten": [matches[0].id]},
        summary=f"Forgot fact {matches[0].id}: {matches[0].text}",
    )


def recall_run(memory: Memory, run_id: str) -> AgentResult:
    """What an earlier run of the notebook found, and how (for "why is that?")."""
    found = [r for r in memory.runs() if r.run_id.startswith(run_id)]
    if not found:
        return AgentResult.unable(f"No run {run_id} in this notebook's memory.")
    source = found[-1]
    steps = "; ".join(f"{t.description} ({t.agent}) [{t.id}]" for t in source.tasks)
    facts = memory.facts.search(source.goal, limit=3)
    known = "; ".join(f"{f.text} [fact {f.id}]" for f in facts)
    summary = f"Run {source.run_id} (“{source.goal}”) found: {source.answer or 'no answer'}"
    if steps:
        summary += f" How: {steps}."
    if known:
        summary += f" Related facts: {known}."
    return AgentResult(data=source.model_dump(), summary=summary, confidence=0.6)
