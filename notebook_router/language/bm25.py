"""The one BM25: Okapi BM25 with a non-negative IDF over weighted bags of terms.

Every ranker of texts uses it (tools, agents, research passages, the relevance of
:mod:`.relevance`). It is organised for the largest of them, a tool store:

- each term's postings are split by namespace, so a search restricted to
  ``tools/statistics/*`` never walks the postings of other namespaces, while
  IDF stays global so scores from different namespaces compare;
- each posting stores its precomputed BM25 impact, so a query only adds
  numbers (no length normalisation per hit);
- the best ``k`` come from a heap, not a full sort;
- with numpy installed (optional), postings are arrays and a query is a few
  vector additions and one partial sort; without it, plain Python does the
  same work.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypeVar

from notebook_router.language.spelling import Speller

T = TypeVar("T")
VECTORISE_FROM = 256
"""Documents from which a search uses numpy (when installed): below, plain Python is as fast."""


@cache
def _numpy() -> Any:
    """numpy, or None where it is not installed.

    Optional: the same results, several times faster on large stores. Imported
    when the first index is built rather than with the package, whose start-up
    it would otherwise add ~50 ms to.
    """
    try:
        import numpy
    except ImportError:  # pragma: no cover - exercised where numpy is absent
        return None
    return numpy


@dataclass(frozen=True, slots=True)
class Scored:
    """A document's position in the index and its BM25 score for a query."""

    doc: int
    score: float


