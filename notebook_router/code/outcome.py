"""What a code run produced, and its compact rendering for a model."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from notebook_router.data.tables import as_table, table_markdown
from notebook_router.media import Media

TEXT_CHARS = 8000
"""Longest section (stdout, stderr, value, a displayed object) in :meth:`CodeOutcome.text`."""
TABLE_ROWS = 30
"""Rows of a table value shown in :meth:`CodeOutcome.text`."""


@dataclass(frozen=True, slots=True)
class CodeOutcome:
    """The result of :func:`notebook_router.code.run_code`.

    A failure of the code itself (a syntax error, an exception, the time
    limit) is an outcome with ``ok=False`` and ``error`` set, never raised.

    >>> outcome = await run_code("x = 2\\nx * 21", {})   # doctest: +SKIP
    >>> outcome.value, outcome.assigned
    (42, {'x': 2})
    """

    ok: bool
    value: Any = None
    """The value of the last top-level expression (None when the code ends in a statement)."""
    stdout: str = ""
    stderr: str = ""
    media: tuple[Media, ...] = ()
    """``display()``-ed objects in call order, then the pyplot figures the code left open."""
    error: str | None = None
    """Traceback through the code's own lines and the ``Type: message`` line, or why it stopped."""
    error_type: str | None = None
    """The exception's class name; "TimeoutError" when stopped at the limit,
    "CodeRunnerBusy" when an earlier, abandoned run still holds the runner."""
    timed_out: bool = False
    interrupted: bool = False
    """The code raised KeyboardInterrupt."""
    abandoned: bool = False
    """The code could not be stopped (blocked in C) and was left running on a daemon thread."""
    duration_s: float = 0.0
    assigned: Mapping[str, Any] = field(default_factory=dict)
    """Top-level names the code bound (new or rebound) and their values."""

    def text(self) -> str:
        """Plain text a model can read: output, the value, displayed objects, the error."""
        sections = [
            ("stdout", _clip(self.stdout)),
            ("stderr", _clip(self.stderr)),
            ("value", "" if self.value is None else render_value(self.value)),
            ("displayed", "\n".join(_media_line(m) for m in self.media)),
            ("error", self.error or ""),
        ]
        shown = [f"{name}:\n{body.rstrip()}" for name, body in sections if body.strip()]
        return "\n\n".join(shown) if shown else "(the code ran and produced no output)"


def render_value(value: Any) -> str:
    """A value as text: tables as Markdown (first rows and their shape), others by ``repr``."""
    table = as_table(value)
    if table is not None:
        rows, columns = table.shape
        markdown = table_markdown(table, rows=TABLE_ROWS)
        if markdown:
            return f"{markdown}\n[{rows} rows x {columns} columns]"
    try:
        return _clip(repr(value))
    except Exception as exc:
        return f"<{type(value).__name__} object; repr failed: {type(exc).__name__}: {exc}>"


def _media_line(media: Media) -> str:
    label = f"[{media.mime_type}: {media.description}]"
    plain = media.metadata.get("text/plain")
    if media.mime_type == "text/plain" and isinstance(media.data, str):
        plain = media.data
    return f"{label}\n{_clip(plain)}" if isinstance(plain, str) else label


def _clip(text: str, limit: int = TEXT_CHARS) -> str:
    """Head and tail of long text: the start sets context, the end holds totals and errors."""
    if len(text) <= limit:
        return text
    half = limit // 2
    return f"{text[:half]}\n… ({len(text) - limit} characters cut) …\n{text[-half:]}"
