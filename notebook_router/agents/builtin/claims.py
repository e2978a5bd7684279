"""Checking what a result claims against the evidence a run has.

Shared by the :class:`~notebook_router.agents.builtin.verifier.Verifier` agent and the
run's automatic verification (:mod:`notebook_router.planner.verification`), so a claim
is judged the same way whoever asks.

Offline, the claims are the numbers in a result's text: each must be found in the
evidence (the data a result or an earlier result holds, the notebook's tables, tool
outputs, cited sources), or be computable from it (a column's sum, mean, count, min,
max, a group's total or share), to the precision it is written with. With a model, a
verifier prompt returns a verdict per claim as JSON; a reply that cannot be read makes
every claim unverified, never an error.

>>> evidence = Evidence()
>>> evidence.add({"North": 1200.0, "South": 800.0}, "totals")
>>> [(c.text, c.verified) for c in check_numbers("North sold 1,200 and South 950.", evidence)]
[('1,200', True), ('950', False)]
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timezone
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.errors import NotebookRouterError
from notebook_router.providers.base import ModelClient
from notebook_router.text.json_reply import parse_model_output
from notebook_router.text.preview import clip, preview
from notebook_router.text.tokens import tokens

MAX_CELLS = 200_000
"""Tables up to this many cells give every value as evidence; bigger ones their statistics."""
MAX_GROUPS = 50
"""Group-by totals are worked out for columns with at most this many distinct values."""
EVIDENCE_CHARS = 6000
"""How much of the verifier prompt the evidence may take."""


class ClaimCheck(BaseModel):
    """One claim of a result and whether the evidence bears it out."""

    model_config = ConfigDict(frozen=True)

    text: str = Field(description="The claim as the result states it (a number, or a sentence).")
    verified: bool
    evidence: str = Field(default="", description="Where it was found, or why it was not.")


class SourceScore(BaseModel):
    """A cited source, scored: how relevant, how recent, how much the run used it (0..1)."""

    model_config = ConfigDict(frozen=True)

    source: str
    relevance: float
    recency: float
    use: float
    score: float


# ------------------------------------------------------------------ numbers in text

_DATES = re.compile(
    r"\b\d{4}-\d{1,2}(?:-\d{1,2})?\b|\b\d{1,2}:\d{2}(?::\d{2})?\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b"
)
_NUMBER = re.compile(
    r"(?<![\w.])(?P<sign>[-−])?(?P<cur>[$€£])?"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:\s?(?P<suffix>%|percent\b|k\b|thousand\b|mn\b|m\b|million\b|bn\b|billion\b))?"
    r"(?![\w])"
)
_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mn": 1e6, "million": 1e6}
_SCALE.update({"bn": 1e9, "billion": 1e9})


class Number(BaseModel):
    """A number as written in a text, with the precision it was written to."""

    model_config = ConfigDict(frozen=True)

    text: str
    value: float
    tolerance: float
    percent: bool = False


def numbers_in(text: str) -> list[Number]:
    """Every number written in ``text`` (dates and times left out), with its precision.

    >>> [(n.value, round(n.tolerance, 1)) for n in numbers_in("1.2 million, 35% and 1,234")]
    [(1200000.0, 50000.0), (35.0, 0.5), (1234.0, 0.5)]
    """
    found = []
    for match in _NUMBER.finditer(_DATES.sub(" ", text)):
        digits = match["num"].replace(",", "")
        suffix = (match["suffix"] or "").lower()
        scale = _SCALE.get(suffix, 1.0)
        decimals = len(digits.partition(".")[2])
        value = float(digits) * scale * (-1 if match["sign"] else 1)
        tolerance = 0.5 * 10.0**-decimals * scale + 1e-9 * abs(value)
        percent = suffix in ("%", "percent")
        found.append(
            Number(text=match.group(0).strip(), value=value, tolerance=tolerance, percent=percent)
        )
    return found


def claimed_numbers(text: str, *, ignore: str = "") -> list[Number]:
    """The numbers in ``text`` that state a finding.

    Left out: numbers the request itself contains (``ignore``: "top 3", "in 2024"),
    years written alone (labels more often than findings) and single digits without a
    unit (counts and ordinals in prose: "2 of the 3 regions").
    """
    asked = {round(n.value, 9) for n in numbers_in(ignore)}
    claims = []
    for number in numbers_in(text):
        plain = not number.percent and number.text.lstrip("-−$€£").isdigit()
        if plain and (abs(number.value) < 10 or 1500 <= number.value <= 2100):
            continue
        if round(number.value, 9) in asked:
            continue
        claims.append(number)
    return claims


# ------------------------------------------------------------------------ evidence


class Evidence:
    """The numbers a run can vouch for, and where each one comes from."""

    def __init__(self) -> None:
        self._found: list[tuple[float, str]] = []
        self._sorted: list[tuple[float, str]] | None = None
        self.sources: list[tuple[str, str]] = []
        """(name, preview) of each piece of evidence, for a verifier prompt."""

    def __len__(self) -> int:
        return len(self._found)

    def add(self, value: Any, where: str) -> None:
        """Take in ``value`` (a table, series, mapping, list, number or text) from ``where``."""
        self.sources.append((where, preview(value, 600)))
        self._walk(value, where, depth=0)

    def number(self, value: float, where: str) -> None:
        """One number found (or computed) at ``where``."""
        if math.isfinite(value):
            self._found.append((float(value), where))
            self._sorted = None

    def find(self, claim: Number) -> str | None:
        """Where ``claim`` is found, to its precision; None if nowhere."""
        wanted = [(claim.value, claim.tolerance)]
        if claim.percent:  # 35% may be held as 0.35
            wanted.append((claim.value / 100, claim.tolerance / 100))
        if self._sorted is None:
            self._sorted = sorted(self._found)
        keys = self._sorted
        for value, tolerance in wanted:
            i = bisect.bisect_left(keys, (value - tolerance, ""))
            if i < len(keys) and keys[i][0] <= value + tolerance:
                return keys[i][1]
        return None

    # ------------------------------------------------------------------ walking

    def _walk(self, value: Any, where: str, depth: int) -> None:
        if depth > 4 or value is None or isinstance(value, bool):
            return
        if isinstance(value, (int, float)) or _is_numpy_number(value):
            self.number(float(value), where)
        elif isinstance(value, str):
            for n in numbers_in(value):
                self.number(n.value, where)
        elif _is_frame(value):
            self._frame(value, where)
        elif _is_series(value):
            self._column(value, where)
        elif isinstance(value, Mapping):
            self.number(len(value), f"count of {where}")
            for key, item in list(value.items())[:1000]:
                self._walk(item, f"{where}[{key}]", depth + 1)
        elif isinstance(value, (list, tuple, set, frozenset)):
            items = list(value)
            self.number(len(items), f"count of {where}")
            for item in items[:1000]:
                self._walk(item, where, depth + 1)
            numeric = [float(v) for v in items if isinstance(v, (int, float))]
            if numeric:
                self._stats(numeric, where)
        elif hasattr(value, "tolist") and hasattr(value, "size") and value.size <= MAX_CELLS:
            self._walk(value.tolist(), where, depth + 1)  # a numpy array

    def _stats(self, values: Sequence[float], where: str) -> None:
        total = math.fsum(values)
        for name, number in (("sum", total), ("mean", total / len(values))):
            self.number(number, f"{name} of {where}")
        self.number(min(values), f"min of {where}")
        self.number(max(values), f"max of {where}")

    def _column(self, series: Any, where: str) -> None:
        name = f"{where}.{series.name}" if series.name is not None else where
        self.number(len(series), f"count of {name}")
        if _numeric(series):
            clean = series.dropna()
            if len(clean):
                for stat in ("sum", "mean", "median", "min", "max", "std"):
                    self.number(float(getattr(clean, stat)()), f"{stat} of {name}")
                self.number(float(clean.count()), f"count of {name}")
            if series.size <= MAX_CELLS:
                for value in clean.tolist():
                    if isinstance(value, (int, float)):
                        self.number(float(value), name)
            labels = series.index
            if series.size <= MAX_GROUPS and not _numeric_index(labels):
                for label in labels:  # a series of totals by label: each total's share
                    self._share(series, label, name)
        else:
            self.number(float(series.nunique()), f"distinct values of {name}")

    def _share(self, series: Any, label: Any, name: str) -> None:
        total = float(series.sum())
        if total:
            self.number(100 * float(series[label]) / total, f"share of {label} in {name}")

    def _frame(self, frame: Any, where: str) -> None:
        self.number(len(frame), f"rows of {where}")
        numeric = [c for c in frame.columns if _numeric(frame[c])]
        for column in frame.columns:
            series = frame[column]
            if frame.size > MAX_CELLS and column not in numeric:
                continue
            self._column(series.rename(f"{column}"), where)
        index = frame.index
        if frame.size <= MAX_CELLS and index.is_unique and not _numeric_index(index):
            for label in frame.index[:MAX_GROUPS]:  # a table of totals indexed by label
                for column in numeric:
                    column_total = float(frame[column].sum())
                    if column_total:
                        share = 100 * float(frame.at[label, column]) / column_total
                        self.number(share, f"share of {label} in {where}.{column}")
        for key in [c for c in frame.columns if c not in numeric][:10]:
            if 1 < frame[key].nunique() <= MAX_GROUPS:
                self._groups(frame, key, numeric[:20], where)

    def _groups(self, frame: Any, key: Any, numeric: list[Any], where: str) -> None:
        grouped = frame.groupby(key, observed=True)
        sizes = grouped.size()
        for label, size in sizes.items():
            self.number(float(size), f"rows of {where} with {key}={label}")
        for column in numeric:
            column_total = float(frame[column].sum())
            for stat in ("sum", "mean", "min", "max"):
                for label, value in getattr(grouped[column], stat)().items():
                    self.number(float(value), f"{stat} of {where}.{column} for {key}={label}")
                    if stat == "sum" and column_total:
                        share = 100 * float(value) / column_total
                        self.number(share, f"share of {key}={label} in {where}.{column}")

    def describe(self, limit: int = EVIDENCE_CHARS) -> str:
        """The evidence as a verifier prompt shows it (previews, bounded)."""
        lines: list[str] = []
        used = 0
        for name, shown in self.sources:
            line = f"- {name}: {shown}"
            if used + len(line) > limit:
                lines.append(f"- ... and {len(self.sources) - len(lines)} more")
                break
            lines.append(line)
            used += len(line)
        return "\n".join(lines) or "(no evidence)"


def _is_numpy_number(value: Any) -> bool:
    return type(value).__module__ == "numpy" and hasattr(value, "dtype") and value.ndim == 0


def _is_frame(value: Any) -> bool:
    return hasattr(value, "columns") and hasattr(value, "groupby") and hasattr(value, "iloc")


def _is_series(value: Any) -> bool:
    return hasattr(value, "dtype") and hasattr(value, "index") and hasattr(value, "dropna")


def _numeric(series: Any) -> bool:
    kind = getattr(series.dtype, "kind", "O")
    return bool(kind in "iuf")


def _numeric_index(index: Any) -> bool:
    return bool(getattr(index.dtype, "kind", "O") in "iuf")


def check_numbers(text: str, evidence: Evidence, *, ignore: str = "") -> list[ClaimCheck]:
    """Each number ``text`` claims, verified if ``evidence`` holds it (or holds what it is
    computed from), to the precision it is written with."""
    checks = []
    for claim in claimed_numbers(text, ignore=ignore):
        where = evidence.find(claim)
        checks.append(
            ClaimCheck(
                text=claim.text,
                verified=where is not None,
                evidence=where or "not found in (or computable from) the data or tool outputs",
            )
        )
    return checks


# ------------------------------------------------------------------ sources


def score_sources(
    citations: Iterable[tuple[str, str, str | None]], about: str, *, now: datetime | None = None
) -> list[SourceScore]:
    """Score cited sources (``(source, text, url)`` each, once per use) for ``about``.

    relevance: the share of ``about``'s words the source's text shares; recency: 1 for
    this year, less by 0.2 a year, 0.5 when no year is given; use: how often the run's
    results cite it (3 or more: 1). The score weighs them 2:1:1, best first.
    """
    year = (now or datetime.now(timezone.utc)).year
    wanted = set(tokens(about))
    seen: dict[str, tuple[str, str | None, int]] = {}
    for source, text, url in citations:
        _, _, uses = seen.get(source, (text, url, 0))
        seen[source] = (text, url, uses + 1)
    scores = []
    for source, (text, url, uses) in seen.items():
        shared = wanted & set(tokens(f"{source} {text}"))
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


# ------------------------------------------------------------------ with a model

VERIFY_PROMPT = """\
You verify the claims in an agent's result against the evidence given, and nothing else.
Reply with one JSON object: {"claims": [{"claim": "...", "verdict": "verified" |
"unverified" | "contradicted", "evidence": "where it is found, or why not"}], "retry":
"the task reworded so that an agent can get it right, or null", "agent": "the agent to
retry with, or null for the same one"}.
- One entry per factual claim (numbers, names, dates, conclusions); "verified" only when the
  evidence states it or it can be computed from the evidence.
- "Number check" lists the numbers already looked up in the data: trust it.
"""

Verdict = Literal["verified", "unverified", "contradicted"]


class ClaimVerdict(BaseModel):
    """The verifier model's verdict on one claim."""

    claim: str = Field(max_length=500)
    verdict: Verdict
    evidence: str = Field(default="", max_length=500)


class VerifierReply(BaseModel):
    """The verifier model's reply: a verdict per claim, and how to retry the task."""

    claims: list[ClaimVerdict] = Field(default_factory=list, max_length=50)
    retry: str | None = Field(default=None, max_length=1000)
    agent: str | None = None


UNREADABLE = "the verifier's reply could not be read"


async def ask_model(
    model: ModelClient,
    *,
    task: str,
    text: str,
    evidence: Evidence,
    numbers: Sequence[ClaimCheck],
    purpose: str,
    agents: Sequence[str] = (),
) -> tuple[list[ClaimCheck], VerifierReply | None]:
    """The model's verdict on each claim of ``text``; every claim unverified if it cannot say.

    Returns the checks and the reply (None when it could not be read: then the number
    checks stand, and ``text`` as a whole is one unverified claim).
    """
    checked = "\n".join(
        f"- {c.text}: {'found' if c.verified else 'NOT found'} ({c.evidence})" for c in numbers
    )
    prompt = (
        f"Task: {clip(task, 1000)}\n\nResult to verify:\n{clip(text, 4000)}\n\n"
        f"Evidence:\n{evidence.describe()}\n\nNumber check:\n{checked or '(no numbers)'}"
    )
    if agents:
        prompt += f"\n\nAgents: {', '.join(agents)}"
    try:
        reply = parse_model_output(
            await model.ask(prompt, system=VERIFY_PROMPT, purpose=purpose), VerifierReply
        )
    except (NotebookRouterError, ValueError):  # a broken reply is unverified, not a crash
        whole = ClaimCheck(text=clip(text, 160), verified=False, evidence=UNREADABLE)
        return [*numbers, whole], None
    checks = [
        ClaimCheck(text=clip(c.claim, 160), verified=c.verdict == "verified", evidence=c.evidence)
        for c in reply.claims
    ]
    return checks, reply
