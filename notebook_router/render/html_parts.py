"""Small pieces every static view is built from: escaped text, aligned cells, folds.

Alignment is written on each cell (``style="text-align:..."``), not only in
the style sheet: JupyterLab right-aligns every cell of an output's table with
a rule the view's own sheet would have to outrank, and drops the sheet
altogether from a notebook it does not trust yet, while inline alignment
survives its sanitiser. Text reads left, numbers right.
"""

from __future__ import annotations

from html import escape

LEFT = ' style="text-align:left"'
RIGHT = ' style="text-align:right"'


def esc(text: str) -> str:
    """``text`` escaped for HTML (quotes too: it may go into an attribute)."""
    return escape(text, quote=True)


def cell(tag: str, content: str, numeric: bool = False, *, raw: bool = False, cls: str = "") -> str:
    """One table cell, aligned (``raw``: ``content`` is HTML already)."""
    classes = " ".join(c for c in (cls, "nr-num" if numeric else "") if c)
    attr = f' class="{classes}"' if classes else ""
    body = content if raw else esc(content)
    return f"<{tag}{attr}{RIGHT if numeric else LEFT}>{body}</{tag}>"


def fold(summary: str, body: str, *, opened: bool = False, cls: str = "") -> str:
    """A ``<details>`` (``summary`` is HTML): what a reader opens when they want it."""
    attr = f' class="{cls}"' if cls else ""
    return f"<details{attr}{' open' if opened else ''}><summary>{summary}</summary>{body}</details>"


def status_chip(status: str, text: str) -> str:
    """A status in its colours (a pair: readable on any background, light or dark)."""
    return f'<span class="nr-st nr-st-{esc(status)}">{esc(text)}</span>'
