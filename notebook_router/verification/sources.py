"""Scoring the sources a run's results cite: relevance, recency and use."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime

from notebook_router.language.lexicon import terms
from notebook_router.verification.claims import SourceScore

# ------------------------------------------------------------------ sources


def score_sources(
    citations: Iterable[tuple[str, str, str | None]], about: str, *, now: datetime | None = None
) -> list[SourceScore]:
    """Score cited sources (``(source, text, url)`` each, once per use) for ``about``.

    relevance: the share of ``about``'s words the source's text shares; recency: 1 for
    this year, less by 0.2 a year, 0.5 when no year is given; use: how often the run's
    results cite it (3 or more: 1). The score weighs them 2:1:1, best first.
    """
    year = (now or datetime.now(UTC)).year
    wanted = set(terms(about))
    seen: dict[str, tuple[str, str | None, int]] = {}
    for source, text, url in citations:
        _, _, uses = seen.get(source, (text, url, 0))
        seen[source] = (text, url, uses + 1)
    scores = []
    for source, (text, url, uses) in seen.items():
        shared = wanted & set(terms(f"{source} {text}"))
        relevance = len(shared) / len(wanted) if wanted else 0.0
        years = [int(y) for y in re.findall(r"\b(19\d\d|20\d\d)\b", f"{source} {text} {url}")]
        recency = max(0.0, 1 - 0.2 * (year - max(years))) if years else 0.5
        use = min(1.0, uses / 3)
        score = (2 * relevance + recency + use) / 4
        scores.append(
            SourceScore(
                source=source,
                relevance=round(relevance, 2),
                recency=round(recency, 2),
                use=round(use, 2),
                score=round(score, 2),
            )
        )
    return sorted(scores, key=lambda s: -s.score)
