"""Tables at three levels: every row plainly, then schema with statistics and a few rows.

A table is a DataFrame (anything with ``columns``, ``shape`` and ``head``), a list of
records (dicts with the same keys), or text laid out as one (CSV, TSV, a Markdown
table). What a reader of a table needs first is its shape and what its columns hold,
so the shorter levels keep those whole and cut rows:

* light: every row as CSV (the formatting of the original, its padding and rules, goes);
* medium: rows × columns, each column's kind and statistics (a number column's min,
  mean and max, a text column's distinct count and three most common values), then
  the first five rows;
* heavy: the same with two most common values and two rows.
"""

from __future__ import annotations

import csv
import io
import math
import re
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from notebook_router.context.compress.levels import CHARS_PER_TOKEN, Level

MAX_COLUMNS = 30
"""Columns described at ``medium`` and ``heavy``; the rest are named as left out."""
STATS_ROWS = 200_000
"""Rows of a list of records read for statistics (a DataFrame's are all read, vectorised)."""
_LEVEL_SHAPE = {"medium": (5, 3), "heavy": (2, 2)}
"""Rows shown and most common values named, per level."""
_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_DELIMITERS = (",", "\t", ";", "|")


class TableView:
    """Columns and rows, read from whichever form the table came in."""

    def __init__(self, columns: list[str], rows: Sequence[Sequence[Any]], n_rows: int) -> None:
        self.columns = columns
        self.rows = rows
        """Rows as sequences (a DataFrame's: read only as far as needed)."""
        self.n_rows = n_rows

    def head(self, k: int) -> list[list[str]]:
        return [[_cell(v) for v in row] for row in self.rows[:k]]

    def describe(self, column: int, top: int) -> str:
        values = [row[column] for row in self.rows[:STATS_ROWS] if column < len(row)]
        return _describe(self.columns[column], values, top)

    def csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.columns)
        writer.writerows(self.head(self.n_rows))
        return out.getvalue().rstrip("\n")


class FrameView(TableView):
    """A DataFrame, read through pandas' own (vectorised) operations."""

    def __init__(self, frame: Any) -> None:
        self.frame = frame
        super().__init__([str(c) for c in frame.columns], [], int(frame.shape[0]))

    def head(self, k: int) -> list[list[str]]:
        return [[_cell(v) for v in row] for row in self.frame.head(k).itertuples(index=False)]

    def describe(self, column: int, top: int) -> str:
        series = self.frame.iloc[:, column]
        name = self.columns[column]
        missing = int(series.isna().sum())
        gap = f", {missing:,} missing" if missing else ""
        kind = str(series.dtype)
        if kind.startswith(("int", "uint", "float")) and series.notna().any():
            low, mean, high = series.min(), series.mean(), series.max()
            return f"{name}: number, min {_num(low)}, mean {_num(mean)}, max {_num(high)}{gap}"
        if kind.startswith("datetime") and series.notna().any():
            return f"{name}: date, {_cell(series.min())} to {_cell(series.max())}{gap}"
        counts = series.astype(str).value_counts().head(top)
        distinct = int(series.nunique())
        common = ", ".join(f"{_clip(str(v))} ({int(n):,})" for v, n in counts.items())
        return f"{name}: text, {distinct:,} distinct: {common}{gap}"

    def csv(self) -> str:
        text: str = self.frame.to_csv(index=False, float_format="%.6g")
        return text.rstrip("\n")


class Table:
    """The compressor for tables."""

    def original(self, value: object) -> str:
        if isinstance(value, str):
            return value
        view = as_table(value)
        return view.csv() if view is not None else str(value)

    def tokens(self, value: object) -> int:
        if isinstance(value, str):
            return math.ceil(len(value) / CHARS_PER_TOKEN)
        view = as_table(value)
        if view is None or view.n_rows == 0:
            return math.ceil(len(str(value)) / CHARS_PER_TOKEN)
        sample = TableView(view.columns, view.head(50), min(50, view.n_rows)).csv()
        per_row = len(sample) / max(1, min(50, view.n_rows))
        return math.ceil(per_row * view.n_rows / CHARS_PER_TOKEN)

    def shorten(self, value: object, level: Level, budget: int | None) -> tuple[str, list[str]]:
        view = as_table(value)
        if view is None:  # not a table after all: say what it is
            return str(value)[:2000], ["whatever did not read as a table"]
        if level == "light":
            return view.csv(), ["the table's layout"]
        rows, top = _LEVEL_SHAPE[level]
        return summary(view, rows, top)


