"""Checking what a result claims against the evidence a run has.

Shared by the :class:`~notebook_router.agents.builtin.verifier.Verifier` agent and the
run's automatic verification (:mod:`notebook_router.planner.verification`), so a claim
is judged the same way whoever asks.

Offline, the claims are the numbers in a result's text
(:mod:`~notebook_router.agents.builtin.numbers` reads them): each must be found in the
evidence (the data a result or an earlier result holds, the notebook's tables, tool
outputs, cited sources), or be computable from it (a column's sum, mean, median, count,
min, max; a group's total or share; the difference, ratio and percentage change between
two group totals, or from a first value to the last), to the precision it is written
with, and about what its sentence names ("North's total" is checked against North's
figures, not the grand total). A number not found is *unverified*; one the data gives
differently for the very thing it names (a group's total a little off, or another
figure passed off as the group's) is *contradicted*. With a model, a
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
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.agents.builtin.numbers import (
    Number,
    claimed_numbers,
    clause_of,
    numbers_in,
    sentence_of,
)
from notebook_router.errors import NotebookRouterError
from notebook_router.providers.base import ModelClient
from notebook_router.text.json_reply import parse_model_output
from notebook_router.text.preview import clip, preview
from notebook_router.text.tokens import tokens

MAX_CELLS = 200_000
"""Tables up to this many cells give every value as evidence; bigger ones their statistics."""
MAX_GROUPS = 50
"""Group-by totals are worked out for columns with at most this many distinct values."""
PAIR_GROUPS = 12
"""Differences, ratios and changes between every two group totals up to this many groups
(beyond it, between the first and the last only)."""
EVIDENCE_CHARS = 6000
"""How much of the verifier prompt the evidence may take."""


class ClaimCheck(BaseModel):
    """One claim of a result and whether the evidence bears it out."""

    model_config = ConfigDict(frozen=True)

    text: str = Field(description="The claim as the result states it (a number, or a sentence).")
    verified: bool
    evidence: str = Field(default="", description="Where it was found, or why it was not.")

    @property
    def contradicted(self) -> bool:
        """The data gives a different figure for what the claim names (not merely: not found)."""
        return not self.verified and self.evidence.startswith(CONTRADICTED)


class SourceScore(BaseModel):
    """A cited source, scored: how relevant, how recent, how much the run used it (0..1)."""

    model_config = ConfigDict(frozen=True)

    source: str
    relevance: float
    recency: float
    use: float
    score: float


# ------------------------------------------------------------------------ evidence

Stat = Literal[
    "value",
    "sum",
    "mean",
    "median",
    "min",
    "max",
    "std",
    "count",
    "share",
    "diff",
    "ratio",
    "change",
]
_AGGREGATES = {"sum", "mean", "median", "min", "max", "count", "share"}
_BETWEEN = {"diff", "ratio", "change"}
_STOP_LABELS = {"total", "all", "other", "others", "none", "nan", "yes", "no", "true", "false"}


class Fact(NamedTuple):
    """One number the evidence vouches for, and what it is a number of."""

    value: float
    where: str
    labels: frozenset[str] | None
    """The group labels it is about ("north"); empty for a whole table's figure; None when
    its source says nothing of labels (a text, a list): then any claim may use it."""
    stat: Stat
    percent: bool
    column: str | None


class Evidence:
    """The numbers a run can vouch for, where each one comes from and what it is about."""

    def __init__(self) -> None:
        self._found: list[Fact] = []
        self._sorted: list[Fact] | None = None
        self._labels: re.Pattern[str] | None = None
        self._by_label: dict[str, list[Fact]] | None = None
        self.sources: list[tuple[str, str]] = []
        """(name, preview) of each piece of evidence, for a verifier prompt."""

    def __len__(self) -> int:
        return len(self._found)

    def add(self, value: Any, where: str) -> None:
        """Take in ``value`` (a table, series, mapping, list, number or text) from ``where``."""
        self.sources.append((where, preview(value, 600)))
        self._walk(value, where, depth=0)

    def number(
        self,
        value: float,
        where: str,
        *,
        labels: frozenset[str] | None = None,
        stat: Stat = "value",
        percent: bool = False,
        column: str | None = None,
    ) -> None:
        """One number found (or computed) at ``where``."""
        if math.isfinite(value):
            self._found.append(Fact(float(value), where, labels, stat, percent, column))
            self._sorted = self._labels = self._by_label = None

    def near(self, value: float, tolerance: float) -> list[Fact]:
        """Every fact within ``tolerance`` of ``value``."""
        if self._sorted is None:
            self._sorted = sorted(self._found, key=lambda f: f.value)
        keys = self._sorted
        i = bisect.bisect_left(keys, value - tolerance, key=lambda f: f.value)
        j = bisect.bisect_right(keys, value + tolerance, key=lambda f: f.value)
        return keys[i:j]

    def about(self, label: str | None) -> list[Fact]:
        """The facts about ``label``; with None, those about no label (a whole table's)."""
        if self._by_label is None:
            self._by_label = {}
            for fact in self._found:
                for key in fact.labels or {""}:
                    self._by_label.setdefault(key, []).append(fact)
        return self._by_label.get(label or "", [])

    def columns(self) -> set[str]:
        """The columns the facts come from."""
        return {fact.column for fact in self.about(None) if fact.column}

    def find(self, claim: Number) -> str | None:
        """Where ``claim`` is found, to its precision, whatever it is about; None if nowhere."""
        found = _matches(self, claim, labels=frozenset())
        return found[0].where if found else None

    def labels_in(self, text: str) -> list[tuple[int, str]]:
        """Where ``text`` names a group label of the evidence ("North's" names north)."""
        if self._labels is None:
            names = {
                label
                for fact in self._found
                for label in fact.labels or ()
                if len(label) > 1 and re.search(r"[^\W\d_]", label) and label not in _STOP_LABELS
            }
            words = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
            self._labels = re.compile(rf"(?<!\w)(?:{words})(?!\w)" if words else r"(?!x)x", re.I)
        return [(m.start(), m.group(0).lower()) for m in self._labels.finditer(text)]

    # ------------------------------------------------------------------ walking

    def _walk(self, value: Any, where: str, depth: int) -> None:
        if depth > 4 or value is None or isinstance(value, bool):
            return
        if isinstance(value, (int, float)) or _is_numpy_number(value):
            self.number(float(value), where)
        elif isinstance(value, str):
            for n in numbers_in(value):
                self.number(n.value, where, percent=n.percent)
        elif _is_frame(value):
            self._frame(value, where)
        elif _is_series(value):
            self._column(value, where, labelled=True)
        elif isinstance(value, Mapping):
            self._mapping(value, where, depth)
        elif isinstance(value, (list, tuple, set, frozenset)):
            items = list(value)
            self.number(len(items), f"count of {where}", stat="count")
            for item in items[:1000]:
                self._walk(item, where, depth + 1)
            numeric = [float(v) for v in items if isinstance(v, (int, float))]
            if numeric:
                self._stats(numeric, where, None, None)
                if not isinstance(value, (set, frozenset)):
                    self._trend(numeric, where, None, None)
        elif hasattr(value, "tolist") and hasattr(value, "size") and value.size <= MAX_CELLS:
            self._walk(value.tolist(), where, depth + 1)  # a numpy array

    def _mapping(self, value: Mapping[Any, Any], where: str, depth: int) -> None:
        self.number(len(value), f"count of {where}", stat="count")
        totals: list[tuple[str, float]] = []
        for key, item in list(value.items())[:1000]:
            if isinstance(item, (int, float)) and not isinstance(item, bool) and _label(key):
                self.number(float(item), f"{where}[{key}]", labels=frozenset({_label(key)}))
                totals.append((str(key), float(item)))
            else:
                self._walk(item, f"{where}[{key}]", depth + 1)
        if 1 < len(totals) <= MAX_GROUPS:  # a mapping of totals by label
            self._between(totals, where, None, None)

    def _stats(
        self, values: Sequence[float], where: str, labels: frozenset[str] | None, column: str | None
    ) -> None:
        total = math.fsum(values)
        stats: tuple[tuple[Stat, float], ...] = (
            ("sum", total),
            ("mean", total / len(values)),
            ("min", min(values)),
            ("max", max(values)),
        )
        for stat, number in stats:
            self.number(number, f"{stat} of {where}", labels=labels, stat=stat, column=column)

    def _trend(
        self, values: Sequence[float], what: str, labels: frozenset[str] | None, column: str | None
    ) -> None:
        """The change from the first value to the last: "grew 5.7%", "up 6,900"."""
        if len(values) < 2:
            return
        first, last = values[0], values[-1]
        where = f"change from first to last of {what}"
        self.number(abs(last - first), where, labels=labels, stat="diff", column=column)
        if first:
            change = 100 * (last - first) / abs(first)
            self.number(
                abs(change), where, labels=labels, stat="change", percent=True, column=column
            )

    def _between(
        self, totals: list[tuple[str, float]], what: str, key: Any, column: str | None
    ) -> None:
        """Shares of the whole, and differences, ratios and changes between two totals."""
        whole = math.fsum(v for _, v in totals)
        named = [
            (f"{key}={label}" if key is not None else label, _label(label), v)
            for label, v in totals
        ]
        for name, label, value in named:
            if whole:
                share = 100 * value / whole
                where = f"share of {name} in {what}"
                self.number(
                    share,
                    where,
                    labels=frozenset({label}),
                    stat="share",
                    percent=True,
                    column=column,
                )
        pairs = named if len(named) <= PAIR_GROUPS else [named[0], named[-1]]
        for i, (a, la, va) in enumerate(pairs):
            for b, lb, vb in pairs[i + 1 :]:
                both = frozenset({la, lb})
                self.number(
                    abs(va - vb),
                    f"{a} minus {b} in {what}",
                    labels=both,
                    stat="diff",
                    column=column,
                )
                for (x, vx), (y, vy) in (((a, va), (b, vb)), ((b, vb), (a, va))):
                    if vy:
                        self.number(
                            vx / vy,
                            f"{x} over {y} in {what}",
                            labels=both,
                            stat="ratio",
                            column=column,
                        )
                        change = abs(100 * (vx - vy) / vy)
                        self.number(
                            change,
                            f"{x} against {y} in {what}",
                            labels=both,
                            stat="change",
                            percent=True,
                            column=column,
                        )

    def _column(
        self,
        series: Any,
        where: str,
        *,
        labelled: bool,
        labels: frozenset[str] | None = None,
        rows: list[frozenset[str]] | None = None,
    ) -> None:
        column = None if series.name is None else str(series.name)
        name = f"{where}.{column}" if column is not None else where
        by_label = labelled and not _numeric_index(series.index) and series.index.is_unique
        if by_label and rows is None:
            rows = [frozenset({_label(i)}) for i in series.index]
            labels = frozenset()
        self.number(len(series), f"count of {name}", labels=labels, stat="count", column=column)
        if not _numeric(series):
            self.number(float(series.nunique()), f"distinct values of {name}", labels=labels)
            return
        clean = series.dropna()
        if len(clean):
            for stat in ("sum", "mean", "median", "min", "max", "std"):
                value = float(getattr(clean, stat)())
                self.number(value, f"{stat} of {name}", labels=labels, stat=stat, column=column)
            self._trend(clean.tolist(), name, labels, column)
        if series.size <= MAX_CELLS:
            row_labels: list[frozenset[str] | None] = [None] * len(series)
            if rows is not None:
                row_labels = list(rows)
            for value, row in zip(series.tolist(), row_labels, strict=True):
                if isinstance(value, (int, float)) and not math.isnan(value):
                    self.number(float(value), name, labels=row, column=column)
        if by_label and series.size <= MAX_GROUPS:  # a series of totals by label
            totals = [(str(i), float(v)) for i, v in clean.items()]
            self._between(totals, name, None, column)

    def _frame(self, frame: Any, where: str) -> None:
        self.number(len(frame), f"rows of {where}", stat="count")
        numeric = [c for c in frame.columns if _numeric(frame[c])]
        keys = [
            c for c in frame.columns if c not in numeric and 1 < frame[c].nunique() <= MAX_GROUPS
        ][:10]
        index = frame.index
        by_label = index.is_unique and not _numeric_index(index)
        small = frame.size <= MAX_CELLS
        rows = _row_labels(frame, keys, by_label) if small and (keys or by_label) else None
        overall = frozenset[str]() if (keys or by_label) else None
        for column in frame.columns:
            if not small and column not in numeric:
                continue
            series = frame[column].rename(f"{column}")
            self._column(series, where, labelled=False, labels=overall, rows=rows)
            if by_label and small and column in numeric and len(frame) <= MAX_GROUPS:
                totals = [(str(i), float(v)) for i, v in series.dropna().items()]
                self._between(totals, f"{where}.{column}", None, str(column))
        for key in keys:
            self._groups(frame, key, numeric[:20], where)

    def _groups(self, frame: Any, key: Any, numeric: list[Any], where: str) -> None:
        grouped = frame.groupby(key, observed=True, sort=True)
        for label, size in grouped.size().items():
            labels = frozenset({_label(label)})
            self.number(
                float(size), f"rows of {where} with {key}={label}", labels=labels, stat="count"
            )
        for column in numeric:
            name = f"{where}.{column}"
            for stat in ("sum", "mean", "median", "min", "max"):
                for label, value in getattr(grouped[column], stat)().items():
                    where_ = f"{stat} of {name} for {key}={label}"
                    self.number(
                        float(value),
                        where_,
                        labels=frozenset({_label(label)}),
                        stat=stat,
                        column=str(column),
                    )
            for label, values in grouped[column]:
                label = label[0] if isinstance(label, tuple) else label
                self._trend(
                    values.dropna().tolist(),
                    f"{name} for {key}={label}",
                    frozenset({_label(label)}),
                    str(column),
                )
            totals = [(str(label), float(v)) for label, v in grouped[column].sum().items()]
            self._between(totals, f"{name} summed by {key}", key, str(column))

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


def _label(value: Any) -> str:
    return str(value).strip().lower()


def _row_labels(frame: Any, keys: list[Any], by_label: bool) -> list[frozenset[str]]:
    """Per row, the labels it belongs to (its key columns' values, its index label)."""
    columns = [[_label(v) for v in frame[key].tolist()] for key in keys]
    if by_label:
        columns.append([_label(i) for i in frame.index])
    return [frozenset(row) for row in zip(*columns, strict=True)]


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


# ------------------------------------------------------------------ judging a claim

CLOSE = 0.25
"""A figure this near (relatively) to the data's figure for the same thing, but not within
its written precision, is contradicted: a slip, not a different quantity."""
NOT_FOUND = "not found in (or computable from) the data or tool outputs"
CONTRADICTED = "contradicted by the data"


def _fits(claim: Number, fact: Fact) -> bool:
    """Whether ``fact`` is the same kind of number as ``claim`` (a share, a ratio, an amount)."""
    if claim.ratio:
        return fact.stat == "ratio"
    if claim.percent:
        return fact.stat != "ratio"
    return not fact.percent and fact.stat != "ratio"


def _matches(evidence: Evidence, claim: Number, labels: frozenset[str]) -> list[Fact]:
    """The facts ``claim`` states, to its precision, among those about ``labels``."""
    wanted = [(claim.value, claim.tolerance, True)]
    if claim.percent:  # 35% may be held as 0.35
        wanted.append((claim.value / 100, claim.tolerance / 100, False))
    if claim.bound:  # "over 350K": a figure above it, within a quarter
        low, high = sorted(
            (claim.value, claim.value * (1 + CLOSE if claim.bound == "above" else 1 - CLOSE))
        )
        wanted = [((low + high) / 2, (high - low) / 2 + claim.tolerance, True)]
    found = []
    for value, tolerance, as_written in wanted:
        for fact in evidence.near(value, tolerance):
            if claim.percent and not as_written and fact.percent:
                continue
            # A difference or change between figures only stands for one said so ("ahead
            # of", "grew"): else a share of 30% would be "verified" by a 29.7% gap.
            said = claim.ratio or claim.hint in _BETWEEN
            if said and fact.stat not in _BETWEEN and fact.labels is not None:
                continue  # "ahead by 95,000" is a gap, not some group's mean
            between = fact.stat in _BETWEEN and not said
            if _fits(claim, fact) and _about(fact, labels) and not between:
                found.append(fact)
    return found


def _about(fact: Fact, labels: frozenset[str]) -> bool:
    return not labels or fact.labels is None or bool(fact.labels & labels)


class _Context(NamedTuple):
    labels: frozenset[str]
    """The labels its clause names (or the nearest one in its sentence)."""
    subject: str | None
    """The label it is most likely a figure of."""
    columns: frozenset[str]
    written: str
    """The subject as the text writes it."""


def _context(evidence: Evidence, text: str, claim: Number) -> _Context:
    begin, end = sentence_of(text, claim.start, claim.end)
    named = [(begin + at, label) for at, label in evidence.labels_in(text[begin:end])]
    c_begin, c_end = clause_of(text, claim.start, claim.end)
    clause = [(at, label) for at, label in named if c_begin <= at < c_end]
    before = [label for at, label in clause if at < claim.start]
    after = [label for at, label in clause if at > claim.start]
    subject = before[-1] if before else after[0] if after else None
    if subject is not None:  # as the text writes it: "North", not "north"
        at = next(at for at, label in clause if label == subject)
        written = text[at : at + len(subject)]
    labels = frozenset(label for _, label in clause)
    if not clause:  # "(0.28M)", "it grew 5.7%": about the sentence's one label, if it has one
        labels = frozenset(label for _, label in named)
        subject = next(iter(labels)) if len(labels) == 1 else None
        written = named[0][1] if named else ""
        if subject is not None:
            written = text[named[0][0] : named[0][0] + len(subject)]
    words = set(re.findall(r"\w+", text[c_begin:c_end].lower()))
    columns = frozenset(column for column in evidence.columns() if column.lower() in words)
    return _Context(labels, subject, columns, written if subject is not None else "")


def judge(evidence: Evidence, text: str, claim: Number) -> ClaimCheck:
    """Whether ``claim`` (a number of ``text``) is verified, merely not found, or contradicted:
    the data holds a different figure for the very thing it names."""
    context = _context(evidence, text, claim)
    found = _matches(evidence, claim, context.labels)
    if found:
        return ClaimCheck(text=claim.text, verified=True, evidence=found[0].where)
    wrong = None if claim.bound else _contradiction(evidence, claim, context)
    return ClaimCheck(text=claim.text, verified=False, evidence=wrong or NOT_FOUND)


def _contradiction(evidence: Evidence, claim: Number, context: _Context) -> str | None:
    subject, hint = context.subject, claim.hint
    if hint in ("diff", "change"):
        hint = "change" if claim.percent else "diff"
    if claim.ratio:
        hint = "ratio"
    same = [
        f
        for f in evidence.about(subject)
        if _fits(claim, f) and (claim.ratio or f.percent == claim.percent)
    ]
    if subject is not None:
        if hint in _BETWEEN:
            same = [f for f in same if f.stat == hint and _about(f, context.labels)]
        elif hint:
            same = [f for f in same if f.stat == hint]
        else:
            same = [f for f in same if f.stat not in _BETWEEN]
    elif hint in _AGGREGATES and context.columns:  # "total revenue was 1.3M"
        same = [f for f in same if f.stat == hint and f.column in context.columns]
    else:
        return None
    named = [f for f in same if f.labels is not None and f.labels <= context.labels]
    nearest = min(named or same, key=lambda f: abs(f.value - claim.value), default=None)
    if nearest is not None and (
        hint or abs(nearest.value - claim.value) <= CLOSE * abs(nearest.value)
    ):
        return f"{CONTRADICTED}: {nearest.where} is {_shown(nearest)}"
    if subject is None or claim.percent or claim.ratio or len(context.labels) > 1:
        return None  # "East and West made 669,250" may well add them up
    # A figure of something else named as the subject's: "North made 1.2M" (the grand total).
    elsewhere = [
        f
        for f in _matches(evidence, claim, frozenset())
        if f.stat in _AGGREGATES and f.labels is not None and subject not in f.labels
    ]
    if elsewhere:
        said = f"{CONTRADICTED}: {claim.text} is {elsewhere[0].where}, not {context.written}'s"
        own = [f for f in same if f.stat == "sum"]
        return said + (f" ({own[0].where} is {_shown(own[0])})" if own else "")
    largest = max(same, key=lambda f: abs(f.value), default=None)
    if largest is not None and abs(claim.value) > 1.5 * abs(largest.value):
        most = f"{largest.where} is {_shown(largest)}"
        return f"{CONTRADICTED}: more than any figure the data has for {context.written} ({most})"
    return None


def _shown(fact: Fact) -> str:
    value = fact.value
    text = f"{value:,.0f}" if abs(value) >= 100 else f"{value:,.3g}"
    return f"{text}%" if fact.percent else text


def check_numbers(text: str, evidence: Evidence, *, ignore: str = "") -> list[ClaimCheck]:
    """Each number ``text`` claims, verified if ``evidence`` holds it (or holds what it is
    computed from) for what the text says it is about, to the precision it is written
    with; a figure the data gives differently is marked contradicted (see :func:`judge`)."""
    return [judge(evidence, text, claim) for claim in claimed_numbers(text, ignore=ignore)]


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
        ClaimCheck(
            text=clip(c.claim, 160),
            verified=c.verdict == "verified",
            evidence=f"{CONTRADICTED}: {c.evidence}" if c.verdict == "contradicted" else c.evidence,
        )
        for c in reply.claims
    ]
    return checks, reply
