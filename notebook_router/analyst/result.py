"""What an analysis hands back: the answer, its evidence, and the code that produced it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from notebook_router.data.tables import table_markdown

if TYPE_CHECKING:
    from matplotlib.figure import Figure

Status = Literal["answered", "partial", "declined"]
"""answered: every part of the question is in the answer. partial: the answer leaves out
what ``left_out`` names (and its text says so). declined: no answer, and why."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """One answered (or declined) question about a table.

    ``code`` is the exact code that ran, so pasting it into a notebook reproduces
    ``value``, ``table`` and ``figure``. A declined analysis has no numbers: its
    text says what exists and ``closest`` lists operations that can be done.

    >>> import pandas as pd
    >>> from notebook_router.analyst import analyse
    >>> analyse("mean of x", {"df": pd.DataFrame({"x": [1, 2, 3]})}).value
    2.0
    """

    status: Status
    text: str
    value: object = None
    table: Any = None
    """A ``pandas.DataFrame`` when the result is a table (describe, group-by, pivot...)."""
    figure: Figure | None = None
    code: str = ""
    operation: str = ""
    columns: tuple[str, ...] = ()
    closest: tuple[str, ...] = ()
    left_out: tuple[str, ...] = ()
    """The parts of the question the answer does not use, each in the question's words
    with why (empty unless the status is ``partial``)."""
    engine: str = "pandas"
    """What the code runs on: ``pandas``, or ``dask`` (lazy, one ``.compute()``)."""

    def to_markdown(self) -> str:
        """The answer as Markdown: the text, the code in a fenced block, the table if small."""
        parts = [self.text]
        if self.code:
            parts.append(f"```python\n{self.code}\n```")
        if self.table is not None:
            parts.append(table_markdown(self.table, rows=30))
        if self.closest:
            parts.append(
                "Closest operations I can do:\n" + "\n".join(f"- {c}" for c in self.closest)
            )
        return "\n\n".join(parts)
