"""The numbers a run can vouch for: every value of the tables, series, mappings and texts
its results and the notebook hold, and the figures computable from them (a column's sum,
mean, median, count, min, max; a group's total or share; the difference, ratio and change
between two group totals), each with where it comes from and what it is about.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal, NamedTuple

from notebook_router.language.numbers import numbers_in
from notebook_router.text.preview import preview

MAX_CELLS = 200_000
"""Tables up to this many cells give every value as evidence; bigger ones their statistics."""
MAX_GROUPS = 50
"""Group-by totals are worked out for columns with at most this many distinct values."""
PAIR_GROUPS = 12
"""Differences, ratios and changes between every two group totals up to this many groups
(beyond it, between the first and the last only)."""
EVIDENCE_CHARS = 6000
"""How much of the verifier prompt the evidence may take."""

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
AGGREGATES = {"sum", "mean", "median", "min", "max", "count", "share"}
BETWEEN = {"diff", "ratio", "change"}
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

    def add(self, value: Any, where: str, *, shown: Any = None) -> None:
        """Take in ``value`` (a table, series, mapping, list, number or text) from ``where``.

        ``shown``: what the evidence is described as, when ``value`` is a conversion of it
        (a notebook's list of records read as a table is still named a list of records).
        """
        self.sources.append((where, preview(value if shown is None else shown, 600)))
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
