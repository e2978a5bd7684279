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
        header, body = table_cells(table, rows, columns)
    except Exception:
        return ""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines.extend("| " + " | ".join(_markdown_cell(c) for c in row) + " |" for row in body)
    return "\n".join(lines)


def table_cells(
    table: Any, rows: int = TABLE_ROWS, columns: int = TABLE_COLUMNS
) -> tuple[list[str], list[list[str]]]:
    """The header and first rows of a pandas ``table`` as text, the index first.

    One way to write cells for every view (Markdown, the run panel): numbers
    keep up to four decimals. Raises whatever pandas raises on an odd table.
    """
    shown = table.iloc[:rows, :columns]
    header = [str(shown.index.name or "")] + [str(c) for c in shown.columns]
    body = [
        [_cell_text(index)] + [_cell_text(v) for v in row]
        for index, row in zip(shown.index, shown.itertuples(index=False), strict=True)
    ]
    return header, body


def _cell_text(value: Any) -> str:
    """One table cell as text."""
    return _number(value) if isinstance(value, float) else str(value)


def _markdown_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _number(value: float) -> str:
    """Up to four decimals, never cut to fewer significant digits (36947.03, not 36947)."""
    if value != value or abs(value) in (float("inf"), 0.0):
        return str(value)
    if abs(value) < 0.01 or abs(value) >= 1e15:
        return f"{value:.3g}"
    return f"{value:.4f}".rstrip("0").rstrip(".")
