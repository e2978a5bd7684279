"""A small BM25 index (Okapi BM25 with a non-negative IDF) over weighted fields."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Hit:
    """A scored document."""

    index: int
    key: str
    score: float


class BM25Index:
    """Rank documents (bags of weighted tokens) against a query.

    Documents are given as ``(key, {token: weight})`` so callers can weight
    fields differently (an agent's name counts more than its description).
    """

    def __init__(
        self,
        documents: Iterable[tuple[str, Counter[str] | dict[str, float]]],
        *,
        k1: float = 1.2,
        b: float = 0.75,
    ) -> None:
        self.keys: list[str] = []
        self.docs: list[dict[str, float]] = []
        for key, bag in documents:
            self.keys.append(key)
            self.docs.append(dict(bag))
        self.k1, self.b = k1, b
        self.lengths = [sum(d.values()) for d in self.docs]
        self.avg_length = (sum(self.lengths) / len(self.lengths)) if self.lengths else 0.0
        df: Counter[str] = Counter()
        for doc in self.docs:
            df.update(doc.keys())
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        self.postings: dict[str, list[int]] = {}
        for i, doc in enumerate(self.docs):
            for token in doc:
                self.postings.setdefault(token, []).append(i)

    def scores(self, query: Sequence[str] | dict[str, float]) -> dict[int, float]:
        """Score of every document that shares at least one token with ``query``."""
        weights = query if isinstance(query, dict) else Counter(query)
        out: dict[int, float] = {}
        avg = self.avg_length or 1.0
        for token, q_weight in weights.items():
            idf = self.idf.get(token)
            if idf is None:
                continue
            for i in self.postings[token]:
                tf = self.docs[i][token]
                norm = (
                    tf
                    * (self.k1 + 1)
                    / (tf + self.k1 * (1 - self.b + self.b * self.lengths[i] / avg))
                )
                out[i] = out.get(i, 0.0) + q_weight * idf * norm
        return out

    def search(self, query: Sequence[str] | dict[str, float], k: int = 5) -> list[Hit]:
        """The ``k`` best documents, best first; ties keep document order."""
        ranked = sorted(self.scores(query).items(), key=lambda item: (-item[1], item[0]))
        return [Hit(i, self.keys[i], s) for i, s in ranked[:k]]
