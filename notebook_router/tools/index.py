"""A BM25 index over tools, partitioned by namespace, built for fast top-k queries.

Same scoring as :class:`notebook_router.text.bm25.BM25Index` (Okapi BM25 with
a non-negative IDF over weighted bags of terms), organised differently
because a tool store asks different questions of it:

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
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import Any, TypeVar

from notebook_router.tools.fuzzy import Speller

T = TypeVar("T")


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


class LexicalIndex:
    """BM25 over ``(namespace, {term: weight})`` documents.

    >>> index = LexicalIndex([("a", {"plot": 3.0}), ("b", {"mean": 1.0})])
    >>> [s.doc for s in index.search({"mean": 1.0})]
    [1]
    """

    def __init__(
        self,
        documents: Sequence[tuple[str, Mapping[str, float]]],
        *,
        k1: float = 1.2,
        b: float = 0.75,
    ) -> None:
        self.namespaces = [ns for ns, _ in documents]
        self.bags = [dict(bag) for _, bag in documents]
        n = len(self.bags)
        lengths = [sum(bag.values()) for bag in self.bags]
        avg = (sum(lengths) / n) if n else 1.0
        df: Counter[str] = Counter()
        for bag in self.bags:
            df.update(bag.keys())
        self.df = df
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        # A term no document has: as informative as a term can be.
        self.unseen_idf = math.log(1 + (n + 0.5) / 0.5)
        postings: dict[str, dict[str, tuple[list[int], list[float]]]] = {}
        for i, bag in enumerate(self.bags):
            scale = k1 * (1 - b + b * lengths[i] / (avg or 1.0))
            ns = self.namespaces[i]
            for t, tf in bag.items():
                impact = self.idf[t] * tf * (k1 + 1) / (tf + scale)
                ids, impacts = postings.setdefault(t, {}).setdefault(ns, ([], []))
                ids.append(i)
                impacts.append(impact)
        self._postings = postings
        np = _numpy()
        self.vectorised = np is not None
        self._arrays: dict[str, dict[str, tuple[Any, Any]]] = {}
        if np is not None:
            self._arrays = {
                t: {
                    ns: (np.asarray(ids, dtype=np.int64), np.asarray(imp, dtype=np.float64))
                    for ns, (ids, imp) in by_ns.items()
                }
                for t, by_ns in postings.items()
            }
        # Built now rather than on the first misspelt request, so no query pays for it.
        self._speller = Speller(self.df)

    def __len__(self) -> int:
        return len(self.bags)

    def __contains__(self, term: object) -> bool:
        return term in self.df

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
            by_ns = self._postings.get(t)
            if by_ns is None:
                continue
            lists = _in_scope(by_ns, namespaces)
            for ids, impacts in lists:
                for i, impact in zip(ids, impacts):  # noqa: B905 (same length by construction)
                    acc[i] = get(i, 0.0) + weight * impact
        # C-level key (no lambda per candidate): ties go to the document scored first.
        best = heapq.nlargest(k, acc.items(), key=itemgetter(1))
        return [Scored(i, s) for i, s in best]

    def _search_arrays(
        self, query: Mapping[str, float], k: int, namespaces: Collection[str] | None
    ) -> list[Scored]:
        np = _numpy()
        assert np is not None
        scores = np.zeros(len(self.bags))
        touched = False
        for t, weight in query.items():
            by_ns = self._arrays.get(t)
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
            mass = self.idf.get(t, self.unseen_idf) * weight
            total += mass
            if t in bag:
                matched += mass
        return matched / total if total else 0.0

    def correct(self, term: str) -> str | None:
        """The indexed term one edit away from ``term`` (a likely typo), if any."""
        return self._speller.correct(term)


def _in_scope(by_namespace: Mapping[str, T], namespaces: Collection[str] | None) -> Iterable[T]:
    """A term's posting lists in the namespaces searched (all of them for None)."""
    if namespaces is None:
        return by_namespace.values()
    return [by_namespace[ns] for ns in namespaces if ns in by_namespace]
