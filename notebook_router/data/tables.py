"""Telling a table from other values by its shape, without importing pandas."""

from __future__ import annotations

from typing import Any

TABLE_ROWS = 20
"""Rows of a result table shown with an answer (the whole table is the result's data)."""
TABLE_COLUMNS = 12


def as_table(value: Any) -> Any | None:
    """``value`` as a DataFrame-like table (a Series becomes one column), else None."""
    shape = getattr(value, "shape", None)
    if not isinstance(shape, tuple) or not hasattr(value, "to_html"):
        if isinstance(shape, tuple) and len(shape) == 1 and hasattr(value, "to_frame"):
            return value.to_frame()  # a pandas Series
        return None
    return value if len(shape) == 2 else None


def table_markdown(table: Any, rows: int = TABLE_ROWS, columns: int = TABLE_COLUMNS) -> str:
    """The first rows of ``table`` as a Markdown table (for terminals)."""
    try:
        shown = table.iloc[:rows, :columns]
        header = [str(shown.index.name or "")] + [str(c) for c in shown.columns]
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        for index, row in zip(shown.index, shown.itertuples(index=False), strict=True):
            cells = [_cell(index)] + [_cell(v) for v in row]
            lines.append("| " + " | ".join(cells) + " |")
    except Exception:
        return ""
    return "\n".join(lines)


def _cell(value: Any) -> str:
    text = _number(value) if isinstance(value, float) else str(value)
    return text.replace("|", "\\|").replace("\n", " ")


def _number(value: float) -> str:
    """Up to four decimals, never cut to fewer significant digits (36947.03, not 36947)."""
    if value != value or abs(value) in (float("inf"), 0.0):
        return str(value)
    if abs(value) < 0.01 or abs(value) >= 1e15:
        return f"{value:.3g}"
    return f"{value:.4f}".rstrip("0").rstrip(".")
