"""What a notebook variable holds, described compactly for a prompt or a listing.

A :class:`DataDescription` is built once per object and change (see
:mod:`notebook_router.data.scanner`) and holds only short, key-free strings:
the data itself is never copied into it.

Column statistics of a big object come from a bounded, deterministic sample
(every k-th row, about :data:`SAMPLE_ROWS` rows) and the text says so. Exact
statistics of ten million-row frames cost hundreds of milliseconds per run,
and the first hop of every ``%%route`` has a 50 ms budget; a sample that
evenly covers the rows (not just the head, which is biased for sorted data)
gives the planner the same picture: the range, the scale, the missing
values, the main categories.
"""

from __future__ import annotations

from dataclasses import dataclass

from notebook_router.data.sharing import ShareLevel

RECORDS = "list of records"
"""The kind of a list of dicts: described by its length and keys, never as a table."""

SAMPLE_ROWS = 10_000
"""About how many rows column statistics are computed from."""
SAMPLE_RECORDS = 1_000
"""The same for lists of records and other pure-Python containers (slower per item)."""
HEAD_ROWS = 3
"""Rows shown as examples."""
MAX_COLUMNS = 40
"""Columns summarised (and shown in example rows) per object; the rest are counted."""


@dataclass(frozen=True, slots=True)
class ColumnSummary:
    """One column: its type, missing values, and its range or main values.

    Values are short display strings, already masked. ``rows`` is how many
    rows the figures were computed from (the sample size for a big object).
    """

    name: str
    dtype: str
    rows: int = 0
    nulls: int = 0
    min: str | None = None
    max: str | None = None
    mean: str | None = None
    top: tuple[tuple[str, int], ...] = ()
    """The most common values with their counts, most common first."""
    distinct: int | None = None
    """How many different values (in the rows examined), when counted."""
    binary: bool = False
    """Whether it holds yes/no as two values: 0 and 1, or true and false."""

    def render(self) -> str:
        """One line: ``price float64: nulls 3, min 0.5, max 99, mean 12.1``."""
        figures = self.summary()
        return f"{self.name} {self.dtype}" + (": " + figures if figures else "")

    def summary(self, *, nulls: bool = True) -> str:
        """The figures without the name and type: ``nulls 3, min 0.5, max 99, mean 12.1``."""
        parts = [f"nulls {self.nulls:,}"] if self.nulls and nulls else []
        if self.min is not None:
            parts.append(f"min {self.min}, max {self.max}")
        if self.mean is not None:
            parts.append(f"mean {self.mean}")
        if self.top:
            values = ", ".join(f"{v} ({n:,})" for v, n in self.top)
            parts.append(f"top {values}")
        if self.distinct is not None:
            parts.append(f"{self.distinct:,} distinct")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class DataDescription:
    """One variable of the namespace, described without copying it.

    ``is_data`` is True for tables, series, arrays and record lists; other
    variables (numbers, strings, small containers) carry only ``preview``.
    ``changed_at`` is the scan in which this name was new or last changed:
    higher is more recent.
    """

    name: str
    kind: str
    is_data: bool
    shape: tuple[int, ...] | None = None
    columns: tuple[ColumnSummary, ...] = ()
    total_columns: int = 0
    sample_rows: tuple[tuple[str, ...], ...] = ()
    """The first rows, one string per summarised column."""
    sampled_from: int | None = None
    """Rows the statistics came from, when that is a sample (None: every row)."""
    sample_unit: str = "row"
    """What ``sampled_from`` counts: rows, or an array's values."""
    partitions: int | None = None
    """How many partitions a partitioned object (a Dask DataFrame) has (None: not one)."""
    sampled_partitions: int | None = None
    """How many of them the statistics (and the row count) came from."""
    rows_estimated: bool = False
    """The row count is an estimate from the sampled partitions, said "about"."""
    preview: str = ""
    changed_at: int = 0
    note: str = ""
    """What the shape alone would misstate ("evenly spaced from 0 to 1, step 0.001: an
    axis, such as times or positions"), said after it."""

    @property
    def rows(self) -> int | None:
        """Length along the first axis, when the object has one."""
        return self.shape[0] if self.shape else None

    def shape_text(self) -> str:
        """``1,000,000 rows × 5 columns``, ``(3, 4)``, or ``12 items``."""
        if self.shape is None:
            return ""
        if self.kind == RECORDS:  # a list of dicts is no table: its length, its keys
            return f"{self.shape[0]:,} records"
        if len(self.shape) == 2 and self.total_columns:
            unit = "column" if self.total_columns == 1 else "columns"
            about = "about " if self.rows_estimated else ""
            parts = f" in {self.partitions:,} partitions" if self.partitions else ""
            return f"{about}{self.shape[0]:,} rows × {self.total_columns} {unit}{parts}"
        if len(self.shape) == 1 and self.sample_unit == "value":  # an array: not a table
            return f"{self.shape[0]:,} values" + (f", {self.note}" if self.note else "")
        if len(self.shape) == 1:
            about = "about " if self.rows_estimated else ""
            return f"{about}{self.shape[0]:,} " + ("rows" if self.columns else "items")
        return "shape (" + ", ".join(f"{n:,}" for n in self.shape) + ")"

    def headline(self) -> str:
        """One line: name, kind, shape (or the value's preview)."""
        if self.kind == RECORDS and self.shape:
            keys = ", ".join(c.name for c in self.columns)
            hidden = self.total_columns - len(self.columns)
            more = f" and {hidden:,} more" if hidden > 0 else ""
            return f"{self.name}: list of {self.shape[0]:,} records with keys {keys}{more}"
        what = self.shape_text() if self.is_data else self.preview
        return f"{self.name}: {self.kind}" + (f", {what}" if what else "")

    def render(self, max_chars: int = 1200, share: ShareLevel = "rows") -> str:
        """Compact text for a prompt, at most ``max_chars`` characters.

        The headline always fits; then as many column lines as fit, then
        example rows. What is left out is counted, never silently dropped.
        ``share`` cuts it to a data-sharing level (see :mod:`.sharing`): ``schema``
        keeps the column names and types, ``stats`` their figures too, ``rows``
        the first rows as well.
        """
        lines = [self.headline()]
        if self.partitions and self.note:  # a Dask frame whose sample was cut short
            lines.append(f"  ({self.note})")
        stats = share != "schema"
        if self.columns:
            note = ""
            if stats and self.sampled_from is not None and self.shape:
                whole = self.rows if self.sample_unit == "row" else _product(self.shape)
                unit = self.sample_unit
                note = f" (stats from a {self.sampled_from:,}-{unit} sample of {whole:,})"
                if self.partitions:
                    note = (
                        f" (stats from a {self.sampled_from:,}-row sample of "
                        f"{self.sampled_partitions} of its {self.partitions:,} partitions)"
                    )
            lines.append(("  keys" if self.kind == RECORDS else "  columns") + note + ":")
        body = [f"  - {c.render() if stats else f'{c.name} {c.dtype}'}" for c in self.columns]
        hidden = max(0, self.total_columns - len(self.columns))
        examples = self._example_lines() if share == "rows" else []
        return _fit(lines, body, hidden, examples, max_chars)

    def _example_lines(self) -> list[str]:
        if not self.sample_rows:
            return []
        names = [c.name for c in self.columns]
        first = "first records" if self.kind == RECORDS else "first rows"
        out = [f"  {first}:" if names else "  first items:"]
        if names:
            out.append("    " + " | ".join(names))
        out.extend("    " + " | ".join(row) for row in self.sample_rows)
        return out

    def to_row(self) -> dict[str, str]:
        """One row of a listing: name, kind, shape, columns (the listing's order says recency)."""
        names = ", ".join(c.name for c in self.columns[:8])
        if self.total_columns > 8:
            names += f", … ({self.total_columns} in all)"
        return {
            "name": self.name,
            "kind": self.kind,
            "shape": self.shape_text() if self.is_data else "",
            "columns": names if self.is_data else self.preview,
        }

    def column_rows(self) -> list[dict[str, str]]:
        """One listing row per summarised column: name, dtype, nulls, figures."""
        return [
            {
                "column": c.name,
                "dtype": c.dtype,
                "nulls": f"{c.nulls:,}",
                "summary": c.summary(nulls=False),
            }
            for c in self.columns
        ]


def _product(shape: tuple[int, ...]) -> int:
    out = 1
    for n in shape:
        out *= n
    return out


def _fit(head: list[str], body: list[str], hidden: int, tail: list[str], limit: int) -> str:
    """``head`` + as much of ``body`` and ``tail`` as fits in ``limit`` characters."""
    text = "\n".join(head)
    if len(text) > limit:
        return text[: max(0, limit - 1)] + "…"
    kept = 0
    for line in body:
        if len(text) + 1 + len(line) > limit - 40:  # room for the "more columns" note
            break
        text += "\n" + line
        kept += 1
    missing = hidden + len(body) - kept
    if missing:
        text += f"\n  … {missing} more columns"
    if tail and len(text) + 1 + len("\n".join(tail[:3])) <= limit:
        for line in tail:
            if len(text) + 1 + len(line) > limit:
                break
            text += "\n" + line
    return text[:limit]
