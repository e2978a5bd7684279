"""Optional embedding retrieval, behind the same ``Retriever`` protocol as the lexical one.

Bring any embedding model as an :class:`Embedder` (a sentence-transformers
model, an embeddings API, ...). :class:`HashingEmbedder` is a dependency-free
one (hashed terms and character trigrams) that tolerates typos and word
forms; it needs no download and is deterministic. Vectors are compared by
cosine similarity, with numpy when it is installed.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Collection, Sequence
from typing import Protocol, runtime_checkable

from notebook_router.language.lexicon import terms
from notebook_router.tools.retrieval import Match
from notebook_router.tools.spec import Tool

Vector = Sequence[float]


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into vectors of one fixed length."""

    def embed(self, texts: Sequence[str]) -> Sequence[Vector]:
        """One vector per text."""
        ...


class HashingEmbedder:
    """Feature hashing of terms and character trigrams into ``dimensions`` buckets.

    >>> e = HashingEmbedder(64)
    >>> len(e.embed(["convert units"])[0])
    64
    """

    def __init__(self, dimensions: int = 512) -> None:
        self.dimensions = dimensions

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._one(text) for text in texts]

    def _one(self, text: str) -> list[float]:
        vector = [0.0] * self.dimensions
        for word in terms(text):
            vector[self._bucket("w:" + word)] += 1.0
            padded = f"#{word}#"
            for i in range(len(padded) - 2):
                vector[self._bucket("c:" + padded[i : i + 3])] += 0.3
        return _normalised(vector)

    def _bucket(self, feature: str) -> int:
        digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
        return int.from_bytes(digest, "little") % self.dimensions


def tool_text(tool: Tool) -> str:
    """What an embedder sees of a tool: name, keywords, description, parameter names."""
    params = " ".join(tool.spec.properties)
    return f"{tool.name.replace('_', ' ')}. {' '.join(tool.keywords)}. {tool.description} {params}"


class EmbeddingRetriever:
    """Nearest tools by cosine similarity of embeddings; ``relevance`` is the similarity."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._namespaces: list[str] = []
        self._vectors: list[list[float]] = []
        self._matrix: object | None = None

    def build(self, entries: Sequence[tuple[str, Tool]]) -> None:
        self._namespaces = [ns for ns, _ in entries]
        raw = self.embedder.embed([tool_text(t) for _, t in entries]) if entries else []
        self._vectors = [_normalised(list(v)) for v in raw]
        self._matrix = _as_matrix(self._vectors)

    def search(self, query: str, k: int, namespaces: Collection[str] | None) -> list[Match]:
        if not self._vectors:
            return []
        q = _normalised(list(self.embedder.embed([query])[0]))
        sims = _similarities(self._matrix, self._vectors, q)
        allowed = set(namespaces) if namespaces is not None else None
        ranked = sorted(
            (i for i in range(len(sims)) if allowed is None or self._namespaces[i] in allowed),
            key=lambda i: (-sims[i], i),
        )
        return [Match(i, sims[i], max(0.0, min(1.0, sims[i]))) for i in ranked[:k]]


def _normalised(vector: list[float]) -> list[float]:
    norm = math.sqrt(sum(x * x for x in vector))
    return [x / norm for x in vector] if norm else vector


def _as_matrix(vectors: list[list[float]]) -> object | None:
    try:
        import numpy as np
    except ImportError:
        return None
    return np.asarray(vectors, dtype=float) if vectors else None


def _similarities(matrix: object | None, vectors: list[list[float]], q: list[float]) -> list[float]:
    if matrix is not None:
        import numpy as np

        scores: list[float] = (np.asarray(matrix) @ np.asarray(q, dtype=float)).tolist()
        return scores
    return [sum(a * b for a, b in zip(v, q, strict=True)) for v in vectors]