class BM25Index:
    """BM25 over ``(namespace, {term: weight})`` documents, grown one document at a time.

    >>> index = BM25Index([("a", {"plot": 3.0}), ("b", {"mean": 1.0})])
    >>> [s.doc for s in index.search({"mean": 1.0})]
    [1]

    :meth:`add` files a document's terms in O(its terms): a BM25 impact
    depends on every document (the IDF on how many hold the term, the length
    normalisation on the average length), so impacts are worked out when a
    query first asks for a term and kept until the next :meth:`add`. A store
    of 10,000 tools is thus searchable as soon as its last tool is added, and
    a search right after adding scores exactly as one over an index built
    from all the documents at once (same arithmetic, in the same order).
    """

    def __init__(
        self,
        documents: Iterable[tuple[str, Mapping[str, float]]] = (),
        *,
        k1: float = 1.2,
        b: float = 0.75,
        background: int = 0,
    ) -> None:
        """``background``: the least number of documents IDF assumes (0: the index as it
        is). A term one document of two holds is not rare, but one of a realistic
        catalogue holding it is: a small index may be judged as if among unrelated others.
        """
        self.k1 = k1
        self.b = b
        self.background = background
        self.namespaces: list[str] = []
        self.bags: list[dict[str, float]] = []
        self.df: Counter[str] = Counter()
        self._vectorised: bool | None = None
        self._lengths: list[float] = []
        # term -> namespace -> (document ids, term weights), in document order.
        self._postings: dict[str, dict[str, tuple[list[int], list[float]]]] = {}
        self.vocabulary: Counter[str] = Counter()
        """The words the documents were written with (before stemming), for :meth:`correct`."""
        self._speller = Speller(self.vocabulary)  # reads the live counts; learns as they come
        self._stats: _Stats | None = None
        """Impacts and IDF of the current documents, worked out as queries need them."""
        for namespace, bag in documents:
            self.add(namespace, bag)

    @property
    def vectorised(self) -> bool:
        """Whether searches use numpy's arrays: for large indexes, where numpy is installed.

        Small ones (an agent set, a source's passages) are as fast in plain Python and
        never import numpy; set it to force either way (the bench measures both)."""
        if self._vectorised is None:
            return len(self.bags) >= VECTORISE_FROM and _numpy() is not None
        return self._vectorised

    @vectorised.setter
    def vectorised(self, value: bool) -> None:
        self._vectorised = value

    def add(
        self,
        namespace: str,
        bag: Mapping[str, float],
        length: float | None = None,
        words: Iterable[str] = (),
    ) -> int:
        """File one more document; its position (the id searches return).

        ``length``: its length for BM25's normalisation, when not the sum of its bag
        (terms that only add evidence should not make a document look longer).
        ``words``: the words it was written with, for correcting a request's typos (a
        stem is no word to spell against: "population" is filed as "popul").
        """
        doc = len(self.bags)
        bag = dict(bag)
        self.namespaces.append(namespace)
        self.bags.append(bag)
        self._lengths.append(sum(bag.values()) if length is None else length)
        self.df.update(bag.keys())
        for word in words:
            if word not in self.vocabulary:
                self.vocabulary[word] = 0  # counted before learning: the speller reads it
                self._speller.learn(word)
            self.vocabulary[word] += 1
        postings = self._postings
        for t, tf in bag.items():
            by_ns = postings.get(t)
            if by_ns is None:
                by_ns = postings[t] = {}
            entry = by_ns.get(namespace)
            if entry is None:
                entry = by_ns[namespace] = ([], [])
            entry[0].append(doc)
            entry[1].append(tf)
        self._stats = None
        return doc

    def __len__(self) -> int:
        return len(self.bags)

    def __contains__(self, term: object) -> bool:
        return term in self.df

    @property
    def idf(self) -> dict[str, float]:
        """Every term's IDF (non-negative: a term in every document still counts a little)."""
        stats = self._current()
        if stats.idf is None:
            stats.idf = {t: self._idf(t) for t in self.df}
        return stats.idf

    @property
    def size(self) -> int:
        """How many documents IDF counts: the index's, or the background's if more."""
        return max(len(self.bags), self.background)

    @property
    def unseen_idf(self) -> float:
        """The IDF of a term no document has: as informative as a term can be."""
        return math.log(1 + (self.size + 0.5) / 0.5)

    def idf_of(self, term: str) -> float:
        """``term``'s IDF (the unseen IDF for a term no document has)."""
        return self._idf(term) if term in self.df else self.unseen_idf

    def impacts(self, term: str) -> list[tuple[int, float]]:
        """Every document holding ``term`` with its BM25 impact (document order per
        namespace)."""
        by_ns = self._impact_lists(term)
        if by_ns is None:
            return []
        return [pair for ids, values in by_ns.values() for pair in zip(ids, values)]  # noqa: B905

    def scores(self, query: Mapping[str, float]) -> dict[int, float]:
        """The score of every document sharing a term with ``query`` (term → weight)."""
        acc: dict[int, float] = {}
        for t, weight in query.items():
            for i, impact in self.impacts(t):
                acc[i] = acc.get(i, 0.0) + weight * impact
        return acc

    def search(
        self,
        query: Mapping[str, float],
        k: int = 5,
        namespaces: Collection[str] | None = None,
    ) -> list[Scored]:
        """The ``k`` best documents for ``query`` (term → weight), best first.

        ``namespaces`` restricts the search to documents in those exact
        namespaces; None searches everything. Equal scores come back in a fixed order.
        """
        if self.vectorised and self.bags:
            return self._search_arrays(query, k, namespaces)
        acc: dict[int, float] = {}
        get = acc.get
        for t, weight in query.items():
            by_ns = self._impact_lists(t)
            if by_ns is None:
                continue
            lists = _in_scope(by_ns, namespaces)
            for ids, impacts in lists:
                for i, impact in zip(ids, impacts):  # noqa: B905 (same length by construction)
                    acc[i] = get(i, 0.0) + weight * impact
        # Ties go to the earlier document, as with numpy: the same results either way.
        best = heapq.nlargest(k, acc.items(), key=lambda item: (item[1], -item[0]))
        return [Scored(i, s) for i, s in best]

    def _search_arrays(
        self, query: Mapping[str, float], k: int, namespaces: Collection[str] | None
    ) -> list[Scored]:
        np = _numpy()
        assert np is not None
        scores = np.zeros(len(self.bags))
        touched = False
        for t, weight in query.items():
            by_ns = self._impact_arrays(t)
            if by_ns is None:
                continue
            lists = _in_scope(by_ns, namespaces)
            for ids, impacts in lists:
                scores[ids] += weight * impacts  # ids are unique within one list
                touched = True
        if not touched:
            return []
        hits = np.flatnonzero(scores > 0)
        if len(hits) > k:
            hits = hits[np.argpartition(-scores[hits], k - 1)[:k]]
        best = sorted(hits.tolist(), key=lambda i: (-scores[i], i))
        return [Scored(i, float(scores[i])) for i in best]

    def coverage(self, doc: int, query: Mapping[str, float]) -> float:
        """Share of the query's information (IDF × weight) that ``doc`` contains, 0..1."""
        bag = self.bags[doc]
        total = matched = 0.0
        for t, weight in query.items():
            mass = (self._idf(t) if t in self.df else self.unseen_idf) * weight
            total += mass
            if t in bag:
                matched += mass
        return matched / total if total else 0.0

    def correct(self, word: str) -> str | None:
        """The documents' word ``word`` most likely meant (a typo, a word form), if any."""
        return self._speller.correct(word)

    # ------------------------------------------------------------ impacts

    def _idf(self, term: str) -> float:
        n, f = self.size, self.df[term]
        return math.log(1 + (n - f + 0.5) / (f + 0.5))

    def _current(self) -> _Stats:
        if self._stats is None:
            n = len(self._lengths)
            # fsum: exact, so the average does not depend on the order documents came in.
            self._stats = _Stats(avg=(math.fsum(self._lengths) / n) if n else 1.0)
        return self._stats

    def _impact_lists(self, term: str) -> dict[str, tuple[list[int], list[float]]] | None:
        """``term``'s postings with each document's BM25 impact, per namespace."""
        by_ns = self._postings.get(term)
        if by_ns is None:
            return None
        stats = self._current()
        found = stats.lists.get(term)
        if found is None:
            k1, b, avg, lengths = self.k1, self.b, stats.avg or 1.0, self._lengths
            idf = self._idf(term)
            found = stats.lists[term] = {
                ns: (
                    ids,
                    [
                        idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * lengths[i] / avg))
                        for i, tf in zip(ids, tfs)  # noqa: B905 (same length by construction)
                    ],
                )
                for ns, (ids, tfs) in by_ns.items()
            }
        return found

    def _impact_arrays(self, term: str) -> dict[str, tuple[Any, Any]] | None:
        """As :meth:`_impact_lists`, as numpy arrays (the same arithmetic, element by element)."""
        np = _numpy()
        assert np is not None
        by_ns = self._postings.get(term)
        if by_ns is None:
            return None
        stats = self._current()
        found = stats.arrays.get(term)
        if found is None:
            if stats.lengths is None:
                stats.lengths = np.asarray(self._lengths, dtype=np.float64)
            k1, b, avg, lengths = self.k1, self.b, stats.avg or 1.0, stats.lengths
            idf = self._idf(term)
            found = stats.arrays[term] = {}
            for ns, (ids, tfs) in by_ns.items():
                ids_a = np.asarray(ids, dtype=np.int64)
                tf = np.asarray(tfs, dtype=np.float64)
                impacts = idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * lengths[ids_a] / avg))
                found[ns] = (ids_a, impacts)
        return found


@dataclass(slots=True)
class _Stats:
    """What the scores of the current documents share, filled in as queries need it."""

    avg: float
    lengths: Any = None
    idf: dict[str, float] | None = None
    lists: dict[str, dict[str, tuple[list[int], list[float]]]] = field(default_factory=dict)
    arrays: dict[str, dict[str, tuple[Any, Any]]] = field(default_factory=dict)


def _in_scope(by_namespace: Mapping[str, T], namespaces: Collection[str] | None) -> Iterable[T]:
    """A term's posting lists in the namespaces searched (all of them for None)."""
    if namespaces is None:
        return by_namespace.values()
    return [by_namespace[ns] for ns in namespaces if ns in by_namespace]
