"""An answer's Markdown-ish text as safe HTML, long parts grouped, numbers written for people.

Paragraphs, headings, bullet and numbered lists (nested by indentation), pipe
tables, **bold** and ``[t1]`` citations. Every piece of text is escaped: an
answer repeats what agents returned. A list or table too long to read at a
glance shows its first items, the rest one click away (a ``<details>``);
numbers in tables get separators and are right-aligned (inline, so a host's
table rules cannot undo it), and ``8.974061e+06`` in prose reads ``8,974,061``.
"""

from __future__ import annotations

import re

from notebook_router.render.html_parts import cell, esc
from notebook_router.render.numbers import is_number_text, readable_number, readable_numbers_in

LONG_LIST = 12
"""A list with more items than this shows :data:`SHOWN_ITEMS`, the rest folded."""
SHOWN_ITEMS = 8
LONG_TABLE = 15
"""A table with more rows than this shows :data:`SHOWN_ROWS`, the rest folded."""
SHOWN_ROWS = 10

_ITEM = re.compile(r"^(?:([-*+])|(\d{1,3})[.)])\s+(.*)$")
_HEADING = re.compile(r"^(#{1,4})\s+(.*)")


def render_answer(text: str) -> str:
    """``text`` as HTML (see the module's docstring)."""
    lines = [(len(line) - len(line.lstrip()), line.strip()) for line in text.splitlines()]
    return _blocks(lines)


def _blocks(lines: list[tuple[int, str]]) -> str:
    """HTML for ``(indent, text)`` lines: one block (list, table, heading, paragraph) at a time."""
    html: list[str] = []
    i = 0
    while i < len(lines):
        text = lines[i][1]
        if not text:
            i += 1
            continue
        if _ITEM.match(text) is not None:
            i = _list(lines, i, html)
            continue
        if _is_row(text):
            rows = []
            while i < len(lines) and _is_row(lines[i][1]):
                rows.append(lines[i][1])
                i += 1
            html.append(_markdown_table(rows))
            continue
        heading = _HEADING.match(text)
        if heading:
            level = min(6, len(heading.group(1)) + 3)
            html.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        else:
            html.append(f"<p>{_inline(text)}</p>")
        i += 1
    return "".join(html)


def _list(lines: list[tuple[int, str]], start: int, html: list[str]) -> int:
    """The list starting at ``lines[start]``: its items, each with the more indented
    lines under it as its own blocks; returns the index after the list."""
    base, first = lines[start]
    match = _ITEM.match(first)
    assert match is not None
    ordered = match.group(2) is not None
    number = int(match.group(2)) if ordered else 1
    items: list[str] = []
    i = start
    # An item holds the blank or more indented lines after it; text back at the
    # list's indent that is not an item of the same kind ends the list.
    while i < len(lines):
        indent, text = lines[i]
        match = _ITEM.match(text) if indent == base else None
        if match is None or (match.group(2) is not None) != ordered:
            break
        body: list[tuple[int, str]] = []
        i += 1
        while i < len(lines) and (not lines[i][1] or lines[i][0] > base):
            body.append(lines[i])
            i += 1
        while body and not body[-1][1]:
            body.pop()
        items.append(f"<li>{_inline(match.group(3))}{_blocks(body)}</li>")
    html.append(_list_html(items, ordered, number))
    return i


def _list_html(items: list[str], ordered: bool, start: int) -> str:
    tag = "ol" if ordered else "ul"

    def opening(first: int) -> str:
        return f'<ol start="{first}">' if ordered and first != 1 else f"<{tag}>"

    if len(items) <= LONG_LIST:
        return opening(start) + "".join(items) + f"</{tag}>"
    shown, rest = items[:SHOWN_ITEMS], items[SHOWN_ITEMS:]
    more = (
        f'<li class="nr-more-item"><details class="nr-more"><summary>{len(rest)} more</summary>'
        f"{opening(start + SHOWN_ITEMS)}{''.join(rest)}</{tag}></details></li>"
    )
    return opening(start) + "".join(shown) + more + f"</{tag}>"


def _is_row(text: str) -> bool:
    return len(text) > 1 and text.startswith("|") and text.endswith("|")


def _markdown_table(lines: list[str]) -> str:
    """GitHub-style table lines (header, ``|---|`` rule, rows) as an HTML table."""
    cells = [_cells(line) for line in lines]
    if len(cells) >= 2 and all(re.fullmatch(r":?-{3,}:?", c) for c in cells[1]):
        head, body = cells[0], cells[2:]
    else:
        head, body = [], cells
    width = max((len(row) for row in [head, *body]), default=0)
    numeric = [
        any(j < len(r) and r[j] for r in body)
        and all(is_number_text(r[j]) for r in body if j < len(r) and r[j])
        for j in range(width)
    ]
    parts = []
    if head:
        parts.append(
            "<tr>"
            + "".join(cell("th", _inline(c), numeric[j], raw=True) for j, c in enumerate(head))
            + "</tr>"
        )
    rows = [
        "<tr>"
        + "".join(
            cell("td", _inline(readable_number(c) or c if numeric[j] else c), numeric[j], raw=True)
            for j, c in enumerate(row)
        )
        + "</tr>"
        for row in body
    ]
    if len(rows) <= LONG_TABLE:
        return '<table class="nr-md">' + "".join(parts + rows) + "</table>"
    shown, rest = rows[:SHOWN_ROWS], rows[SHOWN_ROWS:]
    return (
        '<table class="nr-md">' + "".join(parts + shown) + "</table>"
        f'<details class="nr-more"><summary>{len(rest)} more rows</summary>'
        '<table class="nr-md">' + "".join(parts + rest) + "</table></details>"
    )


def _cells(line: str) -> list[str]:
    # Split on pipes that are not escaped ("\|" is a pipe inside a cell).
    inner = line.strip()[1:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", inner)]


def _inline(text: str) -> str:
    text = esc(readable_numbers_in(text))
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    return re.sub(r"\[(t[\w.\-]+)\]", r'<sup title="task \1">[\1]</sup>', text)
