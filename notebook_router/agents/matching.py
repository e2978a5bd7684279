"""How well each agent fits a task: the tool router's relevance, read for agents.

Agents and tools are read alike (:mod:`notebook_router.language.relevance`):
Snowball stems, the concept lexicon ("graph" and "plot" meet), values a
task merely gives masked, typos corrected against the agents' own words.
What differs is how an agent's card is laid out:

- its **name** says what it does ("revenue_chart"), and is read as one
  phrase of its words; an agent noun also counts as its verb
  ("plotter" plots, "loader" loads);
- each **capability** is one topic: a topic of several words is a phrase
  ("support load"), its weight shared among its words, so a task that says
  only "load" matches it partly, and the whole phrase in a task (adjacent
  words, in order) earns the phrase's own term as well;
- the **description** is prose: each word counts half as much as a topic
  ("where support load outgrows sales" mentions sales; "sales" as a topic
  is what the agent is about), its leading word (its verb) counts more;
- a tree member's descendants' topics count at half weight in its
  ancestors' cards (a parent is found by what its team can do);
- the task's **leading word**, usually its verb, counts more (×1.5): "plot
  monthly revenue" is a plotting job though "revenue" is the loader's
  topic. Only when it is the task's first word: in "give the customer
  their money back" the verb is filler, and "customer" is no action.

IDF is over the agents as they are (no background catalogue, unlike tools):
agents are only ever ranked against one another.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING

from notebook_router.language.bm25 import BM25Index
from notebook_router.language.lexicon import terms
from notebook_router.language.relevance import Catalogue, Query, Unit, analyse
from notebook_router.language.stems import stem
from notebook_router.tools.word_vectors import bundled_embedder

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

NAME_WEIGHT = 3.0
CAPABILITY_WEIGHT = 2.0
REACH_WEIGHT = 0.5
"""How much a descendant's topics count in its ancestors' cards (times the topic weight)."""
VERB_WEIGHT = 1.5
DESCRIPTION_WEIGHT = 0.5
"""A description word: prose says more than its topics, so each word says less."""
MEANING_FLOOR = 0.15
"""Least cosine similarity for :meth:`AgentRelevance.by_meaning` to offer an agent: unrelated
words ("hello", "what is the meaning of life", "zzz") sit at 0.04-0.15 to agent cards with
these word vectors, tasks phrased in other words than a card's at 0.15-0.26."""
MEANING_CONTENDERS = 3
_PAIR = "+"
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_APOSTROPHE = re.compile(r"['’]")
_LABEL = re.compile(r"^[^:.\n]{1,40}:\s")
_AGENT_NOUN = ("er", "or")


@dataclass(frozen=True, slots=True)
class AgentText:
    """What an agent is matched by: its name, description and (topic, confidence) pairs."""

    name: str
    description: str
    capabilities: Sequence[tuple[str, float]] = ()
    reach: Sequence[tuple[str, float]] = ()
    """The (topic, confidence) pairs of the agent's descendants."""


@dataclass(slots=True)
class AgentDocument:
    """An agent's weighted bag of terms (stems, concepts, phrases), and its length.

    The length counts each word once, by weight: the concepts a word stands for
    and the phrases it is part of are other ways to match it, not more text.
    """

    bag: dict[str, float] = field(default_factory=dict)
    length: float = 0.0

    def add(self, units: Sequence[Unit], weight: float) -> None:
        """Each of ``units`` at ``weight``."""
        for unit in units:
            self._add(unit.terms, weight)
            self.length += weight

    def add_phrase(self, units: Sequence[Unit], weight: float) -> None:
        """One topic: ``weight`` shared among its units, and the whole to each adjacent pair."""
        if not units:
            return
        self.add(units, weight / len(units))
        for a, b in pairwise(units):
            self._add(_pair_terms(a, b), weight)

    def _add(self, terms: Iterable[str], weight: float) -> None:
        for term in terms:
            self.bag[term] = self.bag.get(term, 0.0) + weight


def agent_document(agent: AgentText) -> AgentDocument:
    """What ``agent`` is matched by (see the module docstring)."""
    doc = AgentDocument()
    doc.add_phrase(_name_units(agent.name), NAME_WEIGHT)
    for topic, confidence in agent.capabilities:
        doc.add_phrase(analyse(topic), CAPABILITY_WEIGHT * confidence)
    for topic, confidence in agent.reach:
        doc.add_phrase(analyse(topic), CAPABILITY_WEIGHT * REACH_WEIGHT * confidence)
    description = _description_units(agent.description)
    # Its leading word is the action ("Loads …", "Plots …"), as a task's is.
    doc.add(description[:1], DESCRIPTION_WEIGHT * VERB_WEIGHT)
    doc.add(description[1:], DESCRIPTION_WEIGHT)
    return doc


