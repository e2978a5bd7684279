"""Whether a request is about the run's data more than about what another agent does.

With tables in the run, a question whose words name their columns, values or names is
a data task, even when one of its words also fits a built-in that holds no data
("how many days with an ozone *reading* in each month" shares "reading" with the
narrator; "who *played* more than twice?" says the verb of a ``player`` column, the
people who do it; "what was the *price* of the Mazda RX4" shares "price" with the decision
agent; "who is the oldest *player*?" shares "player", a column, with the narrator).
Such an agent could only say it cannot help; the data analyst answers from the data,
or says what the data lacks.
"""

from __future__ import annotations

from functools import lru_cache

from notebook_router.agents.card import holder
from notebook_router.agents.matcher import AgentMatcher
from notebook_router.agents.roles import ANALYST
from notebook_router.language.lexicon import terms
from notebook_router.language.verb_forms import roots
from notebook_router.planner.planner_view import PlannerView


def data_links(view: PlannerView, text: str) -> frozenset[str]:
    """The terms of ``text`` that name the run's tables, their columns or their values."""
    if not view.data_words:
        return frozenset()
    said = frozenset(terms(text))
    named = said & view.data_words
    doers = _doer_roots(view.data_words)
    return named | frozenset(t for t in said - named if not roots(t).isdisjoint(doers))


_AGENT_NOUN = ("er", "or")
"""How a noun for the one who does a thing ends ("player", "visitor")."""


@lru_cache(maxsize=32)
def _doer_roots(data_words: frozenset[str]) -> frozenset[str]:
    """The verbs the data's agent nouns are made from ("play" of a ``player`` column): a
    request saying one ("who played ...", "who visited ...") asks about those people."""
    found: set[str] = set()
    for word in data_words:
        if word.endswith(_AGENT_NOUN):
            found |= roots(word) - {word}
    return frozenset(found)


def data_outweighs(view: PlannerView, matcher: AgentMatcher, text: str, best: str) -> str | None:
    """The data analyst for ``text`` when ``best`` is a built-in that holds no data and
    more of the text's words name the run's data than fit ``best``; else None.

    A user's own agent keeps what it matched (the user wrote it for such requests), and
    so does a built-in matched by as many words as the data's ("read the mean ozone
    aloud": "aloud" is the narrator's whatever the table holds).
    """
    analyst = holder(view.agents, ANALYST)
    if analyst is None or best == analyst:
        return None
    card = next((c for c in view.agents if c.name == best), None)
    if card is None or not card.builtin:
        return None
    links = data_links(view, text)
    if not links:
        return None
    fits = frozenset(terms(" ".join(matcher.covered(text, best))))
    if not fits - links:
        return analyst  # "who is the oldest player?": the narrator's "player" is a column
    return analyst if len(links - fits) > len(fits - links) else None