def summary(view: TableView, rows: int, top: int) -> tuple[str, list[str]]:
    """Shape, column statistics and the first ``rows`` rows; and what that leaves out."""
    described = min(len(view.columns), MAX_COLUMNS)
    lines = [f"table: {view.n_rows:,} rows × {len(view.columns)} columns"]
    lines += [f"- {view.describe(i, top)}" for i in range(described)]
    shown = view.head(rows)
    if shown:
        lines.append(f"first {len(shown)} rows:")
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(view.columns[:described])
        writer.writerows(row[:described] for row in shown)
        lines.append(out.getvalue().rstrip("\n"))
    dropped = []
    if view.n_rows > len(shown):
        dropped.append(f"{view.n_rows - len(shown):,} of {view.n_rows:,} rows")
    if described < len(view.columns):
        dropped.append(f"{len(view.columns) - described} of {len(view.columns)} columns")
    return "\n".join(lines), dropped


def as_table(value: object) -> TableView | None:
    """``value`` read as a table (a DataFrame, records, CSV or Markdown text), or None."""
    if hasattr(value, "columns") and hasattr(value, "shape") and hasattr(value, "head"):
        shape = getattr(value, "shape", ())
        return FrameView(value) if len(shape) == 2 else None
    if isinstance(value, (list, tuple)) and value and _records(value):
        columns = list(dict.fromkeys(str(k) for row in value[:100] for k in row))
        rows = [[row.get(c) for c in columns] for row in value]
        return TableView(columns, rows, len(rows))
    if isinstance(value, str):
        return _text_table(value)
    return None


def _records(value: Sequence[Any]) -> bool:
    first = value[0]
    return isinstance(first, dict) and bool(first) and all(isinstance(r, dict) for r in value[:50])


def _text_table(text: str) -> TableView | None:
    total = text.strip().count("\n") + 1
    if total > STATS_ROWS:  # the rows statistics are read from; every row is counted
        text = text[: _nth(text, "\n", STATS_ROWS)]
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if len(lines) < 3:
        return None
    if _RULE.match(lines[1]) and "|" in lines[0]:  # Markdown
        rows = [_markdown_cells(line) for line in lines if not _RULE.match(line)]
        return TableView(rows[0], rows[1:], max(len(rows), total - 1) - 1)
    delimiter = _delimiter(lines[:20])
    if delimiter is None:
        return None
    parsed = list(csv.reader(lines, delimiter=delimiter))
    return TableView([c.strip() for c in parsed[0]], parsed[1:], max(len(parsed), total) - 1)


def _nth(text: str, char: str, n: int) -> int:
    at = -1
    for _ in range(n):
        at = text.find(char, at + 1)
        if at < 0:
            return len(text)
    return at


def looks_like_table(text: str) -> bool:
    """Whether ``text`` is laid out as a table (CSV, TSV or Markdown) of 3 lines or more."""
    return _text_table(text[:20_000]) is not None


def _markdown_cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _delimiter(lines: list[str]) -> str | None:
    """The delimiter every line uses the same number of times (at least once), if any."""
    for delimiter in _DELIMITERS:
        counts = [len(next(csv.reader([line], delimiter=delimiter))) for line in lines]
        steady = counts[0] >= 2 and sum(c == counts[0] for c in counts) >= 0.9 * len(counts)
        # Prose has commas too; a table's cells are short.
        if steady and max(len(line) for line in lines) / counts[0] <= 60:
            return delimiter
    return None


def _describe(name: str, values: list[Any], top: int) -> str:
    present = [v for v in values if v not in (None, "") and not _nan(v)]
    gap = f", {len(values) - len(present):,} missing" if len(present) < len(values) else ""
    numbers = [n for v in present if (n := _number(v)) is not None]
    if present and len(numbers) >= 0.9 * len(present):
        return (
            f"{name}: number, min {_num(min(numbers))}, mean {_num(statistics.fmean(numbers))}, "
            f"max {_num(max(numbers))}{gap}"
        )
    counts = Counter(_cell(v) for v in present)
    common = ", ".join(f"{_clip(v)} ({n:,})" for v, n in counts.most_common(top))
    return f"{name}: text, {len(counts):,} distinct: {common}{gap}"


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value).replace(",", "").strip())
    except ValueError:
        return None


def _nan(value: Any) -> bool:
    return isinstance(value, float) and math.isnan(value)


def _num(value: Any) -> str:
    number = float(value)
    if number.is_integer() and abs(number) < 1e15:
        return f"{int(number):,}"
    return f"{number:,.4g}" if abs(number) >= 1 else f"{number:.4g}"


def _cell(value: Any) -> str:
    if value is None or _nan(value):
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    text = str(value)
    if hasattr(value, "isoformat") and text.endswith(" 00:00:00"):
        return text[:-9]
    return text


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