class AgentRelevance:
    """Agents ranked for a task (see the module docstring).

    >>> agents = [AgentText("plotter", "Draws charts", [("plot", 1.0)]),
    ...           AgentText("loader", "Loads CSV files", [("load data", 1.0)])]
    >>> list(AgentRelevance(agents).scores("visualise the revenue"))  # "visualize": a chart
    [0]
    """

    def __init__(self, agents: Sequence[AgentText]) -> None:
        self._texts = [_plain_text(a) for a in agents]
        self._plain: BM25Index | None = None
        self._vectors: NDArray[np.float32] | None = None
        words = [w for text in self._texts for w in re.findall(r"[a-z]+", text.lower())]
        docs = [agent_document(a) for a in agents]
        self.catalogue = Catalogue(
            [d.bag for d in docs],
            words,
            background=0,  # agents compete only with one another
            lengths=[d.length for d in docs],
        )

    def read(self, task: str) -> Query:
        """``task`` as units: the leading one counts more; adjacent pairs add phrase terms."""
        query = self.catalogue.read(task)
        # A word said again is the same evidence: "choose between plan A, plan B and
        # plan C" is a choice, not three times a plan.
        units: list[Unit] = []
        seen: set[frozenset[str]] = set()
        for unit in query.units:  # a set, not a scan of the kept units: a pasted book is long
            if unit.terms not in seen:
                seen.add(unit.terms)
                units.append(unit)
        if not units:
            return query
        if _leads(task, units[0], query.corrected):
            first = units[0]
            units = [
                Unit(first.text, first.terms, first.weight * VERB_WEIGHT, first.lexical),
                *units[1:],
            ]
        pairs = [
            Unit(f"{a.text} {b.text}", frozenset(_pair_terms(a, b)), lexical=True)
            for a, b in pairwise(units)
        ]
        phrases = [p for p in pairs if not p.terms.isdisjoint(self.catalogue.df)]
        return Query(units=[*units, *phrases], corrected=query.corrected)

    def scores(self, task: str) -> dict[int, float]:
        """Each matching agent's score for ``task``, by its position.

        A task made only of words the relevance sets aside (filler such as
        "show", "things") is matched by its plain words instead: an agent may
        well be named with them.
        """
        found = {r.doc: r.score for r in self.catalogue.rank(self.read(task)) if r.score > 0}
        if found or not (plain := terms(task)):
            return found
        return {i: s for i, s in self._plain_index().scores(Counter(plain)).items() if s > 0}

    def covered(self, task: str, doc: int) -> frozenset[str]:
        """The words of ``task`` (single words, not the phrases they make) that agent
        ``doc``'s card holds: what of the task the agent was matched for.

        >>> agents = [AgentText("plotter", "Draws charts", [("plot", 1.0)]),
        ...           AgentText("loader", "Loads CSV files", [("load data", 1.0)])]
        >>> sorted(AgentRelevance(agents).covered("load the data and plot it", 1))
        ['data', 'load']
        """
        bag = self.catalogue.bags[doc]
        return frozenset(
            u.text for u in self.read(task).units if " " not in u.text and u.terms & bag.keys()
        )

    def by_meaning(self, task: str) -> dict[int, float]:
        """The agents nearest ``task`` in meaning (cosine similarity, by position), for a
        task none matches by its words; empty without the ``embeddings`` extra.

        "Boil the report down to five lines" shares no word with a card that
        "summarises long documents", but its meaning is near.
        """
        embedder = bundled_embedder()
        if embedder is None or not self._texts:
            return {}
        if self._vectors is None:
            self._vectors = embedder.embed([t.replace("_", " ") for t in self._texts])
        similar = self._vectors @ embedder.embed([task])[0]
        nearest = sorted(range(len(similar)), key=lambda i: (-float(similar[i]), i))
        return {
            i: float(similar[i])
            for i in nearest[:MEANING_CONTENDERS]
            if float(similar[i]) >= MEANING_FLOOR
        }

    def _plain_index(self) -> BM25Index:
        if self._plain is None:
            self._plain = BM25Index(("", Counter(terms(text))) for text in self._texts)
        return self._plain


def _leads(task: str, unit: Unit, corrected: dict[str, str]) -> bool:
    """``unit`` is the task's first word (its verb, usually), not a later one.

    "Give the customer their money back" leads with "give", which says
    nothing; "customer" is then not the action, and counts once.
    """
    first = _WORD.search(task.lower())
    if first is None:
        return False
    word = _APOSTROPHE.sub("", first.group())
    return unit.text.split()[0] == corrected.get(word, word)


def _description_units(description: str) -> list[Unit]:
    """A description's units, from the first after a leading label ("Research: answers")."""
    label = _LABEL.match(description)
    return analyse(description[label.end() :] if label else description)


def _name_units(name: str) -> list[Unit]:
    """A name's units, an agent noun also standing for its verb ("plotter": plot)."""
    units = analyse(name)
    return [Unit(u.text, u.terms | _verb_of(u.text), u.weight, u.lexical) for u in units]


def _verb_of(word: str) -> frozenset[str]:
    if " " in word or len(word) < 6 or not word.endswith(_AGENT_NOUN):
        return frozenset()
    base = word[:-2]
    if len(base) > 3 and base[-1] == base[-2]:
        base = base[:-1]  # plotter → plot
    return frozenset({stem(base), stem(base + "e")})


def _pair_terms(a: Unit, b: Unit) -> set[str]:
    return {f"{x}{_PAIR}{y}" for x in a.terms for y in b.terms}


def _plain_text(agent: AgentText) -> str:
    """Every word of ``agent``'s card, as written."""
    topics = " ".join(t for t, _ in (*agent.capabilities, *agent.reach))
    return f"{agent.name.replace('_', ' ')} {agent.description} {topics}"
